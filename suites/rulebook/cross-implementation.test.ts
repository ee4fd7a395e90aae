/**
 * The two implementations of WordPress's rule book held against each other (architecture decision 3):
 * every value the harness's generator labels valid, the reference server's own validator accepts; every value
 * it labels invalid, the server rejects with 400 naming that parameter. First over the schemas of WordPress's
 * validation vectors, then over every operation of the reference descriptor in both locales, with the request
 * encoded as it travels (PHP-style query string, JSON body) and decoded as the server decodes it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchDescriptor, type LoadedDescriptor, type Operation } from '../../src/descriptor/index.js';
import { buildOperationGenerators, operationSeed } from '../../src/generate/index.js';
import { labelledValues, supportedVectorSchemas } from '../../src/generate/testing/vector-properties.js';
import type { RequestCase } from '../../src/generate/types.js';
import { buildRequest } from '../../src/request/index.js';
import { parsePhpQuery, processRequestArgs, type ReferenceServer, startReferenceServer, WpError } from '@restconform/server';
import type { ArgDescriptor } from '../../src/descriptor/types.js';

/** The parameter names the server's validator refuses for these inputs (none when it accepts). */
function serverRefuses(args: Record<string, ArgDescriptor>, input: Parameters<typeof processRequestArgs>[1]): string[] {
  const outcome = processRequestArgs(args, input);
  if (!(outcome instanceof WpError)) return [];
  const params = outcome.data.params;
  return Array.isArray(params) ? (params as string[]) : Object.keys(params as Record<string, unknown>);
}

describe('generator vs the server validator on the vector schemas', () => {
  for (const location of ['body', 'query'] as const) {
    it(`agrees on every labelled value sent in the ${location}`, () => {
      const schemas = supportedVectorSchemas(location);
      expect(schemas.length).toBeGreaterThan(80);
      const disagreements: string[] = [];
      let values = 0;
      for (const schema of schemas) {
        // A draft-4 `required` list stays: at the top level WordPress reads it as the object's required properties.
        const args = { param: { ...schema, required: Array.isArray(schema.required) ? schema.required : false } as ArgDescriptor };
        for (const { value, valid, rule } of labelledValues(schema, location, 11)) {
          if (value === undefined) continue;
          values += 1;
          const input = location === 'body' ? { captures: {}, query: {}, body: { param: value } } : { captures: {}, query: { param: value }, body: undefined };
          const refused = serverRefuses(args, input).includes('param');
          if (refused === valid)
            disagreements.push(
              `${JSON.stringify(schema)} ${JSON.stringify(value)}: labelled ${valid ? 'valid' : `invalid (${rule})`}, server ${refused ? 'refuses' : 'accepts'}`,
            );
        }
      }
      console.log(`rule book cross-check (${location}): ${schemas.length} vector schemas, ${values} labelled values`);
      expect(disagreements).toEqual([]);
    });
  }
});

describe('generator vs the server validator on every reference operation', () => {
  let server: ReferenceServer;
  const descriptors: LoadedDescriptor[] = [];

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, seed: 5 });
    for (const locale of ['en_gb', 'el']) descriptors.push(await fetchDescriptor({ baseUrl: server.url, restRoot: 'wp-json', locale }));
  });
  afterAll(() => server.close());

  /** What the server's validator sees of a case after the request travels: PHP query, JSON body, captures. */
  function asTheServerDecodes(op: Operation, requestCase: RequestCase): Parameters<typeof processRequestArgs>[1] {
    const request = buildRequest({ restUrl: 'http://127.0.0.1/x', operation: op, requestCase });
    const url = new URL(request.url);
    const path = url.pathname.slice('/x'.length);
    const captures = op.pattern.matcher.exec(path)?.groups ?? {};
    const definedCaptures = Object.fromEntries(Object.entries(captures).filter(([, v]) => v !== undefined)) as Record<string, string>;
    return { captures: definedCaptures, query: parsePhpQuery(url.search), body: request.body === undefined ? undefined : JSON.parse(request.body) };
  }

  it('accepts every valid case and refuses every invalid case naming its parameter', () => {
    const disagreements: string[] = [];
    let cases = 0;
    for (const descriptor of descriptors) {
      for (const op of descriptor.operations) {
        const generators = buildOperationGenerators(op);
        const seed = operationSeed(5, op.id);
        const samples = [
          ...fc.sample(generators.valid, { seed, numRuns: 8 }),
          ...generators.boundary(),
          ...(generators.invalid ? fc.sample(generators.invalid, { seed, numRuns: 8 }) : []),
        ];
        for (const requestCase of samples) {
          cases += 1;
          const refused = serverRefuses(op.args, asTheServerDecodes(op, requestCase));
          const mutation = requestCase.mutation;
          const agrees = mutation ? refused.includes(mutation.param) : refused.length === 0;
          if (!agrees)
            disagreements.push(`${op.id}: ${mutation ? `${mutation.description} [${mutation.rule}]` : 'valid case'} → server refuses [${refused.join(', ')}]`);
        }
      }
    }
    console.log(`rule book cross-check: ${cases} cases over ${descriptors.reduce((n, d) => n + d.operations.length, 0)} operations`);
    expect(disagreements.slice(0, 20)).toEqual([]);
  });

  it('makes the same requests from the same seed', () => {
    for (const op of descriptors[0]!.operations.slice(0, 40)) {
      const sample = (): string[] => {
        const generators = buildOperationGenerators(op);
        return fc
          .sample(generators.valid, { seed: 9, numRuns: 5 })
          .map((c) => JSON.stringify(buildRequest({ restUrl: server.restUrl('en_gb'), operation: op, requestCase: c })));
      };
      expect(sample()).toEqual(sample());
    }
  });
});
