/** How reporters name a group of findings: the argument it is about and how often it was seen. */
import type { Finding } from '../checks/types.js';

/**
 * `argument "title", seen 118 times (the first shown)`, or the parts that apply, or `''`: a finding stands for
 * every request that broke the same rule on the same operation, argument and cause, and shows the first of them.
 */
export function findingGroupLabel(finding: Pick<Finding, 'argument' | 'count'>): string {
  const parts: string[] = [];
  if (finding.argument !== undefined) parts.push(`argument "${finding.argument}"`);
  if (finding.count > 1) parts.push(`seen ${finding.count} times (the first shown)`);
  return parts.join(', ');
}
