/**
 * Test-only: runs one phase against a server the way the engine does (descriptors fetched per locale, a shared
 * Execution over the real transport) and returns what it reported.
 */
import { afterEach } from 'vitest';
import { EXCHANGE_CHECKS } from '../../checks/index.js';
import type { Finding } from '../../checks/types.js';
import { loadConfig } from '../../config/index.js';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import type { Contract } from '@restconform/interface';
import { fetchDescriptor } from '../../descriptor/index.js';
import { createTransport } from '../../http/index.js';
import type { Identity } from '../../request/identity.js';
import type { Credentials } from '../../request/types.js';
import { seededAccounts } from '../../jobs/run-job.js';
import type { StoreAccounts } from '@restconform/server';
import { loadAnswerSchemas } from '../fetch-answer-schemas.js';
import { findOwnAccount, type OwnAccount } from '../own-account.js';
import type { AccessRow, RunEvent } from '../events.js';
import { runOperations } from '../engine.js';
import { OwnedResources } from '../owned-resources.js';
import { Execution } from '../execution/execution.js';
import { PHASES } from '../phases/index.js';
import type { Phase } from '../phases/phase.js';
import type { CallbackRefusals } from '../callback-refusals.js';
import { standalonePhaseContext } from '../standalone-phase-context.js';
import { startFaultyServer, type Fault, type FaultyServer } from './faulty-server.js';

export interface PhaseRunOptions {
  /** `http://HOST:PORT` */
  url: string;
  locales: readonly string[];
  credentials?: Credentials;
  /** More named accounts (the access matrix); their accounts are protected as the engine protects them. */
  accounts?: Identity[];
  contract?: Contract | null;
  safeMethodsOnly?: boolean;
  strictAuth?: boolean;
  seed?: number;
  concurrency?: number;
  /** Fetch the target's published item schemas first, as the engine does for `response_schema` and `schemas`. */
  answerSchemas?: boolean;
  /** The `extra-values` setting: values of undeclared arguments by route key. */
  extraValues?: Record<string, Record<string, unknown>>;
  /** Generated cases per operation and kind (5 when absent). */
  examples?: number;
  /** Only the operations whose `METHOD route` this matches (all when absent). */
  only?: RegExp;
  /** Writes go only to what the run made, as on a target that is not the bundled server (no --allow-destructive). */
  ownedWritesOnly?: boolean;
  /** The transport's per-request timeout (its default when absent). */
  timeoutMs?: number;
}

export interface PhaseRunResult {
  /** Why the phase was skipped, when it was. */
  skipped?: string;
  findings: Finding[];
  events: RunEvent[];
  requests: number;
  /** Coverage notes, as `locale method route: note`. */
  notes: string[];
  /** The access matrix rows the phase recorded. */
  access: AccessRow[];
  /** What the run learnt of the routes' callbacks' refusals. */
  refusals: CallbackRefusals;
}

export function runPhase(phase: Phase, options: PhaseRunOptions): Promise<PhaseRunResult> {
  return runPhases([phase], options);
}

/** Runs phases one after the other on one context, as the engine does; `skipped` is the last one's reason. */
export async function runPhases(phases: readonly Phase[], options: PhaseRunOptions): Promise<PhaseRunResult> {
  const transport = createTransport(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  try {
    const descriptors = await Promise.all(
      options.locales.map((locale) => fetchDescriptor({ baseUrl: options.url, restRoot: 'wp-json', locale, transport, credentials: options.credentials })),
    );
    const events: RunEvent[] = [];
    const execution = new Execution({
      seed: options.seed ?? 7,
      sender: transport,
      checks: EXCHANGE_CHECKS,
      restUrls: new Map(options.locales.map((locale) => [locale, `${options.url}/${locale}/wp-json`])),
      credentials: options.credentials,
      accounts: options.accounts,
      secrets: [options.credentials, ...(options.accounts ?? []).map((account) => account.credentials)].flatMap((credentials) =>
        credentials ? [credentials.password] : [],
      ),
      emit: (event) => events.push(event),
      extraValues: options.extraValues,
      // As the engine keeps it: what the run made and saw, for real ids in the fuzz phase and the life cycles.
      owned: new OwnedResources(descriptors),
      ownedWritesOnly: options.ownedWritesOnly,
    });
    if (options.accounts !== undefined) {
      const restUrls = new Map(options.locales.map((locale) => [locale, `${options.url}/${locale}/wp-json`]));
      const others = new Map<string, OwnAccount>();
      for (const account of options.accounts) {
        const found = await findOwnAccount({ descriptors, restUrls, sender: transport, credentials: account.credentials });
        if (found !== undefined) others.set(account.name, found);
      }
      execution.protectOwnAccount(await findOwnAccount({ descriptors, restUrls, sender: transport, credentials: options.credentials }), others);
    }
    if (options.answerSchemas) {
      const restUrls = new Map(options.locales.map((locale) => [locale, `${options.url}/${locale}/wp-json`]));
      execution.useAnswerSchemas(
        await loadAnswerSchemas({ descriptors, restUrls, sender: transport, execution, credentials: options.credentials, concurrency: 4 }),
      );
    }
    const safeMethodsOnly = options.safeMethodsOnly ?? false;
    const operations = runOperations(descriptors, safeMethodsOnly).filter((op) => options.only === undefined || options.only.test(`${op.method} ${op.route}`));
    const ctx = standalonePhaseContext({
      execution,
      descriptors,
      operations,
      settings: loadConfig({
        knownPhases: PHASES.map((phase) => phase.name),
        overrides: {
          fuzzExamples: options.examples ?? 5,
          connections: options.concurrency ?? 4,
          strictAuth: options.strictAuth ?? false,
          seed: options.seed ?? 7,
        },
      }),
      safeMethodsOnly,
      contract: options.contract === null ? undefined : (options.contract ?? INTERFACE_CONTRACT),
    });
    let skipped: string | undefined;
    for (const phase of phases) {
      skipped = phase.skipReason(ctx);
      if (skipped !== undefined) continue;
      execution.emit({ type: 'phase_started', phase: phase.name, operations: operations.length });
      await phase.gather(ctx);
    }
    const notes = execution.coverage().flatMap((entry) => entry.notes.map((note) => `${entry.locale} ${entry.method} ${entry.route}: ${note}`));
    return { skipped, findings: execution.findings(), events, requests: execution.requests, notes, access: execution.access(), refusals: ctx.refusals };
  } finally {
    await transport.close();
  }
}

/**
 * The options of a run against `server` in en_gb as its administrator, with its seeded member, other member and
 * moderator as the other accounts (the access matrix's identities).
 */
export function asAdministratorWithSeededAccounts(server: {
  url: string;
  credentials: StoreAccounts;
}): Pick<PhaseRunOptions, 'url' | 'locales' | 'credentials' | 'accounts'> {
  return { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, accounts: seededAccounts(server.credentials) };
}

/** Findings as `check severity locale method route: message` lines, for readable assertions. */
export function findingLines(findings: readonly Finding[]): string[] {
  return findings.map((finding) => `${finding.check} ${finding.severity} ${finding.locale} ${finding.method} ${finding.route}: ${finding.message}`);
}

/**
 * For a test file: `runWith(faults)` starts the reference server behind `faults` and runs `phase` against it in
 * en_gb as the administrator; the server is closed after each test.
 */
export function phaseAgainstFaults(phase: Phase, seed = 5): (faults: Fault[]) => Promise<PhaseRunResult> {
  let server: FaultyServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (faults) => {
    server = await startFaultyServer({ seed, faults });
    return runPhase(phase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin });
  };
}
