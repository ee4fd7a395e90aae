/**
 * The order reporters show findings in, and how they fold them: what matters first. A finding is one rule broken
 * on one operation; findings of one check with the same cause (and argument, and answer's error code) on several
 * operations are one behaviour of the site (wrong credentials ignored on every route, the same PHP fatal error on
 * eight), shown once with the operations it touches. New failures come first, then new warnings, then what the
 * baseline knew; within each, the causes that touch the most operations first.
 *
 * Only the console and HTML reports fold and order this way; the JSON report keeps one entry per finding, in the
 * order of its numbering (first seen; by fingerprint order in a merged report), so baselines and tools that read
 * it see every finding as before.
 */
import type { Finding } from '../checks/types.js';

/** A finding's standing: a new failure, a new warning, or known (the baseline lists it). */
export type Standing = 'failure' | 'warning' | 'known';

export function standingOf(finding: Pick<Finding, 'known' | 'severity'>): Standing {
  return finding.known !== undefined ? 'known' : finding.severity;
}

const STANDING_ORDER: Record<Standing, number> = { failure: 0, warning: 1, known: 2 };

/** One cause: findings of one check, standing, cause, argument and error code, each on its own operation. */
export interface CauseGroup {
  check: string;
  standing: Standing;
  /** Its findings, by route, method and locale. */
  findings: Finding[];
  /** How many operations it touches (each finding is one). */
  operations: number;
  /** The `code` of the WordPress error body its answers carry, when they carry one. */
  code?: string;
}

/** The `code` of the WordPress error body a finding's answer carries (`rest_invalid_param`, `internal_server_error`), if any. */
export function answerCode(finding: Pick<Finding, 'response'>): string | undefined {
  const body = finding.response?.body;
  if (body === undefined || !body.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const code = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as { code?: unknown }).code : undefined;
    return typeof code === 'string' && code !== '' ? code : undefined;
  } catch {
    return undefined;
  }
}

const byNumber = (a: Finding, b: Finding): number => a.id.localeCompare(b.id, undefined, { numeric: true });

function byOperation(a: Finding, b: Finding): number {
  return a.route.localeCompare(b.route) || a.method.localeCompare(b.method) || (a.locale ?? '').localeCompare(b.locale ?? '') || byNumber(a, b);
}

/** The findings folded by cause, most important first (see the module's comment). */
export function causeGroups(findings: readonly Finding[]): CauseGroup[] {
  const groups = new Map<string, CauseGroup>();
  for (const finding of findings) {
    const standing = standingOf(finding);
    const code = answerCode(finding);
    const key = [finding.check, standing, finding.severity, finding.cause ?? finding.message, finding.argument ?? '', code ?? ''].join('\u0000');
    const group = groups.get(key) ?? { check: finding.check, standing, findings: [], operations: 0, ...(code === undefined ? {} : { code }) };
    group.findings.push(finding);
    group.operations += 1;
    groups.set(key, group);
  }
  for (const group of groups.values()) group.findings.sort(byOperation);
  return [...groups.values()].sort(
    (a, b) =>
      STANDING_ORDER[a.standing] - STANDING_ORDER[b.standing] ||
      b.operations - a.operations ||
      a.check.localeCompare(b.check) ||
      byOperation(a.findings[0]!, b.findings[0]!),
  );
}
