/**
 * Arguments a route needs but its descriptor does not declare, learnt from its refusals: a 400
 * `rest_missing_callback_param` naming an argument the operation does not declare, or a 400 whose `message` is keyed
 * by such arguments (a plugin's required profile field on a signup). `undeclared_required_argument` reports it once; the run then gives it a value in every later
 * request of its sequences to that route, so the life cycles go on without `extra-values`.
 */
import type { Operation } from '../../descriptor/types.js';
import { freshValue } from '../../resources/index.js';
import type { StepAnswer } from '../../checks/stateful/step-answer.js';
import { missingParams, type WpErrorBody } from '../../checks/answer/response-helpers.js';

/** A word that reads as text in the locale's language, for an argument whose meaning its name does not say. */
const TEXT_WORD: Readonly<Record<string, string>> = { el: 'Δοκιμή', de: 'Prüfung', fr: 'Essai', es: 'Prueba', it: 'Prova' };

/** Learnt values by route key, then argument; one book per run. */
export class LearnedArguments {
  readonly #values = new Map<string, Record<string, unknown>>();

  /** The values learnt for `op`'s route that `op` does not declare. */
  valuesFor(op: Operation): Record<string, unknown> {
    const learnt = this.#values.get(op.route) ?? {};
    return Object.fromEntries(Object.entries(learnt).filter(([name]) => !Object.hasOwn(op.args, name)));
  }

  /**
   * Learns the undeclared arguments a refusal of `op` names, each with a value (text in the locale's language, or
   * what its name asks for: an e-mail address, a URL, a date); the names learnt now (none when nothing new).
   */
  learn(op: Operation, answer: StepAnswer, token: string): string[] {
    const params = refusedNames(answer);
    if (params === undefined) return [];
    const learnt = this.#values.get(op.route) ?? {};
    const fresh = params.filter((name) => !Object.hasOwn(op.args, name) && !(name in learnt));
    for (const name of fresh) learnt[name] = valueFor(name, op.locale, token);
    if (fresh.length > 0) this.#values.set(op.route, learnt);
    return fresh;
  }

  /** Gives a learnt argument of `op`'s route the value its own route describes (`described-value.ts`). */
  describe(op: Operation, name: string, value: unknown): void {
    const learnt = this.#values.get(op.route);
    if (learnt !== undefined && name in learnt) learnt[name] = value;
  }
}

/** The names a refusal says are missing (`missingParams`: `data.params`, or a `message` keyed by field). */
function refusedNames(answer: StepAnswer): string[] | undefined {
  if (answer.status !== 400 || answer.code === undefined || answer.item === undefined) return undefined;
  return missingParams(answer.item as unknown as WpErrorBody)?.names;
}

function valueFor(name: string, locale: string | null, token: string): unknown {
  const word = TEXT_WORD[(locale ?? '').slice(0, 2)];
  const named = freshValue(name, { type: 'string' }, token);
  // A name that says what it takes (an e-mail, a URL, a date, a login) keeps that value; free text speaks the locale.
  if (typeof named === 'string' && !named.startsWith('Restconform ')) return named;
  return word === undefined ? (named ?? `Restconform ${token}`) : `${word} ${token}`;
}

const books = new WeakMap<object, LearnedArguments>();

/** The run's book of learnt arguments (`run` is the run's context: one book per run). */
export function learnedArguments(run: object): LearnedArguments {
  let book = books.get(run);
  if (book === undefined) {
    book = new LearnedArguments();
    books.set(run, book);
  }
  return book;
}
