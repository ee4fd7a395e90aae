/**
 * `restconform replay` for a finding whose evidence was gathered from several requests sent as different identities
 * (`list_exposure`, `total_exposure`, `query_oracle`, `parent_exposure`, `embed_exposure`, `readonly_field_write`, and
 * any check with `judgeAgain`: see `checks/regather.ts`). The items its set-up made are made again as the
 * administrator (each new id put where the old one stood), every labelled request is re-sent as the one it was sent
 * as (the identity judged, by its recorded login; or the administrator), the check rebuilds its evidence from the new
 * answers and judges it again, and what the replay made is deleted. When the new answers cannot show the rule either
 * way (`CannotJudgeAgain`), replay says why and exits as for any replay that cannot judge.
 */
import { CHECKS } from '../../checks/index.js';
import { CannotJudgeAgain, type GatheredReplay } from '../../checks/regather.js';
import type { CheckFailure, EvidenceCheck, Finding } from '../../checks/types.js';
import type { Exchange, Transport } from '../../http/types.js';
import { basicAuthorization, credentialSecrets, toCurl, type CurlOptions } from '../../request/index.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { StoreAccounts } from '@restconform/server';
import { UsageError } from '../errors.js';
import { openTarget, type OpenTargetOptions } from '../target.js';
import { writeVerdict } from './replay-verdict.js';

/** The check a gathered finding is judged again with: one with `judgeAgain`. */
function checkOf(finding: Finding): EvidenceCheck<never> | undefined {
  return CHECKS.find((check): check is EvidenceCheck<never> => check.name === finding.check && 'judgeAgain' in check && check.judgeAgain !== undefined);
}

/** True for a finding replay judges again from its gathered requests. */
export function isGatheredFinding(finding: Finding): finding is Finding & { replay: { gathered: GatheredReplay } } {
  return finding.replay.gathered !== undefined && checkOf(finding) !== undefined;
}

export interface GatheredReplayInput {
  finding: Finding & { replay: { gathered: GatheredReplay } };
  /** The report's target. */
  target: string;
  /** The server replayed against (see `targetOf`). */
  open: OpenTargetOptions;
  options: { out: NodeJS.WritableStream; env?: NodeJS.ProcessEnv };
  retarget(url: string, oldBase: string, newBase: string): string;
  /** The administrator's credentials: on the bundled server (its accounts given) the seeded one, else from the environment. */
  administrator(accounts: StoreAccounts | undefined): Credentials | undefined;
}

/** The identity's credentials: none for anonymous callers; on the bundled server its seeded account; else its login and the password in its variable. */
function identityCredentials(finding: GatheredReplayInput['finding'], accounts: StoreAccounts | undefined, env: NodeJS.ProcessEnv): Credentials | undefined {
  const { identity } = finding.replay.gathered;
  if (identity.login === undefined) return undefined;
  if (accounts !== undefined) {
    const seeded = Object.values(accounts).find((account) => account?.user === identity.login);
    if (seeded !== undefined) return seeded;
  }
  const password = identity.passwordEnv === undefined ? undefined : env[identity.passwordEnv];
  if (!password)
    throw new UsageError(
      `${finding.id} was judged as ${identity.name} (${identity.role}); replaying it as anyone else would test something else. Give its application password in ${identity.passwordEnv ?? 'its password variable'}`,
    );
  return { user: identity.login, password };
}

/** A recorded URL moved to `base`, each id the set-up made anew put in the old one's place (a path segment or a query value). */
function renewedUrl(url: string, input: GatheredReplayInput, base: string, ids: ReadonlyMap<string, string>): string {
  const parsed = new URL(input.retarget(url, input.target, base));
  parsed.pathname = parsed.pathname
    .split('/')
    .map((segment) => ids.get(segment) ?? segment)
    .join('/');
  for (const [name, value] of [...parsed.searchParams]) if (ids.has(value)) parsed.searchParams.set(name, ids.get(value)!);
  return parsed.toString();
}

function answered(exchange: Exchange): string {
  const status = exchange.response?.status;
  if (status === undefined) return `no response (${exchange.error?.code ?? 'unknown error'})`;
  const json = exchange.response?.json;
  const code = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? `${status} ${code}` : String(status);
}

/** The id a create's answer names (`id`, or a one-element array's), as text. */
function createdId(exchange: Exchange): string | undefined {
  const status = exchange.response?.status;
  if (status === undefined || status < 200 || status >= 300) return undefined;
  const json = exchange.response?.json;
  const item = Array.isArray(json) && json.length === 1 ? (json[0] as unknown) : json;
  const id = typeof item === 'object' && item !== null ? (item as Record<string, unknown>).id : undefined;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : undefined;
}

