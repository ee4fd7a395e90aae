/**
 * A race finding's reproduction in the HTML report, as one group: its set-up (sent one at a time), the race (its
 * requests sent together, each with its curl line and what it was answered), then the reads after it.
 */
import type { RaceReplay, RaceStep } from '../checks/concurrency/evidence.js';
import type { Finding } from '../checks/types.js';
import { escapeHtml as esc } from './html-text.js';

/**
 * One curl line with its copy button, as every finding shows it, and what it was answered. `idPrefix` keeps the
 * ids apart where a page shows the same line twice (the security section above the findings).
 */
export function curlLine(finding: Finding, index: number, answered?: string, idPrefix = 'curl'): string {
  const id = `${idPrefix}-${finding.id}-${index}`;
  const answer = answered === undefined ? '' : `<span class="chip mono answered" title="what it was answered">${esc(answered)}</span>`;
  return `<div class="curl-line"><pre id="${esc(id)}">${esc(finding.curl[index] ?? '')}</pre>${answer}<button type="button" class="copy" data-copy="${esc(id)}">Copy</button></div>`;
}

const TITLES: Record<RaceStep['role'], (count: number) => string> = {
  'set-up': (count) => `set-up, ${count} request${count === 1 ? '' : 's'} one at a time`,
  race: (count) => `race of ${count} requests sent together`,
  read: (count) => `read after, ${count} request${count === 1 ? '' : 's'}`,
};

/** The race's requests in three blocks (the race one group, its requests side by side), each with its curl line and answer. */
export function renderRace(finding: Finding, race: RaceReplay): string {
  const blocks: Array<{ role: RaceStep['role']; lines: string[] }> = [];
  race.steps.forEach((step, index) => {
    const last = blocks.at(-1);
    const line = curlLine(finding, index, step.answered);
    if (last?.role === step.role) last.lines.push(line);
    else blocks.push({ role: step.role, lines: [line] });
  });
  return blocks
    .map(({ role, lines }) => `<div class="race-block race-${role}" data-role="${role}"><h4>${esc(TITLES[role](lines.length))}</h4>${lines.join('')}</div>`)
    .join('');
}
