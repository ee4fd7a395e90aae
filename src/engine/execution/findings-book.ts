/**
 * The findings book: every rule the run saw broken, de-duplicated (a rule broken a hundred times is one finding
 * with a count), each with its fingerprint, its baseline verdict, a redacted request and response, curl lines and
 * a replay record.
 */
import { createHash } from 'node:crypto';
import type { RaceReplay, RaceStep } from '../../checks/concurrency/evidence.js';
import type { SequenceReplay } from '../../checks/sequences/evidence.js';
import type { GatheredMarks, GatheredReplay } from '../../checks/regather.js';
import type { CheckSelection } from '../../checks/registry.js';
import type { Finding, Severity } from '../../checks/types.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';
import { redactRequest, redactSecrets, toCurl, type CurlOptions } from '../../request/index.js';
import type { HttpRequest } from '../../request/types.js';
import { knownEntry, type Baseline } from '../baseline.js';
import type { OperationRef, RunEvent, RunSummary } from '../events.js';
import { tallyFindings } from '../finding-tally.js';
import { readingNote, wordpressOwnEntry, wordpressOwnNote } from '../wordpress-own.js';
import { PostTypeRoutes } from '../post-type-routes.js';

/** What a phase reports that is not tied to one request (contract drift, locale differences, sequences). */
export interface FindingInput {
  check: string;
  severity: Severity;
  operation: Pick<OperationRef, 'locale' | 'method' | 'route'> & { id?: string };
  message: string;
  cause?: string;
  /** The request argument it is about, when it is about one. */
  argument?: string;
  phase: string;
  /** The exchanges that reproduce it, in order (empty for a descriptor comparison). */
  exchanges: Exchange[];
  requestCase?: RequestCase;
  /** For a race: which of `exchanges` were sent together, and what a replay needs to judge it again. */
  race?: RaceMarks;
  /** For a model-based sequence: the commands `replay` runs again. */
  sequence?: SequenceReplay;
  /** For evidence gathered as several identities: its labelled requests and the evidence, which `replay` judges again. */
  gathered?: GatheredMarks & { evidence: unknown };
}

/** Where a race is in a finding's exchanges (those before are its set-up, those after its reads) and its replay's needs. */
export interface RaceMarks extends Omit<RaceReplay, 'steps'> {
  first: number;
  count: number;
}

/** What an exchange was answered, as a race's tally names it: `201`, `400 existing_user_email`, `no response (CODE)`. */
function answered(exchange: Exchange): string {
  if (exchange.response === undefined) return `no response (${exchange.error?.code ?? 'unknown error'})`;
  const json = exchange.response.json;
  const code = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? `${exchange.response.status} ${code}` : String(exchange.response.status);
}

