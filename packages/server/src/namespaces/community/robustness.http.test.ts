/**
 * Property: whatever a caller sends to a community or oEmbed operation, the answer is never a 5xx and no
 * handler throws anything but a WpError. Values are drawn loosely from each argument's declared type (plus
 * ill-typed ones), so most requests get past the core's validation and reach the handlers.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArgSchema, contractOperations } from '@restconform/interface';
import { startReferenceServer, type ReferenceServer } from '../../index.js';
import { RestClient, type Account } from './testing/http-client.js';
import { propertyRuns } from '../../testing/property-runs.js';

let server: ReferenceServer;
let client: RestClient;
const unexpectedErrors: unknown[] = [];

beforeAll(async () => {
  server = await startReferenceServer({ seed: 5, onUnexpectedError: (error) => unexpectedErrors.push(error) });
  client = new RestClient(server);
});

afterAll(async () => {
  await server?.close();
});

/** A value of roughly the declared type; one time in six anything at all. */
function looseValue(schema: ArgSchema): fc.Arbitrary<unknown> {
  const anything = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  );
  const typed = (): fc.Arbitrary<unknown> => {
    if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
    switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
      case 'integer':
        return fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer());
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(schema.items ? looseValue(schema.items) : fc.oneof(fc.string(), fc.integer()), { maxLength: 4 });
      case 'object':
        return fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 });
      case 'string':
        return schema.format === 'email'
          ? fc.emailAddress()
          : fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('admin', 'member', '1', 'https://example.org/', '2024-01-01'));
      default:
        return anything;
    }
  };
  return fc.oneof({ weight: 5, arbitrary: typed() }, { weight: 1, arbitrary: anything });
}

/** A concrete path for a route key: numeric captures small (so they hit seeded ids), word captures short. */
function pathArbitrary(route: string): fc.Arbitrary<string> {
  const parts = route.split(/(\(\?P<[a-z_]+>[^)]+\))/);
  return fc
    .tuple(
      ...parts.map((part) =>
        !part.startsWith('(?P<')
          ? fc.constant(part)
          : part.includes(String.raw`[\d]+`)
            ? fc.integer({ min: 0, max: 40 }).map(String)
            : fc.stringMatching(/^[\w-]{1,10}$/),
      ),
    )
    .map((pieces) => pieces.join(''));
}

const OPERATIONS = contractOperations().filter(
  ({ namespace, route }) => (namespace === 'community/v1' || namespace === 'oembed/1.0') && route !== `/${namespace}`,
);

describe('community and oEmbed operations under arbitrary input', () => {
  it('cover every operation of the two namespaces', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(60);
  });

  it('never answer 5xx', async () => {
    const callers = (): Account[] => [server.credentials.admin, server.credentials.member];
    const operation = fc.constantFrom(...OPERATIONS).chain((op) =>
      fc.record({
        op: fc.constant(op),
        path: pathArbitrary(op.route),
        params: fc.record(
          Object.fromEntries(
            Object.entries(op.endpoint.args)
              .filter(([name]) => !op.route.includes(`<${name}>`))
              .map(([name, schema]) => [name, looseValue(schema)]),
          ),
          { requiredKeys: [] },
        ),
        caller: fc.constantFrom<number | null>(0, 1, null),
      }),
    );
    const failures: string[] = [];
    // A run may delete the built-in member (DELETE members/me is allowed); put it back so later runs stay signed in.
    const builtInMember = server.store.members.get(2)!;
    await fc.assert(
      fc.asyncProperty(operation, async ({ op, path, params, caller }) => {
        const as = caller === null ? null : callers()[caller];
        const reply =
          op.method === 'GET' ? await client.call(op.method, path, { as, query: params }) : await client.call(op.method, path, { as, body: params });
        if (!server.store.members.has(2)) server.store.members.set(2, builtInMember);
        if (reply.status >= 500) failures.push(`${op.method} ${path} ${JSON.stringify(params)} → ${reply.status} ${JSON.stringify(reply.body)}`);
        return reply.status < 500;
      }),
      { seed: 20240601, numRuns: propertyRuns(1000, 200) },
    );
    expect(failures).toEqual([]);
    expect(unexpectedErrors).toEqual([]);
  });
});
