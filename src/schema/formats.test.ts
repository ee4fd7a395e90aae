import { describe, expect, it } from 'vitest';
import { passesFormat } from './formats.js';
import { classifyValue } from './wordpress-rules.js';

describe('date-time format', () => {
  it('rejects every spelling of the Unix epoch: rest_parse_date returns 0, which WordPress reads as false', () => {
    for (const epoch of ['1970-01-01T00:00:00', '1970-01-01 00:00:00Z', '1970-01-01T00:00:00.5Z', '1970-01-01T02:00:00+02:00']) {
      expect(passesFormat('date-time', epoch)).toBe(false);
      expect(classifyValue({ type: 'string', format: 'date-time' }, epoch, 'before')).toEqual({ valid: false, code: 'rest_invalid_date', param: 'before' });
    }
  });

  it('accepts the seconds next to it', () => {
    expect(passesFormat('date-time', '1970-01-01T00:00:01')).toBe(true);
    expect(passesFormat('date-time', '1969-12-31T23:59:59Z')).toBe(true);
  });
});
