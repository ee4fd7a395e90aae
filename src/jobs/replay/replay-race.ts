/**
 * `restconform replay` for a finding of a race (concurrent_create, concurrent_update, concurrent_delete,
 * concurrent_relation): re-runs the race as the concurrency phase ran it. Its set-up is sent again one request at a
 * time (a resource it made is made anew, and its new id is put where the old one stood), its racing requests are
 * sent together (the transport's `together`: connections opened first, every request written in one turn), its
 * reads after; then the check judges the new answers and reads. What the replay made is deleted afterwards.
 * A race is won by chance: when the rule held this time, replay says so, and that once is no proof of a fix.
 */
import { concurrentCreate } from '../../checks/concurrency/concurrent-create.js';
import { concurrentDelete } from '../../checks/concurrency/concurrent-delete.js';
import { concurrentRelation } from '../../checks/concurrency/concurrent-relation.js';
import { concurrentUpdate } from '../../checks/concurrency/concurrent-update.js';
import { holderIds, sharedTexts } from '../../checks/concurrency/holders.js';
import type { CreateRace, DeleteRace, RaceAnswer, RaceReplay, RaceStep, RelationRace, UpdateRace, UpdateWrite } from '../../checks/concurrency/evidence.js';
import { answerOf, idText, isSuccess } from '../../checks/stateful/step-answer.js';
import type { CheckFailure, Finding } from '../../checks/types.js';
import type { Exchange, Transport } from '../../http/types.js';
import { basicAuthorization, credentialSecrets, redactSecrets, toCurl } from '../../request/index.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { StoreAccounts } from '@restconform/server';
import { UsageError } from '../errors.js';
import { openTarget, type OpenTargetOptions } from '../target.js';

/** The checks whose findings are races, by name. */
export const RACE_CHECKS = new Set([concurrentCreate.name, concurrentUpdate.name, concurrentDelete.name, concurrentRelation.name]);

/** True for a finding replay re-runs as a race: one of a race check, with its race recorded. */
export function isRaceFinding(finding: Finding): finding is Finding & { replay: { race: RaceReplay } } {
  return RACE_CHECKS.has(finding.check) && finding.replay.race !== undefined;
}

export interface RaceReplayInput {
  finding: Finding & { replay: { race: RaceReplay } };
  /** The report's target. */
  target: string;
  /** The server replayed against (see `targetOf`). */
  open: OpenTargetOptions;
  options: { out: NodeJS.WritableStream };
  /** A recorded URL moved from the report's target to the server replayed against (replay-job's `retarget`). */
  retarget(url: string, oldBase: string, newBase: string): string;
  /** The credentials to send with: on the bundled server (its accounts given) a seeded account, else from the environment. */
  credentials(accounts: StoreAccounts | undefined): Credentials | undefined;
}

/** Body members whose value may be an id the set-up made (a parent, a group, a user). */
const ID_MEMBER = /(^|_)(id|parent|post|group|user|author|field)s?$/i;

/** `value` with an old id replaced by its new one: a string or a number, kept as the type it was. */
function renewed(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renewed(item, ids));
  if ((typeof value !== 'string' && typeof value !== 'number') || !ids.has(String(value))) return value;
  const id = ids.get(String(value))!;
  return typeof value === 'number' && /^\d+$/.test(id) ? Number(id) : id;
}

/** A recorded request sent to `base` again: the ids the set-up made anew in its place, its credentials re-made. */
function rebuild(step: RaceStep, input: RaceReplayInput, base: string, ids: ReadonlyMap<string, string>, credentials: Credentials | undefined): HttpRequest {
  const url = new URL(input.retarget(step.request.url, input.target, base));
  url.pathname = url.pathname
    .split('/')
    .map((segment) => (ids.has(segment) ? ids.get(segment)! : segment))
    .join('/');
  for (const [name, value] of [...url.searchParams]) if (ids.has(value)) url.searchParams.set(name, ids.get(value)!);
  let body = step.request.body;
  if (body !== undefined && ids.size > 0) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        body = JSON.stringify(Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, ID_MEMBER.test(name) ? renewed(value, ids) : value])));
    } catch {
      // Not JSON: sent as recorded.
    }
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(step.request.headers)) {
    const lower = name.toLowerCase();
    if (lower !== 'authorization' && lower !== 'content-length') headers[name] = value;
  }
  if (credentials) headers.authorization = basicAuthorization(credentials);
  return { method: step.request.method as HttpRequest['method'], url: url.toString(), headers, ...(body === undefined ? {} : { body }) };
}

