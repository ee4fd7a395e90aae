/**
 * The reads the auth phase's early probes sent, shared so that a later probe does not send again what an earlier
 * one read: who may read what (`visibility.ts`) reads each list route's administrator's lists and each identity's
 * lists and item reads; lists narrowed to hidden parents (`parent-exposure.ts`) and searches on hidden fields
 * (`query-oracle.ts`) need many of the same answers.
 *
 * Every request these probes send between those reads is a read, so a remembered answer is the one the same request
 * would get again, but for the items who may read what makes for a route and deletes once it is judged
 * (`made-items.ts`). `madeItemsGone` accounts for them: it forgets their reads, leaves them out of the lists that
 * showed them where those lists were whole, and forgets a list they may have pushed others off (a page that was full,
 * or of a size not known) and everything of a route whose delete left an item behind.
 */
import { listedIds, totalOf } from '../../../checks/auth/visibility.js';
import type { Operation } from '../../../descriptor/types.js';
import type { Exchange } from '../../../http/types.js';
import type { Credentials } from '../../../request/types.js';
import type { PhaseContext } from '../phase.js';

const PHASE = 'auth';

/** Sends one read as `as` (null: anonymously). */
export async function get(
  ctx: PhaseContext,
  op: Operation,
  path: Record<string, string>,
  query: Record<string, unknown>,
  as: Credentials | null,
): Promise<Exchange> {
  const requestCase = { operationId: op.id, kind: 'valid' as const, path, query, body: undefined };
  return (await ctx.execution.execute(op, requestCase, PHASE, { credentials: as })).exchange;
}

interface Remembered {
  op: Operation;
  path: Record<string, string>;
  query: Record<string, unknown>;
  exchange: Exchange;
  /** Ids the answer showed of items made and deleted since: a list asked again would not show them. */
  gone: Set<string>;
}

/** A list route with its item read, as `visibility.ts` judges it. */
export interface MadeItemsRoute {
  list: Operation;
  item: Operation;
  variable: string;
}

export class ReadsSent {
  readonly #answers = new Map<string, Remembered>();

  static #key(op: Operation, path: Record<string, string>, query: Record<string, unknown>, as: Credentials | null): string {
    return JSON.stringify([op.id, as?.user ?? null, path, query]);
  }

  /** The answer to a read: the one already sent, else sent now and remembered. */
  async get(ctx: PhaseContext, op: Operation, path: Record<string, string>, query: Record<string, unknown>, as: Credentials | null): Promise<Exchange> {
    const key = ReadsSent.#key(op, path, query, as);
    const remembered = this.#answers.get(key);
    if (remembered !== undefined) return remembered.exchange;
    const exchange = await get(ctx, op, path, query, as);
    this.#answers.set(key, { op, path, query, exchange, gone: new Set() });
    return exchange;
  }

  /**
   * The ids a list already sent shows (none for an answer that is no list), those of items deleted since left out;
   * undefined when it was not sent (or was forgotten).
   */
  sentList(op: Operation, query: Record<string, unknown>, as: Credentials | null, variable: string): string[] | undefined {
    const remembered = this.#answers.get(ReadsSent.#key(op, {}, query, as));
    if (remembered === undefined) return undefined;
    return (listedIds(remembered.exchange, variable) ?? []).filter((id) => !remembered.gone.has(id));
  }

  /** The ids a list shows (none for an answer that is no list): the one already sent, else sent now. */
  async list(ctx: PhaseContext, op: Operation, query: Record<string, unknown>, as: Credentials | null, variable: string): Promise<string[]> {
    const sent = this.sentList(op, query, as, variable);
    if (sent !== undefined) return sent;
    await this.get(ctx, op, {}, query, as);
    return this.sentList(op, query, as, variable)!;
  }

  /**
   * The items made for `route` are deleted (`leftBehind`: a delete left one): what was read of the route no longer
   * holds for them.
   */
  madeItemsGone(route: MadeItemsRoute, made: readonly string[], leftBehind: boolean): void {
    if (made.length === 0) return;
    for (const [key, remembered] of this.#answers) {
      if (remembered.op.id !== route.list.id && remembered.op.id !== route.item.id) continue;
      if (leftBehind) {
        this.#answers.delete(key);
      } else if (remembered.op.id === route.item.id) {
        if (made.includes(remembered.path[route.variable] ?? '')) this.#answers.delete(key);
      } else {
        const ids = listedIds(remembered.exchange, route.variable) ?? [];
        const shown = made.filter((id) => ids.includes(id));
        if (shown.length === 0) continue;
        if (whole(remembered, ids.length)) for (const id of shown) remembered.gone.add(id);
        else this.#answers.delete(key);
      }
    }
  }
}

/** Whether a list answer showed every item there was: its total says so, or it filled less than the page it asked. */
function whole(remembered: Remembered, shown: number): boolean {
  const total = totalOf(remembered.exchange);
  if (total !== undefined) return shown >= total;
  const perPage = remembered.query.per_page;
  return typeof perPage === 'number' && shown < perPage;
}
