/**
 * The stateful phase's security probe (activating a signup by its id, anonymous first) runs before every other
 * sequence and past a spent share; a run stopped before it could send it says so as incomplete, naming it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { INTERRUPTED } from '../../execution/control.js';
import { runPhase } from '../../testing/phase-run.js';
import type { Phase } from '../phase.js';
import { statefulPhase } from './index.js';

describe("the stateful phase's security probe", () => {
  let reference: ReferenceServer | undefined;
  afterAll(async () => {
    await reference?.close();
  });

  it('runs past a spent share, and a run stopped before it names it as not sent', async () => {
    reference = await startReferenceServer({ port: 0, seed: 3 });
    const incomplete: string[][] = [];
    const at = (stop: 'share' | 'run'): Phase => ({
      ...statefulPhase,
      gather: async (ctx) => {
        if (stop === 'share') ctx.execution.limitPhase(Date.now() - 1);
        else ctx.execution.control.stop(INTERRUPTED);
        await statefulPhase.gather(ctx);
        incomplete.push([...ctx.execution.incompleteWork]);
      },
    });
    const ran = async (stop: 'share' | 'run'): Promise<string[]> => {
      const { events } = await runPhase(at(stop), { url: reference!.url, locales: ['en_gb'], credentials: reference!.credentials.admin });
      return events.flatMap((event) => (event.type === 'sequence' && event.sequence.outcome !== 'skipped' ? [event.sequence.name] : []));
    };
    expect(await ran('share')).toEqual(['signup activation']);
    expect(await ran('run')).toEqual([]);
    expect(incomplete).toEqual([[], ['stateful: signup activation (en_gb), a security probe, not sent (the run had stopped)']]);
  });
});
