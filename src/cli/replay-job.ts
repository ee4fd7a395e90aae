/**
 * `restconform replay REPORT FINDING_ID`: re-sends the request of one finding from a JSON report and runs the
 * same check on the new answer, so a fix can be confirmed without a whole run. Findings of whole sequences
 * (stateful, batch, contract…) are reproduced by their curl lines or by re-running their phase with the seed.
 */
import { BUILTIN_CHECKS } from '../checks/builtin/index.js';
import type { Finding } from '../checks/types.js';
import { fetchDescriptor } from '../descriptor/index.js';
import type { RequestCase } from '../generate/types.js';
import { createTransport } from '../http/index.js';
import { basicAuthorization, credentialSecrets, redactSecrets, toCurl } from '../request/index.js';
import type { Credentials, HttpRequest } from '../request/types.js';
import { UsageError } from './errors.js';
import { readJsonReport } from './read-report.js';

export interface ReplayOptions {
  reportPath: string;
  findingId: string;
  /** Send to this server instead of the report's target. */
  baseUrl?: string;
  /** Start the bundled reference server with the report's seed and replay against it. */
  reference?: boolean;
  user?: string;
  appPasswordEnv: string;
  env?: NodeJS.ProcessEnv;
  out: NodeJS.WritableStream;
}

/** The finding's URL with the report's target replaced by the new base URL. */
export function retarget(url: string, oldBase: string, newBase: string): string {
  const from = oldBase.replace(/\/+$/, '');
  const to = newBase.replace(/\/+$/, '');
  if (url.startsWith(from)) return to + url.slice(from.length);
  const parsed = new URL(url);
  const target = new URL(to);
  return `${target.origin}${parsed.pathname}${parsed.search}`;
}

/** The REST root URL a finding's request was sent under: its URL up to the route's first literal segment. */
function restUrlOf(url: string, finding: Finding): string | undefined {
  const firstSegment = finding.route.split('/').find((part) => part !== '' && !part.includes('('));
  const path = new URL(url);
  if (!firstSegment) return `${path.origin}${path.pathname.replace(/\/+$/, '')}`;
  const at = path.pathname.indexOf(`/${firstSegment}`);
  return at < 0 ? undefined : `${path.origin}${path.pathname.slice(0, at)}`;
}

function credentialsFrom(options: ReplayOptions): Credentials | undefined {
  if (!options.user) return undefined;
  const password = (options.env ?? process.env)[options.appPasswordEnv];
  if (!password) throw new UsageError(`--user ${options.user} needs the application password in ${options.appPasswordEnv}, which is empty`);
  return { user: options.user, password };
}

/** Replays one finding; resolves to the exit code (0 no longer fails, 1 still fails). */
export async function replayFinding(options: ReplayOptions): Promise<number> {
  const report = await readJsonReport(options.reportPath);
  const finding = report.findings.find((candidate) => candidate.id === options.findingId);
  if (!finding) {
    throw new UsageError(`no finding ${options.findingId} in ${options.reportPath} (it has ${report.findings.map((f) => f.id).join(', ') || 'none'})`);
  }
  const check = BUILTIN_CHECKS.find((candidate) => candidate.name === finding.check);
  const requestCase = finding.replay.case as RequestCase | undefined;
  if (!check || !requestCase || finding.curl.length > 1) {
    throw new UsageError(
      `${finding.id} (${finding.check}) comes from the ${finding.replay.phase} phase and is not a single request; ` +
        `reproduce it with its curl lines or: restconform run --seed ${finding.replay.seed} --phases ${finding.replay.phase}`,
    );
  }

  const server = options.reference ? await (await import('../server/index.js')).startReferenceServer({ port: 0, seed: report.seed }) : undefined;
  const transport = createTransport({ connections: 2 });
  try {
    const base = server?.url ?? options.baseUrl ?? report.target;
    const credentials = credentialsFrom(options) ?? server?.credentials.admin;
    const secrets = credentials ? credentialSecrets(credentials) : [];
    const url = retarget(finding.request.url, report.target, base);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(finding.request.headers)) {
      if (name.toLowerCase() !== 'authorization') headers[name] = value;
    }
    if (credentials) headers.authorization = basicAuthorization(credentials);
    const request: HttpRequest = { method: finding.method as HttpRequest['method'], url, headers, body: finding.request.body };

    const restUrl = restUrlOf(url, finding);
    const descriptor = restUrl ? await fetchDescriptor({ baseUrl: restUrl, restRoot: '', locale: null, credentials, transport }) : undefined;
    const operation = descriptor?.operations.find((op) => op.route === finding.route && op.method === finding.method);
    const routeMethods = descriptor?.root.routes[finding.route]?.methods ?? [];
    const probeOperation = operation ?? descriptor?.operations.find((op) => op.route === finding.route);
    if (!probeOperation) throw new UsageError(`${base} no longer serves the route ${finding.route}`);

    const exchange = await transport.send(request);
    const failures = check.run({ operation: { ...probeOperation, method: request.method }, requestCase, secrets, routeMethods }, exchange);
    const out = options.out;
    out.write(`${toCurl(request, secrets)}\n`);
    out.write(`answered ${exchange.response?.status ?? exchange.error?.code ?? 'nothing'}\n`);
    if (failures.length) {
      for (const failure of failures) out.write(`${finding.id} still fails ${finding.check}: ${redactSecrets(failure.message, secrets)}\n`);
      return 1;
    }
    out.write(`${finding.id} no longer fails ${finding.check}\n`);
    return 0;
  } finally {
    await transport.close();
    await server?.close();
  }
}
