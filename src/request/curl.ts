/** A request → a curl command a person can paste into a shell to reproduce it, credentials left to the environment. */
import { isAuthorizationHeader, redactSecrets } from './redact.js';
import type { HttpRequest } from './types.js';

/** Names of the environment variables the curl line reads credentials from. */
export interface CurlOptions {
  /** The environment variable holding the user login (default `RESTCONFORM_USER`). */
  userVariable?: string;
  /** The environment variable holding the application password (default `RESTCONFORM_APP_PASSWORD`). */
  passwordVariable?: string;
  /** The login itself instead of a variable (a further account of the run; a login is no secret). */
  userLogin?: string;
}

/**
 * One curl line for the request. HTTP Basic credentials become `-u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD"`
 * (the shell fills them in); any other Authorization value and every secret elsewhere become `<redacted>`.
 * Arguments are single-quoted for POSIX shells; `-g` keeps curl from globbing the `[]` of PHP-style queries.
 * A body with a line break or another control character (an upload's text, a multipart body) would break the
 * line, so it is written by `printf` and piped in (`printf '…' | curl … --data-binary @-`): one line, the same bytes.
 */
export function toCurl(request: HttpRequest, secrets: readonly string[], options: CurlOptions = {}): string {
  const url = redactSecrets(request.url, secrets);
  const args = ['curl', '-sS'];
  if (/[[\]{}]/.test(url)) args.push('-g');
  if (request.method === 'HEAD') args.push('-I');
  else if (request.method !== 'GET') args.push('-X', request.method);
  args.push(shellQuote(url));
  for (const [name, value] of Object.entries(request.headers)) {
    if (isAuthorizationHeader(name)) {
      if (/^basic /i.test(value)) {
        const user = options.userLogin !== undefined ? options.userLogin.replace(/["$`\\]/g, '\\$&') : `$${options.userVariable ?? 'RESTCONFORM_USER'}`;
        const password = options.passwordVariable ?? 'RESTCONFORM_APP_PASSWORD';
        args.push('-u', `"${user}:$${password}"`);
      } else {
        args.push('-H', shellQuote(`${name}: <redacted>`));
      }
      continue;
    }
    args.push('-H', shellQuote(`${name}: ${redactSecrets(value, secrets)}`));
  }
  if (request.body === undefined) return args.join(' ');
  const body = redactSecrets(request.body, secrets);
  if (!CONTROL_CHARACTER.test(body)) return [...args, '--data-raw', shellQuote(body)].join(' ');
  return `printf ${shellQuote(printfFormat(body))} | ${[...args, '--data-binary', '@-'].join(' ')}`;
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

const PRINTF_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '%': '%%', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` as a printf format that prints it: `\` and `%` doubled, control characters as escapes (POSIX printf). */
function printfFormat(text: string): string {
  return text.replace(/[\\%\u0000-\u001f\u007f]/g, (c) => PRINTF_ESCAPES[c] ?? `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
}

/** Single quotes keep everything literal in a POSIX shell; a quote inside is closed, escaped and reopened. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
