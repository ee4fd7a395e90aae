/**
 * The faults of the fault-injection suite and how a run meets them: faulty variants of the reference server (a
 * test-only wrapper around its real request listener), each breaking one rule, run through restconform in-process.
 * The suite is split over files (precision, faults of single answers, faults of behaviour) so that vitest's
 * workers run them side by side rather than one long file in turn.
 */
import { afterAll, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/types.js';
import { runJob } from '../../src/jobs/run-job.js';
import { type RunSettings } from '../../src/config/index.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import { batchWithoutSizeLimit, changeDefault, deleteKeepsMember, editDescriptor } from '../../src/engine/testing/faults.js';
import { startFaultyServer, type Fault } from '../../src/engine/testing/faulty-server.js';
import {
  actionEnumNotEnforced,
  emailsToAnonymous,
  errorsWithoutStatus,
  itemIdNotRequired,
  passwordInMembers,
  perPageMaximumNotEnforced,
  phpNoticeBeforeJson,
  routeMissingInLocale,
  serverErrorAtLargestPage,
} from './faults.js';

const MEMBERS = '/community/v1/members';
const PASSWORD_ENV = 'FAULT_INJECTION_APP_PASSWORD';

export interface SeededFault {
  name: string;
  faults: Fault[];
  /** Only the phases that can see the fault, to keep the suite quick. */
  phases: string[];
  locales?: string[];
  /** The check that must report it, and on which route (any when absent). */
  check: string;
  route?: string;
  /** Other checks the same fault rightly draws (a PHP notice before JSON is also not JSON). */
  alsoReported?: string[];
  /**
   * Send writes to resources the run did not make with credentials (--allow-destructive). Without it they go
   * without, and their 401 judges nothing: a fault only such a write reaches is not seen.
   */
  allowDestructive?: boolean;
}

export const SEEDED: SeededFault[] = [
  { name: 'a 5xx on one valid input (per_page=100)', faults: [serverErrorAtLargestPage()], phases: ['examples'], check: 'not_a_server_error', route: MEMBERS },
  {
    name: 'an enum not enforced (members/action takes any action)',
    faults: [actionEnumNotEnforced()],
    phases: ['fuzz'],
    check: 'invalid_rejected',
    route: String.raw`${MEMBERS}/action/(?P<id>[\d]+)`,
    // The fuzz phase follows members the run did not make.
    allowDestructive: true,
  },
  {
    name: 'a bound not enforced (per_page 101 accepted)',
    faults: [perPageMaximumNotEnforced()],
    phases: ['examples'],
    check: 'invalid_rejected',
    route: MEMBERS,
  },
  {
    name: 'a required parameter not enforced (blocking without item_id)',
    faults: [itemIdNotRequired()],
    phases: ['fuzz'],
    check: 'invalid_rejected',
    route: '/community/v1/moderation',
  },
  { name: 'a leaked password field (members)', faults: [passwordInMembers()], phases: ['examples'], check: 'no_sensitive_data', route: `${MEMBERS}/me` },
  {
    name: "members' e-mail addresses shown to anonymous callers",
    faults: [emailsToAnonymous()],
    phases: ['auth'],
    check: 'no_sensitive_data',
    route: String.raw`${MEMBERS}/(?P<id>[\d]+)`,
    alsoReported: ['ignored_auth'],
  },
  {
    name: 'a PHP notice before the JSON of a list',
    faults: [phpNoticeBeforeJson()],
    phases: ['examples'],
    check: 'no_sensitive_data',
    route: '/community/v1/components',
    alsoReported: ['json_content_type'],
  },
  {
    name: 'a declared route answering rest_no_route in one locale',
    faults: [routeMissingInLocale('el')],
    phases: ['examples'],
    locales: ['en_gb', 'el'],
    check: 'declared_route_served',
    route: '/community/v1/components',
    alsoReported: ['invalid_rejected'],
  },
  { name: 'a wrong error shape (no data.status)', faults: [errorsWithoutStatus()], phases: ['examples'], check: 'error_shape' },
  {
    name: 'a descriptor drifting from the contract (per_page maximum 1000)',
    faults: [editDescriptor((root) => void (root.routes[MEMBERS]!.endpoints[0]!.args.per_page!.maximum = 1000))],
    phases: ['contract'],
    check: 'contract_drift',
    route: MEMBERS,
  },
  {
    name: 'a locale disagreeing with the other (per_page default 20 in el)',
    faults: [changeDefault('el', MEMBERS, 0, 'per_page', 20)],
    phases: ['locale'],
    locales: ['en_gb', 'el'],
    check: 'locale_mismatch',
    route: MEMBERS,
  },
  { name: 'a delete that keeps the member', faults: [deleteKeepsMember()], phases: ['stateful'], check: 'use_after_delete' },
  { name: 'a batch that ignores its 25-item limit', faults: [batchWithoutSizeLimit()], phases: ['batch'], check: 'batch_size_limit', route: '/batch/v1' },
];

/** Runs restconform in-process against the reference server behind `faults`; returns its findings. */
export async function runAgainst(faults: Fault[], phases: string[], locales: string[], examples: number, allowDestructive = false): Promise<Finding[]> {
  const server = await startFaultyServer({ seed: 11, faults });
  try {
    const loaded = loadRunSettings({
      overrides: {
        baseUrl: server.url,
        locales,
        phases,
        fuzzExamples: examples,
        seed: 1,
        user: server.credentials.admin.user,
        appPasswordEnv: PASSWORD_ENV,
        connections: 8,
        allowDestructive,
      },
    });
    const settings: RunSettings = { ...loaded, reportDir: null, json: null, html: null, junit: null, ndjson: null };
    const { result } = await runJob(settings, { console: false, env: { [PASSWORD_ENV]: server.credentials.admin.password } });
    return result?.findings ?? [];
  } finally {
    await server.close();
  }
}

export const summary = (findings: readonly Finding[]): string[] =>
  findings.map((finding) => `${finding.check} ${finding.severity} ${finding.locale} ${finding.method} ${finding.route}: ${finding.message}`);

/**
 * One test per fault of `faults`, each run with `examples` examples per operation: the check that guards the broken rule reports it, and nothing else is reported
 * (a fault must not make the harness misread the rest of the server). Prints how many were found.
 */
export function itFindsEach(faults: readonly SeededFault[], examples: number): void {
  const found = new Set<string>();
  afterAll(() => {
    console.log(`fault injection: ${found.size}/${faults.length} faults found`);
  });

  it.each(faults.map((fault) => [fault.name, fault] as const))('finds %s', async (_name, fault) => {
    const findings = await runAgainst(fault.faults, fault.phases, fault.locales ?? ['en_gb'], examples, fault.allowDestructive);
    const caught = findings.filter(
      (finding) => finding.check === fault.check && (fault.route === undefined || finding.route === fault.route) && finding.severity === 'failure',
    );
    if (caught.length > 0) found.add(fault.name);
    expect(caught.length, `no ${fault.check} failure${fault.route ? ` on ${fault.route}` : ''}; findings:\n${summary(findings).join('\n')}`).toBeGreaterThan(0);
    expect(summary(findings.filter((finding) => finding.check !== fault.check && !fault.alsoReported?.includes(finding.check)))).toEqual([]);
  });
}
