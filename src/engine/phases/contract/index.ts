/**
 * Phase `contract`: each locale's descriptor compared with the contract (the interface document as data, or a
 * contract file). Each finding carries the request that fetches the descriptor.
 */
import { diffDescriptorWithContract } from '../../../contract/diff.js';
import { contractOwnNamespaces, servedOwnNamespaces } from '../../../contract/served.js';
import type { Contract } from '@restconform/interface';
import type { LoadedDescriptor } from '../../../descriptor/types.js';
import { judgeDifference } from '../../descriptor-difference.js';
import type { Phase } from '../phase.js';
import { fetchRootAgain } from '../../root-request.js';
import { CONTRACT_CHECKS } from '../../../checks/contract/index.js';

const PHASE = 'contract';

/** One locale's comparison with the contract: a split run does it in one shard. */
function contractUnit(descriptor: LoadedDescriptor): string {
  return `${PHASE} (${descriptor.locale ?? 'no locale'})`;
}

/**
 * Why a comparison would judge nothing: no descriptor serves any of the contract's own namespaces (a plain
 * WordPress against the built-in contract), so it would fail once per namespace the target never had. A target
 * serving some of them is compared, and fails the ones it lacks.
 */
function notImplemented(contract: Contract, descriptors: readonly LoadedDescriptor[]): string | undefined {
  const own = contractOwnNamespaces(contract);
  if (own.length === 0 || descriptors.some((descriptor) => servedOwnNamespaces(descriptor.root, contract).length > 0)) return undefined;
  return `the target serves none of the contract's namespaces (${own.join(', ')}): it does not implement this interface; compare it with its own contract (--contract FILE) or pass --contract none`;
}

export const contractPhase: Phase = {
  name: PHASE,
  description: "Each locale's descriptor compared with the contract: namespaces, routes (by meaning), methods, parameters and their keywords.",
  checks: CONTRACT_CHECKS,
  budgetShare: 0.02,
  // One comparison per locale's descriptor, with the contract already in hand.
  workload: (ctx) => 2 * ctx.descriptors.length,
  skipReason: (ctx) =>
    ctx.contract === undefined
      ? 'no contract (--contract none)'
      : ctx.descriptors.length === 0
        ? 'no descriptor loaded'
        : notImplemented(ctx.contract, ctx.descriptors),
  units: (ctx) => (!ctx.hasContract ? [] : ctx.descriptors.map((descriptor) => ({ name: contractUnit(descriptor), cost: 1 }))),
  async gather(ctx) {
    const contract = ctx.contract!;
    for (const descriptor of ctx.descriptors) {
      if (ctx.execution.stopped) return;
      if (!ctx.shard.owns(contractUnit(descriptor))) continue;
      const differences = diffDescriptorWithContract(descriptor.root, contract);
      if (differences.length === 0) continue;
      const exchange = await fetchRootAgain(ctx, descriptor, PHASE);
      for (const difference of differences)
        judgeDifference(ctx.execution, CONTRACT_CHECKS, difference, { locale: descriptor.locale, phase: PHASE, exchanges: [exchange] });
    }
  },
};
