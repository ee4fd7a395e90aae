/**
 * Arguments a route's own callbacks refuse in valid cases. WordPress validates some arguments with a callback the
 * descriptor cannot state: a post's `template` must be one of the theme's templates, whatever string the schema
 * allows. A valid case that sends such an argument is refused for it (400 rest_invalid_param, which
 * `valid_accepted` rightly leaves alone) and never reaches the handler: of 40 post creates WordPress 6.1 refused in
 * a CI run, 33 were refused for their `template` alone.
 *
 * Once an operation's valid case has been refused so, half its later valid cases leave that argument out, when it is
 * optional and the case stays valid without it; the other half still send it, so the callback is fuzzed too. One
 * instance serves the whole run: the examples phase learns from its valid boundary cases, leaves a refused argument
 * out of the boundary and invalid cases that only carry it along, and the fuzz phase starts knowing what it learnt
 * (in a short run, `--profile ci`'s 5 cases per operation, it would otherwise learn after its few valid cases were
 * spent) and leaves it out of its invalid cases too.
 */
import type { Operation } from '../descriptor/types.js';
import { refusedByCallback } from '../checks/answer/valid-accepted.js';
import { stableHash } from '../generate/index.js';
import type { RequestCase } from '../generate/types.js';
import type { Exchange } from '../http/types.js';
import { labelStillHolds } from './labels.js';

export class CallbackRefusals {
  /** Per operation id, the optional arguments its callbacks refused in a valid case. */
  readonly #byOperation = new Map<string, Set<string>>();

  /**
   * Records the optional arguments the answer to a case says a callback refused: any a valid case (or a valid boundary
   * case) sent, and those an invalid case only carried along (not the one it breaks): its 400 named them instead.
   */
  note(op: Operation, requestCase: RequestCase, exchange: Exchange): void {
    const broken = requestCase.mutation?.param;
    if (requestCase.kind !== 'invalid' && requestCase.mutation !== undefined) return;
    for (const name of refusedByCallback(exchange.response)) {
      if (op.args[name] === undefined || op.args[name].required || name === broken) continue;
      let names = this.#byOperation.get(op.id);
      if (names === undefined) this.#byOperation.set(op.id, (names = new Set()));
      names.add(name);
    }
  }

  /** The arguments refused so far for `op`. */
  refused(op: Pick<Operation, 'id'>): string[] {
    return [...(this.#byOperation.get(op.id) ?? [])];
  }

  /**
   * A valid case without the refused arguments it sends, each left out for half the cases (by the value drawn), or
   * the case itself when it sends none, keeps them all, or would not be valid without them.
   */
  lighten(op: Operation, requestCase: RequestCase): RequestCase {
    if (requestCase.kind !== 'valid') return requestCase;
    return this.#without(op, requestCase, (name, value) => stableHash(`${op.id} ${name} ${JSON.stringify(value) ?? ''}`) % 2 === 0);
  }

  /**
   * A boundary or invalid case without the refused arguments it carries along from the valid case it was made from:
   * all of them but the one it is about (the edge a boundary case tries, the argument an invalid case breaks), so
   * what it is about reaches the route's handler instead of the callback's refusal of a value the case only
   * carries. WordPress 6.1 refused every boundary case of a post create for its `template`, and answered invalid
   * ones with a 400 naming `template` instead of the argument they broke. The refused argument's own cases still
   * send it.
   */
  withoutCarried(op: Operation, requestCase: RequestCase): RequestCase {
    const about = requestCase.kind === 'boundary' ? requestCase.subject : requestCase.kind === 'invalid' ? requestCase.mutation?.param : undefined;
    if (about === undefined) return requestCase;
    return this.#without(op, requestCase, (name) => name !== about);
  }

  /** A case as it is sent: a valid one lightened, any other without what it only carries along. */
  adapt(op: Operation, requestCase: RequestCase): RequestCase {
    return requestCase.kind === 'valid' ? this.lighten(op, requestCase) : this.withoutCarried(op, requestCase);
  }

  /** The case without the refused arguments `leaveOut` picks, when it stays what it was labelled without them. */
  #without(op: Operation, requestCase: RequestCase, leaveOut: (name: string, value: unknown) => boolean): RequestCase {
    const names = this.#byOperation.get(op.id);
    if (names === undefined) return requestCase;
    let query = requestCase.query;
    let body = requestCase.body;
    for (const name of names) {
      const where = Object.hasOwn(query, name) ? 'query' : body !== undefined && Object.hasOwn(body, name) ? 'body' : undefined;
      if (where === undefined) continue;
      const values = where === 'query' ? query : body!;
      if (!leaveOut(name, values[name])) continue;
      const { [name]: _left, ...rest } = values;
      if (where === 'query') query = rest;
      else body = rest;
    }
    if (query === requestCase.query && body === requestCase.body) return requestCase;
    const without = { ...requestCase, query, body };
    return labelStillHolds(op, without) ? without : requestCase;
  }
}
