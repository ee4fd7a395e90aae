import { describe, expect, it } from 'vitest';
import type { ArgDescriptor } from '../descriptor/types.js';
import { classifyArgs, classifyRequestArgs, isValidatedArg } from './index.js';

describe('classifyArgs', () => {
  const args: Record<string, ArgDescriptor> = {
    per_page: { type: 'integer', minimum: 1, maximum: 100, default: 10, required: false },
    name: { type: 'string', required: true },
    type: { type: 'string', enum: ['user'], default: 'user', required: true },
    format: { enum: ['json', 'xml'], required: false },
    anything: { type: [] as never, required: false },
  };
  const present = (params: Record<string, unknown>) => new Set(Object.keys(params));

  it('names missing required arguments first, counting JSON null as missing, but not one with a default', () => {
    const params = { per_page: '1000', name: null };
    expect(classifyArgs(args, params, present(params))).toEqual(new Set(['name']));
    expect(classifyRequestArgs(args, params, present(params)).missing).toEqual(['name']);
  });

  it('then names the invalid ones, and validates only arguments with a type', () => {
    const params = { per_page: '1000', name: 'x', format: 'yaml', anything: 5 };
    expect(classifyArgs(args, params, present(params))).toEqual(new Set(['per_page']));
    expect(classifyRequestArgs(args, params, present(params)).invalid).toEqual({ per_page: 'rest_out_of_bounds' });
    expect(isValidatedArg(args.format as ArgDescriptor)).toBe(false);
    expect(isValidatedArg(args.anything as ArgDescriptor)).toBe(false);
  });

  it('validates defaults too, and ignores parameters it does not declare or that were not sent', () => {
    const broken = { ...args, per_page: { ...(args.per_page as ArgDescriptor), default: 0 } };
    const params = { name: 'x', unknown: 'whatever' };
    expect(classifyArgs(broken, params, present(params))).toEqual(new Set(['per_page']));
    expect(classifyArgs(args, { name: 'x', per_page: 'nope' }, new Set(['name']))).toEqual(new Set());
  });

  it('holds a sent value and the default alike, the value first, every time it is asked', () => {
    const broken = { ...args, per_page: { ...(args.per_page as ArgDescriptor), default: 0 } };
    for (let call = 0; call < 3; call++) {
      expect(classifyRequestArgs(broken, { name: 'x' }, new Set(['name'])).invalid).toEqual({ per_page: 'rest_out_of_bounds' });
      expect(classifyRequestArgs(broken, { name: 'x', per_page: '5' }, new Set(['name', 'per_page'])).invalid).toEqual({ per_page: 'rest_out_of_bounds' });
      expect(classifyRequestArgs(broken, { name: 'x', per_page: 'many' }, new Set(['name', 'per_page'])).invalid).toEqual({ per_page: 'rest_invalid_type' });
      expect(classifyRequestArgs(args, { name: 'x', per_page: '5' }, new Set(['name', 'per_page'])).invalid).toEqual({});
    }
  });
});