/** Deletes what the replay made, last made first; returns what it could not delete. */
async function deleteMade(
  transport: Transport,
  made: ReadonlyArray<{ url: string; deleteArgs: Record<string, unknown> }>,
  auth: Record<string, string>,
): Promise<string[]> {
  const left: string[] = [];
  for (const { url, deleteArgs } of [...made].reverse()) {
    const exchange = await transport.send({
      method: 'DELETE',
      url,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(deleteArgs),
    });
    const status = exchange.response?.status;
    if (status === undefined || (status >= 300 && status !== 404 && status !== 410)) left.push(`DELETE ${url}: ${answered(exchange)}`);
  }
  return left;
}

/** Judges a gathered finding again; resolves to the exit code (0: the rule held, 1: it broke again). */
export async function replayGathered(input: GatheredReplayInput): Promise<number> {
  const { finding, options } = input;
  const recorded = finding.replay.gathered;
  const check = checkOf(finding)!;
  const out = options.out;
  let identity: Credentials | undefined;
  const target = await openTarget({
    ...input.open,
    accounts: (bundled) => {
      identity = identityCredentials(finding, bundled, options.env ?? process.env);
      const administrator = input.administrator(bundled);
      if (administrator === undefined)
        throw new UsageError(`${finding.id} compares ${recorded.identity.name}'s answers with the administrator's; give the administrator's credentials`);
      return { credentials: administrator };
    },
  });
  try {
    const { transport, baseUrl: base } = target;
    const administrator = target.credentials!;
    const secrets = [administrator, ...(identity === undefined ? [] : [identity])].flatMap(credentialSecrets);
    const authOf = (as: 'identity' | 'administrator'): Record<string, string> => {
      const credentials = as === 'administrator' ? administrator : identity;
      return credentials === undefined ? {} : { authorization: basicAuthorization(credentials) };
    };
    // The identity's requests name its own login and password variable, so a curl line is sent as the one it was.
    const { login, passwordEnv } = recorded.identity;
    const curlOptionsOf = (as: 'identity' | 'administrator'): CurlOptions =>
      as === 'identity' && login !== undefined ? { userLogin: login, ...(passwordEnv === undefined ? {} : { passwordVariable: passwordEnv }) } : {};
    const ids = new Map<string, string>();
    const made: Array<{ url: string; deleteArgs: Record<string, unknown> }> = [];
    const answers = new Map<string, Exchange>();
    out.write(`judging ${finding.id} (${finding.check}) again as ${recorded.identity.name} (${recorded.identity.role}) beside the administrator:\n`);
    try {
      for (const step of recorded.steps) {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(step.request.headers)) {
          const lower = name.toLowerCase();
          if (lower !== 'authorization' && lower !== 'content-length') headers[name] = value;
        }
        const request: HttpRequest = {
          method: step.request.method as HttpRequest['method'],
          url: renewedUrl(step.request.url, input, base, ids),
          headers: { ...headers, ...authOf(step.as) },
          ...(step.request.body === undefined ? {} : { body: step.request.body }),
        };
        const exchange = await transport.send(request);
        out.write(`${step.label}: ${toCurl(request, secrets, curlOptionsOf(step.as))}\n  answered ${answered(exchange)}\n`);
        if (exchange.error?.code === 'connection_refused' || exchange.error?.code === 'name_not_resolved')
          throw new UsageError(`cannot reach ${base}: ${exchange.error.code} (${exchange.error.message})`);
        if (step.part === 'set-up' && step.made !== undefined) {
          const id = createdId(exchange);
          if (id === undefined) throw new UsageError(`${finding.id}: the item its evidence needs could not be made again (${answered(exchange)})`);
          ids.set(step.made.id, id);
          made.push({ url: `${request.url.replace(/[?#].*$/, '').replace(/\/+$/, '')}/${encodeURIComponent(id)}`, deleteArgs: step.made.deleteArgs });
        } else answers.set(step.label, exchange);
      }
    } finally {
      for (const line of await deleteMade(transport, made, authOf('administrator'))) out.write(`left behind: ${line}\n`);
    }
    const recordedIds = new Map([...ids].map(([old, renewed]) => [renewed, old]));
    let failures: CheckFailure[];
    try {
      failures = check.judgeAgain!(recorded.evidence as never, answers, (id) => recordedIds.get(id) ?? id);
    } catch (error) {
      if (error instanceof CannotJudgeAgain) throw new UsageError(`${finding.id} cannot be judged again: ${error.message}`);
      throw error;
    }
    return writeVerdict(out, finding, failures, secrets);
  } finally {
    await target.close();
  }
}
