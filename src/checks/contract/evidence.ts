/**
 * What the contract checks judge: one difference between a locale's descriptor and the contract, as the contract's
 * comparison (`diffDescriptorWithContract`) finds it. The contract is data in the descriptor's own terms, so the
 * difference is plain data too.
 */
import type { ContractDifference } from '../../contract/diff.js';

/** One departure of a descriptor from what it is compared with, with the route and method it is about. */
export type DescriptorDifference = ContractDifference;
