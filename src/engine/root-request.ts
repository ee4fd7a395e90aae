/**
 * Fetches a locale's root descriptor again, so that a finding about the descriptor carries the request that
 * shows it (its curl line) and the answer.
 */
import type { LoadedDescriptor } from '../descriptor/types.js';
import type { Exchange } from '../http/types.js';
import type { PhaseContext } from './phases/phase.js';
import { syntheticOperation } from './synthetic-operation.js';

export async function fetchRootAgain(ctx: PhaseContext, descriptor: LoadedDescriptor, phase: string): Promise<Exchange> {
  const declared = descriptor.operations.find((op) => op.route === '/' && op.method === 'GET');
  const op = declared ?? syntheticOperation(descriptor.locale, 'GET', '/');
  const executed = await ctx.execution.execute(op, { operationId: op.id, kind: 'valid', path: {}, query: {}, body: undefined }, phase, {
    probe: declared === undefined,
  });
  return executed.exchange;
}