/** The id a create's 2xx answer names (`idField`, else `id`), as text. */
function createdId(exchange: Exchange, idField = 'id'): string | undefined {
  const status = exchange.response?.status;
  if (exchange.request.method !== 'POST' || status === undefined || status < 200 || status >= 300) return undefined;
  try {
    const body = JSON.parse(exchange.response!.bodyText) as Record<string, unknown> | null;
    const id = body?.[idField] ?? body?.id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}

export interface FindingsBookOptions {
  seed: number;
  /** Strings that must never appear in a finding (the application passwords); none empty. */
  secrets: readonly string[];
  /** Told each new finding (not a repeat). */
  emit(event: RunEvent): void;
  /** Response bodies in findings are cut to this many characters. */
  findingBodyChars?: number;
  /** The checks whose findings are kept, with the severity each carries; undefined: all, at the severity reported. */
  selection?: CheckSelection;
  /** Known findings: a finding it lists is kept as known and does not fail the run. */
  baseline?: Baseline;
  /** Whether the run tests an operation (`--include`, `--exclude`): findings about others are dropped; undefined: all. */
  chosen?: (operation: FindingInput['operation']) => boolean;
  /** WordPress's own behaviour (the shipped WordPress baseline): a finding on a WordPress route it lists says so. */
  wordpressOwn?: Baseline;
  /** How a request's curl line names its account (a further account names its login and password variable). */
  curlOptions?(request: HttpRequest): CurlOptions;
}

const DEFAULT_FINDING_BODY_CHARS = 2000;

/** The de-duplication key of a finding as 16 hex digits (see `Finding.fingerprint`). */
export function findingFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** What makes two findings one: the check, the operation, the argument and the cause (else the message). */
export function findingKey(check: string, operationId: string, argument: string | undefined, cause: string): string {
  return [check, operationId, argument ?? '', cause].join('\u0000');
}

export class FindingsBook {
  readonly #options: FindingsBookOptions;
  readonly #findings = new Map<string, Finding>();
  #postTypes = new PostTypeRoutes();

  constructor(options: FindingsBookOptions) {
    this.#options = options;
  }

  /** The routes of plugins' post types WordPress's posts controller serves: read as its core routes (`post-type-routes.ts`). */
  usePostTypeRoutes(routes: PostTypeRoutes): void {
    this.#postTypes = routes;
  }

  /**
   * The baseline entry a finding is known by: the run's baseline's own, or, where the run's baseline is the shipped
   * WordPress one, the entry of the core route a plugin's post type's route is read as.
   */
  #knownBy(finding: { check: string; locale: string | null; method: string; route: string }): { reason: string } | undefined {
    const { baseline, wordpressOwn } = this.#options;
    const known = knownEntry(baseline, finding);
    if (known !== undefined || baseline === undefined || baseline.source !== wordpressOwn?.source) return known;
    const match = wordpressOwnEntry(baseline, finding, this.#postTypes);
    return match?.readAs === undefined ? undefined : { reason: `${match.entry.reason}${readingNote(match)}` };
  }

  /**
   * Records a finding, or counts it again when the same check, operation, argument and cause was seen before:
   * a rule broken a hundred times is one finding with a count and its first request as the example.
   */
  report(input: FindingInput): void {
    const options = this.#options;
    if (options.selection && !options.selection.includes(input.check)) return;
    if (options.chosen && !options.chosen(input.operation)) return;
    const severity = options.selection?.severityOf(input.check, input.severity) ?? input.severity;
    const { locale, method, route } = input.operation;
    const known = this.#knownBy({ check: input.check, locale, method, route });
    const wordpress = known === undefined ? wordpressOwnEntry(options.wordpressOwn, { check: input.check, locale, method, route }, this.#postTypes) : undefined;
    const operationId = input.operation.id ?? `${locale ?? '-'} ${method} ${route}`;
    const key = findingKey(input.check, operationId, input.argument, input.cause ?? input.message);
    const seen = this.#findings.get(key);
    if (seen) {
      seen.count += 1;
      return;
    }
    const last = input.exchanges.at(-1);
    const finding: Finding = {
      id: `F${this.#findings.size + 1}`,
      check: input.check,
      severity,
      locale,
      method,
      route,
      message: this.redact(wordpress === undefined ? input.message : `${input.message}${wordpressOwnNote(options.wordpressOwn!, wordpress)}`),
      ...(input.argument === undefined ? {} : { argument: input.argument }),
      ...(input.cause === undefined || input.cause === input.message ? {} : { cause: this.redact(input.cause) }),
      request: last ? redactRequest(last.request, options.secrets) : { method, url: '', headers: {} },
      response: last?.response && {
        status: last.response.status,
        // A server may echo credentials in a header (a debug header, a cookie) as well as in its body.
        headers: Object.fromEntries(Object.entries(last.response.headers).map(([name, value]) => [name, this.redact(value)])),
        body: this.redact(last.response.bodyText.slice(0, options.findingBodyChars ?? DEFAULT_FINDING_BODY_CHARS)),
      },
      curl: input.exchanges.map((exchange) => toCurl(exchange.request, options.secrets, options.curlOptions?.(exchange.request) ?? {})),
      replay: {
        seed: options.seed,
        operationId,
        phase: input.phase,
        case: input.requestCase,
        ...(input.race === undefined ? {} : { race: this.#raceReplay(input.race, input.exchanges) }),
        ...(input.sequence === undefined ? {} : { sequence: JSON.parse(this.redact(JSON.stringify(input.sequence))) as SequenceReplay }),
        ...(input.gathered === undefined ? {} : { gathered: this.#gatheredReplay(input.gathered) }),
      },
      count: 1,
      fingerprint: findingFingerprint(key),
      ...(known ? { known: known.reason } : {}),
    };
    this.#findings.set(key, finding);
    options.emit({ type: 'finding', finding });
  }

  /** A race's replay record: each request redacted with its part, the ids its set-up made, the evidence redacted. */
  #raceReplay({ first, count, ...needs }: RaceMarks, exchanges: readonly Exchange[]): RaceReplay {
    const steps = exchanges.map((exchange, index): RaceStep => {
      const role = index < first ? 'set-up' : index < first + count ? 'race' : 'read';
      const id = role === 'set-up' ? createdId(exchange, needs.idField) : undefined;
      const request = redactRequest(exchange.request, this.#options.secrets);
      return { role, request, ...(id === undefined ? {} : { id }), answered: this.redact(answered(exchange)) };
    });
    return { steps, ...(JSON.parse(this.redact(JSON.stringify(needs))) as Omit<RaceReplay, 'steps'>) };
  }

  /** Gathered evidence's replay record: each request redacted with its label, the evidence redacted. */
  #gatheredReplay({ identity, exchanges, evidence }: GatheredMarks & { evidence: unknown }): GatheredReplay {
    const steps = exchanges.map(({ exchange, ...step }) => ({ ...step, request: redactRequest(exchange.request, this.#options.secrets) }));
    const redacted = JSON.parse(this.redact(JSON.stringify({ identity, steps, evidence }))) as GatheredReplay;
    return redacted;
  }

  /** `text` with every secret replaced, in each form it takes on the wire (percent-encoded, JSON-escaped…). */
  redact(text: string): string {
    return redactSecrets(text, this.#options.secrets);
  }

  /** Every finding, in the order first seen. */
  findings(): Finding[] {
    return [...this.#findings.values()];
  }

  /** Failures, warnings and known findings, in all and per check. */
  tally(): Pick<RunSummary, 'failures' | 'warnings' | 'known' | 'byCheck'> {
    return tallyFindings(this.#findings.values());
  }
}
