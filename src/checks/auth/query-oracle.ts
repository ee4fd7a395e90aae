/**
 * `query_oracle`: a query that matches on a field the identity cannot see tells it the field's value, one guess at a
 * time. The field is one the administrator's `edit` read of an item shows and the identity's own read of the same
 * item leaves out (an e-mail address, a private meta value). The list is sent as the identity twice, with `search`
 * (or a filter named after the field) set once to the true value and once to a false value of the same shape; the
 * item listed for the true value and not for the false one, or a larger `X-WP-Total` for it, gives the value away.
 */
import type { Exchange } from '../../http/types.js';
import { isSuccess, seenAnswer, type SeenAnswer } from '../answer-seen.js';
import type { Regather } from '../regather.js';
import type { EvidenceCheck } from '../types.js';
import { listedIds, totalOf, whoIs } from './visibility.js';

/** The list answered for one guess. */
export interface GuessAnswer {
  seen: SeenAnswer;
  /** Whether the item was among those listed. */
  listed: boolean;
  total?: number;
}

export interface QueryOracleEvidence {
  listRoute: string;
  itemRoute: string;
  identity: { name: string; role: string };
  /** The path variable of the item read, which a list's entries may name their id by (`id` first). */
  idVariable: string;
  /** The item, and the field its read as the identity leaves out. */
  item: string;
  field: string;
  /** The argument the guesses went in (`search`, or a filter such as `email`). */
  argument: string;
  /** The rest of the query both guesses were sent with (`include` narrowing to the item, where the list declares it). */
  query: Record<string, unknown>;
  /** Whether `query` narrows the list to the item alone, so that its total counts it alone. */
  narrowedToItem: boolean;
  rightGuess: GuessAnswer;
  wrongGuess: GuessAnswer;
}

/** The list answered for one guess: whether it lists `item` (`recordedId` maps each listed id back, for replay), and its total. */
export function guessAnswer(exchange: Exchange, item: string, idVariable: string, recordedId: (id: string) => string = (id) => id): GuessAnswer {
  const answer: GuessAnswer = { seen: seenAnswer(exchange), listed: (listedIds(exchange, idVariable) ?? []).map(recordedId).includes(item) };
  const total = totalOf(exchange);
  if (total !== undefined) answer.total = total;
  return answer;
}

/**
 * Replay's rebuild of the evidence (`regather.ts`): `true` and `false`, the list sent as the identity with the true
 * and the false value. A guess not re-sent keeps what was recorded.
 */
export const regatherQueryOracle: Regather<QueryOracleEvidence> = (recorded, answers, recordedId) => {
  const again = (label: string, recordedGuess: GuessAnswer): GuessAnswer => {
    const exchange = answers.get(label);
    return exchange === undefined ? recordedGuess : guessAnswer(exchange, recorded.item, recorded.idVariable, recordedId);
  };
  return { ...recorded, rightGuess: again('true', recorded.rightGuess), wrongGuess: again('false', recorded.wrongGuess) };
};

/** What the answers to the two guesses tell apart, if anything. */
export function told(evidence: QueryOracleEvidence): string | undefined {
  const { rightGuess, wrongGuess } = evidence;
  if (!isSuccess(rightGuess.seen.status) || !isSuccess(wrongGuess.seen.status)) return undefined;
  if (rightGuess.listed && !wrongGuess.listed) return 'listed the item for the true value and not for a false one';
  // A total counts the item alone only when the query narrows to it; otherwise other items may match either guess.
  if (evidence.narrowedToItem && rightGuess.total !== undefined && wrongGuess.total !== undefined && rightGuess.total > wrongGuess.total)
    return `answered X-WP-Total ${rightGuess.total} for the true value and ${wrongGuess.total} for a false one`;
  return undefined;
}

export const queryOracle: EvidenceCheck<QueryOracleEvidence> = {
  name: 'query_oracle',
  severity: 'failure',
  concern: 'security',
  description:
    "A list's search and filters do not match on a field the identity cannot see (absent from its own read of the item, shown to the administrator in `edit` context): sent once with the field's true value and once with a false value of the same shape, the answers list the same items and count the same total.",
  evidence: 'auth',
  judgeAgain: (recorded, answers, recordedId) => queryOracle.judge(regatherQueryOracle(recorded, answers, recordedId)),
  judge(evidence) {
    const difference = told(evidence);
    if (difference === undefined) return [];
    return [
      {
        message: `GET ${evidence.listRoute} with ${evidence.argument} set to item ${evidence.item}'s ${evidence.field}, a field ${evidence.itemRoute} does not show ${whoIs(evidence.identity)}, ${difference}: the answers tell them the value`,
        cause: `${evidence.identity.role} ${evidence.argument} matches ${evidence.field}`,
      },
    ];
  },
};