function createdId(exchange: Exchange, idField: string): string | undefined {
  const answer = answerOf(exchange);
  if (exchange.request.method !== 'POST' || !isSuccess(answer)) return undefined;
  return idText(answer.field(idField)) ?? idText(answer.field('id'));
}

function raceAnswer(exchange: Exchange, idField: string): RaceAnswer {
  const answer = answerOf(exchange);
  const id = idText(answer.field(idField));
  return {
    status: answer.status,
    code: answer.code,
    ...(exchange.error === undefined ? {} : { error: exchange.error.code }),
    ...(id === undefined ? {} : { id }),
  };
}

/** The ids of the list items the reads found holding one of the shared values (as the create race counts them). */
function holdersIn(reads: readonly Exchange[], shared: Record<string, unknown>, idField: string): string[] {
  return holderIds(
    reads.map((read) => read.response?.json),
    sharedTexts(shared),
    idField,
  );
}

/** The check's verdict on the replayed race, and a line on what was not judged again. */
function judgeAgain(
  finding: Finding,
  race: RaceReplay,
  exchanges: { race: Exchange[]; reads: Exchange[] },
  id: string | undefined,
): { failures: CheckFailure[]; unjudged?: string } {
  const idField = race.idField ?? 'id';
  const answers = exchanges.race.map((exchange) => raceAnswer(exchange, idField));
  const stored = race.evidence;
  switch (finding.check) {
    case concurrentCreate.name: {
      const evidence = stored as unknown as Omit<CreateRace, 'answers'>;
      const holders = evidence.holders === undefined ? undefined : holdersIn(exchanges.reads, evidence.shared, idField);
      return { failures: concurrentCreate.judge({ ...evidence, answers, holders }) };
    }
    case concurrentUpdate.name: {
      const evidence = stored as unknown as Omit<UpdateRace, 'answers'>;
      const writes: UpdateWrite[] = evidence.writes;
      const read = exchanges.reads.at(-1)?.response?.json;
      return { failures: concurrentUpdate.judge({ ...evidence, id: id ?? evidence.id, writes, answers, read }) };
    }
    case concurrentDelete.name: {
      const evidence = stored as unknown as Omit<DeleteRace, 'answers'>;
      const [after, list] = exchanges.reads;
      const target = id ?? evidence.id;
      const listed =
        list === undefined || !Array.isArray(list.response?.json)
          ? undefined
          : (list.response.json as unknown[]).some(
              (item) => typeof item === 'object' && item !== null && idText((item as Record<string, unknown>)[idField]) === target,
            );
      const read: RaceAnswer = after === undefined ? { status: undefined, code: undefined, error: 'not read' } : raceAnswer(after, idField);
      return { failures: concurrentDelete.judge({ ...evidence, id: target, answers, after: read, listed }) };
    }
    default: {
      // What a relation leaves is counted by the phase in its own way for each relation: here only its answers are judged.
      const evidence = stored as unknown as Omit<RelationRace, 'answers'>;
      const made = answers.some((answer) => answer.status !== undefined && answer.status >= 200 && answer.status < 300);
      return {
        failures: concurrentRelation.judge({ ...evidence, answers, left: made ? 1 : 0 }),
        unjudged: `what the writes left (${evidence.counted}) is not counted again: see the reads above`,
      };
    }
  }
}

function answered(exchange: Exchange): string {
  const answer = answerOf(exchange);
  if (answer.status === undefined) return `no response (${exchange.error?.code ?? 'unknown error'})`;
  return answer.code === undefined ? String(answer.status) : `${answer.status} ${answer.code}`;
}

/** No connection was made at all: the server is not there (or its name does not resolve). */
function unreached(exchange: Exchange): boolean {
  return exchange.error?.code === 'connection_refused' || exchange.error?.code === 'name_not_resolved';
}

/** A server the replay cannot reach judges nothing: that is a usage error (exit 2), not a race lost again. */
function assertReached(exchanges: readonly Exchange[], base: string): void {
  const first = exchanges[0];
  if (first?.error !== undefined && exchanges.every(unreached)) throw new UsageError(`cannot reach ${base}: ${first.error.code} (${first.error.message})`);
}

