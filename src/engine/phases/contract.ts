/**
 * Phase `contract`: each locale's descriptor compared with the contract (the interface document as data, or a
 * contract file). Each finding carries the request that fetches the descriptor.
 */
import { contractDrift } from '../../checks/contract/contract-drift.js';
import { contractUndocumentedRoute } from '../../checks/contract/contract-undocumented-route.js';
import { diffDescriptorWithContract } from '../../contract/diff.js';
import type { LoadedDescriptor } from '../../descriptor/types.js';
import { judgeDifference } from './descriptor-difference.js';
import type { Phase } from './phase.js';
import { fetchRootAgain } from './root-request.js';

const PHASE = 'contract';

const CONTRACT_CHECKS = [contractDrift, contractUndocumentedRoute];

/** One locale's comparison with the contract: a split run does it in one shard. */
function contractUnit(descriptor: LoadedDescriptor): string {
  return `${PHASE} (${descriptor.locale ?? 'no locale'})`;
}

export const contractPhase: Phase = {
  name: PHASE,
  description: "Each locale's descriptor compared with the contract: namespaces, routes (by meaning), methods, parameters and their keywords.",
  checks: CONTRACT_CHECKS,
  budgetShare: 0.02,
  // One comparison per locale's descriptor, with the contract already in hand.
  workload: (ctx) => 2 * ctx.descriptors.length,
  skipReason: (ctx) => (ctx.contract === undefined ? 'no contract (--contract none)' : ctx.descriptors.length === 0 ? 'no descriptor loaded' : undefined),
  units: (ctx) => (!ctx.hasContract ? [] : ctx.descriptors.map((descriptor) => ({ name: contractUnit(descriptor), cost: 1 }))),
  async run(ctx) {
    const contract = ctx.contract!;
    for (const descriptor of ctx.descriptors) {
      if (ctx.run.stopped) return;
      if (!ctx.shard.owns(contractUnit(descriptor))) continue;
      const differences = diffDescriptorWithContract(descriptor.root, contract);
      if (differences.length === 0) continue;
      const exchange = await fetchRootAgain(ctx, descriptor, PHASE);
      for (const difference of differences)
        judgeDifference(ctx.run, CONTRACT_CHECKS, difference, { locale: descriptor.locale, phase: PHASE, exchanges: [exchange] });
    }
  },
};
