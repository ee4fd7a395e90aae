/**
 * Phase `contract`: each locale's descriptor compared with the contract (the interface document as data, or a
 * contract file). Each finding carries the request that fetches the descriptor.
 */
import { diffDescriptorWithContract, type ContractDifference } from '../../contract/diff.js';
import type { LoadedDescriptor } from '../../descriptor/types.js';
import type { PhaseCheck } from './index.js';
import type { Phase } from './phase.js';
import { fetchRootAgain } from './root-request.js';

const PHASE = 'contract';

export const CONTRACT_DRIFT: PhaseCheck = {
  name: 'contract_drift',
  severity: 'failure',
  judges: 'descriptor',
  description:
    'The descriptor serves every namespace, route, method and parameter of the contract, with the same type, format, enum, default, bounds, maxItems, required flag and batch permission.',
};

export const CONTRACT_UNDOCUMENTED_ROUTE: PhaseCheck = {
  name: 'contract_undocumented_route',
  severity: 'warning',
  judges: 'descriptor',
  description: 'Every route and method the descriptor serves in a namespace the contract documents is in the contract.',
};

export const CONTRACT_CHECKS: readonly PhaseCheck[] = [CONTRACT_DRIFT, CONTRACT_UNDOCUMENTED_ROUTE];

function checkFor(difference: ContractDifference): PhaseCheck {
  return difference.kind === 'added_route' || difference.kind === 'added_method' ? CONTRACT_UNDOCUMENTED_ROUTE : CONTRACT_DRIFT;
}

/** One locale's comparison with the contract: a split run does it in one shard. */
function contractUnit(descriptor: LoadedDescriptor): string {
  return `${PHASE} (${descriptor.locale ?? 'no locale'})`;
}

export const contractPhase: Phase = {
  name: PHASE,
  description: "Each locale's descriptor compared with the contract: namespaces, routes (by meaning), methods, parameters and their keywords.",
  checks: CONTRACT_CHECKS,
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
      for (const difference of differences) {
        const check = checkFor(difference);
        ctx.run.report({
          check: check.name,
          severity: difference.severity,
          operation: { locale: descriptor.locale, method: difference.method ?? '*', route: difference.subjectRoute ?? difference.route },
          message: difference.message,
          phase: PHASE,
          exchanges: [exchange],
        });
      }
    }
  },
};
