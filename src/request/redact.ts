/** Keeping secrets (application passwords) out of reports: requests in the form a report shows them. */
import type { HttpRequest } from './types.js';

/** What a report shows of a request: the Authorization value and every secret replaced. */
export interface RedactedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Stands in for a secret wherever it would have appeared. */
export const REDACTED = '<redacted>';

/**
 * Replaces each secret in `text`, also in the forms it takes on the wire: percent-encoded (query, path),
 * JSON-escaped (body), and without spaces (WordPress ignores the spaces of an application password).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    for (const form of secretForms(secret)) if (out.includes(form)) out = out.split(form).join(REDACTED);
  }
  return out;
}

function secretForms(secret: string): string[] {
  const forms = new Set([secret, JSON.stringify(secret).slice(1, -1)]);
  try {
    forms.add(encodeURIComponent(secret));
  } catch {
    // A secret with a lone surrogate has no percent-encoded form to look for.
  }
  if (/\s/.test(secret)) {
    const compact = secret.replace(/\s+/g, '');
    if (compact !== '') forms.add(compact);
  }
  // Longest first, so a shorter form never breaks up a longer one.
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Whether a header carries credentials; its value never leaves the process. */
export function isAuthorizationHeader(name: string): boolean {
  return name.length === 13 && name.toLowerCase() === 'authorization';
}

/** The report form of a request: the Authorization value replaced (its scheme kept), secrets replaced everywhere. */
export function redactRequest(request: HttpRequest, secrets: readonly string[]): RedactedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = isAuthorizationHeader(name) ? redactAuthorization(value) : redactSecrets(value, secrets);
  }
  const redacted: RedactedRequest = { method: request.method, url: redactSecrets(request.url, secrets), headers };
  if (request.body !== undefined) redacted.body = redactSecrets(request.body, secrets);
  return redacted;
}

function redactAuthorization(value: string): string {
  const scheme = /^[A-Za-z][\w-]*(?= )/.exec(value)?.[0];
  return scheme === undefined ? REDACTED : `${scheme} ${REDACTED}`;
}
