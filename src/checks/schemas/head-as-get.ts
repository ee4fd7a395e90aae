/** `HEAD` is `GET` without the body. */
import type { EvidenceCheck } from '../types.js';
import type { HeadAndGet } from './evidence.js';

export const headAsGet: EvidenceCheck<HeadAndGet> = {
  name: 'head_as_get',
  evidence: 'schemas',
  severity: 'failure',
  description: 'HEAD answers with the status GET answers, and without a body.',
  judge({ get, head }) {
    const response = head.response;
    if (response === undefined) return [];
    const problems: string[] = [];
    if (response.status !== get.response?.status) problems.push(`status ${response.status} where GET answered ${get.response?.status}`);
    if (response.bodyText.length > 0) problems.push(`a body of ${response.bodyText.length} characters`);
    if (problems.length === 0) return [];
    return [{ message: `HEAD answered ${problems.join(' and ')}`, cause: problems.map((problem) => problem.split(' ')[0]).join(' ') }];
  },
};
