/**
 * The HTML report's security section, the first after the header: the findings of the checks that declare
 * themselves security checks (another account's data written, a role raised, a write without the rights it needs, a
 * private value shown), one card per cause, each with who acted, the request it sent (its curl line, credentials
 * left to the environment) and what it exposed or changed; the whole reproduction stays with the finding below.
 * Without such findings it says which security checks ran, or why the access rules were not tested.
 */
import type { Finding } from '../checks/types.js';
import { causeGroups, standingOf, type CauseGroup } from './finding-order.js';
import { curlLine } from './html-race.js';
import { escapeHtml as esc, plural, routeLabel } from './html-text.js';
import { checksOf, localeLabel } from './outcomes.js';
import type { RunRecord } from './run-record.js';
import { actingRequest, describeIdentity, isSecurityFinding, securityCheckNames } from './security.js';

const operationLine = (finding: Finding): string => `${localeLabel(finding.locale)} ${finding.method} ${routeLabel(finding.route)}`;

function renderCard(group: CauseGroup): string {
  const finding = group.findings[0]!;
  const acting = actingRequest(finding);
  const standing = standingOf(finding);
  const facts: Array<[string, string, string]> = [];
  if (acting !== undefined) {
    facts.push(['identity', 'Identity', esc(describeIdentity(acting.identity))]);
    facts.push([
      'request',
      'Request',
      `<span class="mono">${esc(operationLine(finding))}</span> <span class="muted">(request ${acting.index + 1} of ${finding.curl.length} of its reproduction)</span>${curlLine(finding, acting.index, undefined, 'security-curl')}`,
    ]);
  }
  const answer = acting?.last && finding.response !== undefined ? ` <span class="chip mono">answered HTTP ${finding.response.status}</span>` : '';
  facts.push(['impact', 'Exposed or changed', `<span class="message">${esc(finding.message)}</span>${answer}`]);
  if (group.findings.length > 1) {
    const others = group.findings
      .slice(1)
      .map((other) => `<li><a class="mono" href="#finding-${esc(other.id)}">${esc(other.id)}</a> <span class="mono">${esc(operationLine(other))}</span></li>`)
      .join('');
    facts.push([
      'also',
      'Also on',
      `<details><summary>${plural(group.findings.length - 1, 'more operation')} with this cause</summary><ul>${others}</ul></details>`,
    ]);
  }
  const known = finding.known === undefined ? '' : `<p class="muted">Known (the baseline lists it): ${esc(finding.known)}</p>`;
  return `
<article class="security-finding ${esc(standing)}" id="security-${esc(finding.id)}" data-check="${esc(finding.check)}" data-finding="${esc(finding.id)}">
  <h3 class="security-title"><span class="chip ${esc(finding.severity)}">${esc(standing === 'known' ? `known ${finding.severity}` : finding.severity)}</span> <strong class="mono">${esc(finding.check)}</strong> <span class="mono">${esc(operationLine(finding))}</span></h3>
  <dl class="security-facts">${facts.map(([name, term, value]) => `<dt>${esc(term)}</dt><dd class="${name}">${value}</dd>`).join('')}</dl>
  ${known}
  <p><a href="#finding-${esc(finding.id)}">Finding ${esc(finding.id)}: every request of its reproduction, the answer, and the replay command</a></p>
</article>`;
}

/** Why nothing was found: the security checks that ran, and the access phase's absence with its reason. */
function renderNone(run: RunRecord): string {
  const enabled = new Set(checksOf(run.finished));
  const ran = securityCheckNames().filter((name) => enabled.has(name));
  const auth = run.skippedPhases.find((skipped) => skipped.phase === 'auth');
  const notRun = auth === undefined ? '' : ` The auth phase did not run (${esc(auth.reason)}): which account may do what was not tested.`;
  return `<p>No security finding from ${plural(ran.length, 'security check')}${ran.length === 0 ? '' : ` (<span class="mono">${ran.map(esc).join(', ')}</span>)`}.${notRun}</p>`;
}

/** The security section: first on the page, so a reviewer sees what matters most before anything else. */
export function renderSecurity(run: RunRecord): string {
  const findings = run.finished.findings.filter(isSecurityFinding);
  if (findings.length === 0) return `<section id="security" class="security none"><h2>Security</h2>${renderNone(run)}</section>`;
  const groups = causeGroups(findings);
  const failures = findings.filter((finding) => standingOf(finding) === 'failure').length;
  return `
<section id="security" class="security">
  <h2>Security: ${plural(findings.length, 'finding')}${failures > 0 && failures < findings.length ? ` (${failures} new ${failures === 1 ? 'failure' : 'failures'})` : ''}</h2>
  <p class="muted">Findings of the checks that guard accounts, roles, rights and private data, each with who acted, the request it sent, and what it exposed or changed. Credentials are never shown: the curl lines read them from the environment.</p>
  ${groups.map(renderCard).join('\n')}
</section>`;
}
