/** The rule every step of a sequence holds to: its status meets what the step expects. */
import type { StatusExpectation, StepStatus } from './evidence.js';
import { describeAnswer } from './step-answer.js';

const EXPECTED: Record<StatusExpectation, { test(status: number): boolean; words: string }> = {
  success: { test: (status) => status >= 200 && status < 300, words: 'a 2xx answer' },
  gone: { test: (status) => status === 404 || status === 410, words: '404' },
  refused: { test: (status) => status >= 400 && status < 500, words: 'a 4xx refusal' },
};

/** What is wrong with the step's status (`read the list: expected a 2xx answer, got 500`), or undefined when it meets the expectation. */
export function unmetStatus({ what, expected, answer }: Omit<StepStatus, 'step'>): string | undefined {
  if (answer.status !== undefined && EXPECTED[expected].test(answer.status)) return undefined;
  return `${what}: expected ${EXPECTED[expected].words}, got ${describeAnswer(answer)}`;
}
