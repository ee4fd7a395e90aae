/**
 * Arguments a route's own callbacks refuse in valid cases. WordPress validates some arguments with a callback the
 * descriptor cannot state: a post's `template` must be one of the theme's templates, whatever string the schema
 * allows. A valid case that sends such an argument is refused for it (400 rest_invalid_param, which
 * `valid_accepted` rightly leaves alone) and never reaches the handler: of 40 post creates WordPress 6.1 refused in
 * a CI run, 33 were refused for their `template` alone.
 *
 * Once an operation's valid case has been refused so, half its later valid cases leave that argument out, when it is
 * optional and the case stays valid without it; the other half still send it, so the callback is fuzzed too.
 */
import type { Operation } from '../../descriptor/types.js';
import { refusedByCallback } from '../../checks/builtin/valid-accepted.js';
import { stableHash } from '../../generate/index.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';
import { labelStillHolds } from '../labels.js';

export class CallbackRefusals {
  /** Per operation id, the optional arguments its callbacks refused in a valid case. */
  readonly #byOperation = new Map<string, Set<string>>();

  /** Records the optional arguments the answer to a valid case says a callback refused. */
  note(op: Operation, requestCase: RequestCase, exchange: Exchange): void {
    if (requestCase.kind !== 'valid' || requestCase.mutation !== undefined) return;
    for (const name of refusedByCallback(exchange.response)) {
      if (op.args[name] === undefined || op.args[name].required) continue;
      let names = this.#byOperation.get(op.id);
      if (names === undefined) this.#byOperation.set(op.id, (names = new Set()));
      names.add(name);
    }
  }

  /** The arguments refused so far for `op`. */
  refused(op: Operation): string[] {
    return [...(this.#byOperation.get(op.id) ?? [])];
  }

  /**
   * A valid case without the refused arguments it sends, each left out for half the cases (by the value drawn), or
   * the case itself when it sends none, keeps them all, or would not be valid without them.
   */
  lighten(op: Operation, requestCase: RequestCase): RequestCase {
    const names = this.#byOperation.get(op.id);
    if (names === undefined || requestCase.kind !== 'valid') return requestCase;
    let query = requestCase.query;
    let body = requestCase.body;
    for (const name of names) {
      const where = Object.hasOwn(query, name) ? 'query' : body !== undefined && Object.hasOwn(body, name) ? 'body' : undefined;
      if (where === undefined) continue;
      const values = where === 'query' ? query : body!;
      if (stableHash(`${op.id} ${name} ${JSON.stringify(values[name]) ?? ''}`) % 2 === 1) continue;
      const { [name]: _left, ...rest } = values;
      if (where === 'query') query = rest;
      else body = rest;
    }
    if (query === requestCase.query && body === requestCase.body) return requestCase;
    const lightened = { ...requestCase, query, body };
    return labelStillHolds(op, lightened) ? lightened : requestCase;
  }
}