/** Deletes what the replay made: the set-up's resources and the resources the race made, last made first. */
async function cleanUp(
  transport: Transport,
  made: ReadonlyArray<{ collection: string; id: string }>,
  race: RaceReplay,
  headers: Record<string, string>,
): Promise<string[]> {
  const left: string[] = [];
  const body = JSON.stringify(race.deleteArgs ?? { force: true });
  for (const { collection, id } of [...made].reverse()) {
    const url = `${collection.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
    const exchange = await transport.send({ method: 'DELETE', url, headers: { ...headers, 'content-type': 'application/json' }, body });
    const status = exchange.response?.status;
    if (status === undefined || (status >= 300 && status !== 404 && status !== 410)) left.push(`DELETE ${url}: ${answered(exchange)}`);
  }
  return left;
}

/** Re-runs a race finding's race; resolves to the exit code (0: the rule held this time, 1: it broke again). */
export async function replayRace(input: RaceReplayInput): Promise<number> {
  const { finding, options } = input;
  const race = finding.replay.race;
  const out = options.out;
  const target = await openTarget({ ...input.open, accounts: (bundled) => ({ credentials: input.credentials(bundled) }) });
  try {
    const { transport, credentials, baseUrl: base } = target;
    const secrets = credentials ? credentialSecrets(credentials) : [];
    const auth: Record<string, string> = credentials ? { authorization: basicAuthorization(credentials) } : {};
    const ids = new Map<string, string>();
    const made: Array<{ collection: string; id: string }> = [];
    const idField = race.idField ?? 'id';
    const show = (request: HttpRequest, exchange: Exchange, prefix = ''): void => {
      out.write(`${prefix}${toCurl(request, secrets)}\n${prefix}answered ${answered(exchange)}\n`);
    };

    const setUp = race.steps.filter((step) => step.role === 'set-up');
    if (setUp.length > 0) out.write(`set-up, ${setUp.length} request${setUp.length === 1 ? '' : 's'} one at a time:\n`);
    for (const step of setUp) {
      const request = rebuild(step, input, base, ids, credentials);
      const exchange = await transport.send(request);
      show(request, exchange);
      assertReached([exchange], base);
      const id = createdId(exchange, idField);
      if (id !== undefined) made.push({ collection: request.url.replace(/\?.*$/, ''), id });
      if (step.id !== undefined && id !== undefined) ids.set(step.id, id);
    }

    const racing = race.steps.filter((step) => step.role === 'race').map((step) => rebuild(step, input, base, ids, credentials));
    out.write(`race of ${racing.length} requests sent together:\n`);
    const raced = await transport.together(racing);
    raced.forEach((exchange, index) => show(racing[index]!, exchange, '  '));
    assertReached(raced, base);
    for (const exchange of raced) {
      const id = createdId(exchange, idField);
      if (id !== undefined) made.push({ collection: exchange.request.url.replace(/\?.*$/, ''), id });
    }

    const reads: Exchange[] = [];
    const after = race.steps.filter((step) => step.role === 'read');
    if (after.length > 0) out.write(`read after, ${after.length} request${after.length === 1 ? '' : 's'}:\n`);
    for (const step of after) {
      const request = rebuild(step, input, base, ids, credentials);
      const exchange = await transport.send(request);
      show(request, exchange);
      reads.push(exchange);
    }

    // The resource raced on (an update's or a delete's) is the last the set-up made.
    const racedOn = made.length > 0 && setUp.length > 0 ? [...ids.values()].at(-1) : undefined;
    const verdict = judgeAgain(finding, race, { race: raced, reads }, racedOn);
    // A create race's duplicates that no answer named are found by the reads: deleted too.
    if (finding.check === concurrentCreate.name) {
      const collection = racing[0]?.url.replace(/\?.*$/, '');
      const shared = (race.evidence as { shared?: Record<string, unknown> }).shared ?? {};
      for (const id of holdersIn(reads, shared, idField)) if (collection && !made.some((one) => one.id === id)) made.push({ collection, id });
    }
    const left = await cleanUp(transport, made, race, auth);
    for (const line of left) out.write(`left behind: ${line}\n`);
    if (verdict.unjudged) out.write(`not judged again: ${verdict.unjudged}\n`);
    if (verdict.failures.length > 0) {
      for (const failure of verdict.failures) out.write(`${finding.id} still fails ${finding.check}: ${redactSecrets(failure.message, secrets)}\n`);
      return 1;
    }
    out.write(
      `${finding.id}: the rule of ${finding.check} held this time. A race is won by chance: one race that held does not show it fixed; replay it several times.\n`,
    );
    return 0;
  } finally {
    await target.close();
  }
}
