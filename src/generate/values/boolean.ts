/** Valid booleans: mostly true/false, sometimes another spelling WordPress accepts. */
import fc from 'fast-check';
import type { ValueBuilder } from './context.js';
import { alternativeSpellings } from './spellings.js';

export const booleanValues: ValueBuilder = (_schema, context) => {
  const spellings = [...alternativeSpellings(true, 'boolean', context.location), ...alternativeSpellings(false, 'boolean', context.location)];
  return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, { weight: 1, arbitrary: fc.constantFrom(...spellings) });
};
