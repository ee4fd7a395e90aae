/**
 * The sequences phase reports its pace as the other phases report theirs: how many sequences it ran and how many a
 * second, in its `phase_finished` event (the console's "done" line), in the report's budget figures, and in the
 * one line the reports give the budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedDescriptor } from '../../../descriptor/types.js';
import { createTransport, type Transport } from '../../../http/index.js';
import { loadConfig } from '../../../config/index.js';
import { ConsoleReporter } from '../../../report/console.js';
import { fetchDescriptors, knownPhaseNames, seededAccounts, startBundledServer } from '../../../jobs/index.js';
import type { ReferenceServer } from '@restconform/server';
import { describeBudgetSplit } from '../../budget.js';
import { executePhases } from '../../engine.js';
import type { RunEvent } from '../../events.js';

let server: ReferenceServer;
let transport: Transport;
let descriptors: LoadedDescriptor[];

beforeAll(async () => {
  server = await startBundledServer({ seed: 3 });
  transport = createTransport({ connections: 4 });
  descriptors = await fetchDescriptors({ baseUrl: server.url, restRoot: 'wp-json', locales: ['en_gb', 'el'] });
});
afterAll(async () => {
  await transport.close();
  await server.close();
});

describe('the pace of the sequences phase', () => {
  it('counts the sequences it ran and their rate, in its event, its budget figures and the console line', async () => {
    const settings = loadConfig({ knownPhases: knownPhaseNames(), overrides: { phases: ['sequences'], seed: 1, sequences: 6, timeBudgetSeconds: 120 } });
    const events: RunEvent[] = [];
    const result = await executePhases({
      settings,
      tool: 'restconform',
      version: 'test',
      target: server.url,
      bundledServer: true,
      safeMethodsOnly: false,
      descriptors,
      sender: transport,
      checks: [],
      credentials: server.credentials.admin,
      accounts: seededAccounts(server.credentials),
      emit: (event) => events.push(event),
    });
    const finished = events.find((event) => event.type === 'phase_finished');
    expect(finished).toMatchObject({ type: 'phase_finished', phase: 'sequences', sequences: 6 });
    const perSecond = finished?.type === 'phase_finished' ? finished.sequencesPerSecond : undefined;
    expect(perSecond).toBeGreaterThan(0);
    expect(result.budget?.phases).toEqual([expect.objectContaining({ phase: 'sequences', sequences: 6, sequencesPerSecond: perSecond })]);
    expect(describeBudgetSplit(result.budget!)).toContain(`6 sequences (${perSecond}/s)`);

    const lines: string[] = [];
    const progress = { write: (text: string) => lines.push(text), isTTY: false } as unknown as NodeJS.WritableStream;
    const reporter = new ConsoleReporter({ out: { write: () => true } as unknown as NodeJS.WritableStream, progress, color: false });
    reporter.onEvent(finished!);
    expect(lines.join('')).toMatch(new RegExp(`phase sequences: done, \\d+ requests, 6 sequences \\(${perSecond}/s\\) in `));
  }, 120_000);
});
