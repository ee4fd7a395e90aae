/** A create that needs an argument its descriptor does not declare: one finding; the run learns a value for it (or takes extra-values') and goes on. */
import { afterEach, describe, expect, it } from 'vitest';
import { statefulPhase } from './index.js';
import { requiresUndeclared } from '../../testing/faults.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';

const SIGNUP = '/community/v1/signup';

let server: FaultyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function runWith(extraValues?: Record<string, Record<string, unknown>>) {
  server = await startFaultyServer({ seed: 5, faults: [requiresUndeclared('POST', /^\/community\/v1\/signup$/, 'field_3')] });
  return runPhase(statefulPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, extraValues });
}

describe('a route that requires an argument its descriptor does not declare', () => {
  it('is one finding, however many requests it refuses', async () => {
    const { findings, events } = await runWith();
    const undeclared = findings.filter((finding) => finding.check === 'undeclared_required_argument');
    expect(findingLines(undeclared)).toEqual([
      `undeclared_required_argument failure en_gb POST ${SIGNUP}: POST ${SIGNUP} needs "field_3", an argument the descriptor does not declare (400 rest_missing_callback_param naming it); extra-values in the configuration can give it a value`,
    ]);
    expect(undeclared[0]!.argument).toBe('field_3');
    // The run learns the argument from the refusal and gives it a value: the life cycle and the activation finish.
    const sequences = events.flatMap((event) => (event.type === 'sequence' ? [event.sequence] : []));
    // The activation, a security probe, runs first and so is the sequence that learns it.
    const activation = sequences.find((sequence) => sequence.name === 'signup activation');
    expect(activation?.outcome).toBe('passed');
    expect(activation?.steps.map((step) => step.step)).toContain('learnt field_3');
    expect(sequences.find((sequence) => sequence.name === 'community/v1 signup life cycle')?.outcome).toBe('passed');
    expect(findings.filter((finding) => finding.check !== 'undeclared_required_argument')).toEqual([]);
  });

  it('is given by extra-values, and the signup sequences then finish', async () => {
    const { findings, events } = await runWith({ [SIGNUP]: { field_3: 'Ada' } });
    expect(findingLines(findings)).toEqual([]);
    const activations = events.filter((event) => event.type === 'exchange' && event.operation.route.startsWith(`${SIGNUP}/activate`) && event.status === 200);
    expect(activations.length).toBeGreaterThan(0);
  });
});
