/**
 * invalid_format: a string the format's check refuses, for the formats WordPress validates only
 * (date-time, email, ip, uuid, hex-color). `uri`, `text-field` and `textarea-field` are never rejected.
 */
import fc from 'fast-check';
import { isValidatedFormat, VALIDATED_FORMATS, type ValidatedFormat } from '../../schema/formats.js';
import type { MutationOperator } from './types.js';
import { hasType } from './schema-facts.js';

const MALFORMED: Record<ValidatedFormat, string[]> = {
  email: ['not-an-email', 'a@b', '@example.com', 'user@', 'user@@example.com', 'user@exa mple.com', 'user@-example.com', 'user@example..com'],
  // Only strings the RFC 3339 expression itself refuses: what PHP's strtotime makes of odd dates is left alone.
  'date-time': ['2016-06-30', 'yesterday', '2016-06-30T25', '30/06/2016 10:00', '2016-06-30T05:43', '20161027T163355Z'],
  ip: ['3333.3333.3333.3333', '1', 'not-an-ip', '::1::2', '1.2.3', '256.1.1.1', 'fe80:::1'],
  uuid: ['not-a-uuid', '123E4567-E89B-12D3-A456-426655440000', '123e4567-e89b-12d3-a456-42665544000', '{123e4567-e89b-12d3-a456-426655440000}'],
  'hex-color': ['#ggg', 'fff', '#ffff', '#12345', 'red', '#1234567'],
};

export const invalidFormat: MutationOperator = {
  rule: 'invalid_format',
  codes: Object.values(VALIDATED_FORMATS),
  nested: true,
  candidates(schema) {
    if (!isValidatedFormat(schema.format) || !hasType(schema, 'string')) return null;
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...MALFORMED[schema.format]) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
    );
  },
  describe(schema) {
    return `format ${schema.format}`;
  },
};
