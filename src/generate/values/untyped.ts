/** Values for a schema without a usable `type`: WordPress validates nothing there, so any realistic scalar goes. */
import fc from 'fast-check';
import { freeText } from '../realistic.js';
import type { ValueBuilder } from './context.js';

export const untypedValues: ValueBuilder = () =>
  fc.oneof(
    { weight: 3, arbitrary: freeText(1, 16) as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 100 }) },
    { weight: 1, arbitrary: fc.boolean() },
  );
