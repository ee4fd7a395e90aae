/** What the race checks say about every answer of a race: never a 5xx or no answer, a refusal with a code. */
import type { CheckFailure } from '../types.js';
import type { RaceAnswer } from './evidence.js';

export function succeeded(answer: RaceAnswer): boolean {
  return answer.status !== undefined && answer.status >= 200 && answer.status < 300;
}

function describe(answer: RaceAnswer): string {
  if (answer.status === undefined) return `no response (${answer.error ?? 'unknown error'})`;
  return answer.code === undefined ? String(answer.status) : `${answer.status} ${answer.code}`;
}

/** The answers as a tally: `3 × 201, 5 × 400 existing_user_email`. */
export function tally(answers: readonly RaceAnswer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(describe(answer), (counts.get(describe(answer)) ?? 0) + 1);
  return [...counts].map(([what, count]) => `${count} × ${what}`).join(', ');
}

/**
 * A 5xx or no answer (a server that broke under the race), and, where `refusal` says so, a 4xx without an error
 * code: each a failure. `what` names the race for the message; `stable` for the cause.
 */
export function brokenAnswers(answers: readonly RaceAnswer[], what: string, stable: string): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const broken = answers.filter((answer) => answer.status === undefined || answer.status >= 500);
  if (broken.length > 0)
    failures.push({ message: `${what}: ${broken.length} of ${answers.length} answered ${tally(broken)}; never a 5xx`, cause: `${stable}: a 5xx or no answer` });
  const bare = answers.filter((answer) => answer.status !== undefined && answer.status >= 400 && answer.status < 500 && answer.code === undefined);
  if (bare.length > 0)
    failures.push({
      message: `${what}: ${bare.length} of ${answers.length} refused without an error code (${tally(bare)})`,
      cause: `${stable}: a refusal without a code`,
    });
  return failures;
}
