import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQuery } from '../request/query.js';
import { restAreValuesEqual } from '../schema/type-coercion.js';
import { ABSENT, asReceived, classifyRequestCase, receivedParams } from './as-received.js';
import { syntheticOperation } from '../schema/testing/synthetic-operations.js';
import type { RequestCase } from './types.js';

type PhpArray = Record<string, unknown>;

/** PHP's parse_str over a query string (enough of it for bracketed keys): what WordPress's $_GET holds. */
function phpParse(query: string): PhpArray {
  const root: PhpArray = {};
  const isArray = (value: unknown): value is PhpArray => typeof value === 'object' && value !== null;
  for (const [rawKey, value] of new URLSearchParams(query)) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const segments = [...(match[2] as string).matchAll(/\[([^\]]*)\]/g)].map((segment) => segment[1] as string);
    let container = root;
    let key = match[1] as string;
    for (const segment of segments) {
      if (!isArray(container[key])) container[key] = {};
      const next = container[key] as PhpArray;
      const indexes = Object.keys(next)
        .filter((k) => /^(0|[1-9]\d*)$/.test(k))
        .map(Number);
      container = next;
      key = segment === '' ? String(indexes.length === 0 ? 0 : Math.max(...indexes) + 1) : segment;
    }
    container[key] = value;
  }
  return root;
}

const leaf = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const key = fc.stringMatching(/^[a-z_][a-z0-9_]{0,5}$/);
const { value: typedValue } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('object')),
  list: fc.array(tie('value'), { maxLength: 3 }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 3 }),
}));

describe('asReceived in the query matches request/ encoding read back by PHP', () => {
  it('for any typed value', () => {
    fc.assert(
      fc.property(typedValue, (value) => {
        const parsed = phpParse(encodeQuery({ p: value }));
        const received = asReceived(value, 'query');
        expect(received.present).toBe('p' in parsed);
        if (received.present) expect(restAreValuesEqual(received.value, parsed.p), JSON.stringify([received.value, parsed.p])).toBe(true);
      }),
      { seed: 4242, numRuns: 400 },
    );
  });

  it('for the cases that matter to labels', () => {
    expect(asReceived(true, 'query')).toEqual({ present: true, value: 'true' });
    expect(asReceived(5, 'query')).toEqual({ present: true, value: '5' });
    expect(asReceived([], 'query')).toEqual({ present: true, value: '' });
    expect(asReceived({}, 'query')).toEqual({ present: true, value: '' });
    expect(asReceived(null, 'query')).toEqual({ present: false });
    expect(asReceived([null], 'query')).toEqual({ present: false });
    expect(asReceived([1, null, 2], 'query')).toEqual({ present: true, value: ['1', '2'] });
    expect(asReceived([{ a: 1 }, null, { a: 2 }], 'query')).toEqual({ present: true, value: { 0: { a: '1' }, 2: { a: '2' } } });
    expect(asReceived(ABSENT, 'body')).toEqual({ present: false });
    expect(asReceived(Number.NaN, 'body')).toEqual({ present: true, value: null });
    expect(asReceived(7, 'path')).toEqual({ present: true, value: '7' });
  });
});

describe('classifyRequestCase', () => {
  const operation = syntheticOperation('POST', '/test/v1/items/(?P<id>[\\d]+)', {
    id: { type: 'integer', required: true },
    count: { type: 'integer', minimum: 1, required: true },
    note: { type: 'string', required: false },
    mode: { type: 'string', enum: ['a', 'b'], default: 'a', required: true },
    anything: { enum: ['x'], required: false },
  });
  const base: RequestCase = { operationId: operation.id, kind: 'valid', path: { id: '3' }, query: {}, body: { count: 2 } };

  it('accepts a valid case, names an invalid parameter, and names missing ones first', () => {
    expect(classifyRequestCase(operation, base)).toEqual(new Set());
    expect(classifyRequestCase(operation, { ...base, body: { count: 0, note: 5 } })).toEqual(new Set(['count', 'note']));
    expect(classifyRequestCase(operation, { ...base, body: { note: 5 } })).toEqual(new Set(['count']));
    expect(classifyRequestCase(operation, { ...base, body: { count: null } })).toEqual(new Set(['count']));
  });

  it('lets the JSON body win over the query, ignores a GET body, and never validates an untyped argument', () => {
    expect(classifyRequestCase(operation, { ...base, query: { count: 'zero' } })).toEqual(new Set());
    expect(classifyRequestCase(operation, { ...base, body: { count: 2, anything: ['not', 'listed'] } })).toEqual(new Set());
    const get = { ...operation, method: 'GET' as const };
    expect(receivedParams(get, base).present.has('count')).toBe(false);
  });
});
