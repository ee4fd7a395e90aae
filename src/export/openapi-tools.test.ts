/**
 * The OpenAPI export read by the field's tools, as an API team would feed it to them: the bundled server's export
 * (published schemas included) is served by Prism's mock server, which must answer one request per operation with a
 * status the operation declares, and linted by Redocly, which must find no problem. Both forms are tried: anyOf of
 * single-type schemas (the default) and `--type-lists`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemSchema } from '../descriptor/index.js';
import type { JsonSchema, LoadedDescriptor } from '../descriptor/types.js';
import { temporaryFolders } from '../testing/temporary-folders.js';
import { buildExport } from './index.js';
import type { OpenApiDocument } from './openapi.js';
import { referenceDescriptorWithSchemas } from './testing/descriptors.js';
import { exampleRequest } from './testing/example-values.js';
import { redoclyLint, startPrismMock, type LintResult, type PrismMock } from './testing/field-tools.js';

const folder = temporaryFolders();
let reference: { descriptor: LoadedDescriptor; schemas: ReadonlyMap<string, ItemSchema> };

beforeAll(async () => {
  reference = await referenceDescriptorWithSchemas();
});

/** Requests in flight at once: Prism answers each in a few milliseconds of its own, the round trips overlap. */
const IN_FLIGHT = 4;

/** Every operation of a document: its OpenAPI path, method and object. */
function operationsOf(document: OpenApiDocument): { template: string; method: string; operation: JsonSchema }[] {
  return Object.entries(document.paths as Record<string, Record<string, JsonSchema>>).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({ template, method: method.toUpperCase(), operation })),
  );
}

/** The statuses an operation names (`default` and ranges such as `4XX` are not a route's answer to a valid request). */
const declaredStatuses = (operation: JsonSchema): string[] => Object.keys(operation.responses as object).filter((status) => /^\d{3}$/.test(status));

async function send(prism: PrismMock, method: string, path: string, body?: string): Promise<{ status: number; text: string; violations: string }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${prism.url}${path}`, { method, headers, body });
  return { status: response.status, text: await response.text(), violations: response.headers.get('sl-violations') ?? '' };
}

describe.each([
  { form: 'anyOf of single-type schemas (the default)', typeLists: false },
  { form: 'type lists (--type-lists)', typeLists: true },
])('the OpenAPI export as $form, read by Prism and Redocly', ({ typeLists }) => {
  let document: OpenApiDocument;
  let prism: PrismMock;
  let lint: Promise<LintResult>;

  beforeAll(async () => {
    // As `restconform export openapi` writes it for the bundled server (the server's URL included: Prism ignores it).
    const openapi = { serverUrl: 'http://127.0.0.1:8080/en_gb/wp-json', source: 'reference server', schemas: reference.schemas, typeLists };
    const [exported] = await buildExport('openapi', { descriptor: reference.descriptor, openapi });
    document = JSON.parse(exported!.content) as OpenApiDocument;
    const file = join(await folder('restconform-openapi-'), 'openapi.json');
    await writeFile(file, exported!.content);
    // The linter runs while Prism starts and answers: two processes, judged by separate tests.
    lint = redoclyLint(file);
    prism = await startPrismMock(file);
  });

  afterAll(async () => {
    await prism?.close();
  });

  it('is served by Prism: every operation answers a request with a status it declares', async () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    const queue = [...operations];
    const worker = async (): Promise<void> => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { template, method, operation } = next;
        const request = exampleRequest(template, operation);
        const answer = await send(prism, method, request.path, request.body);
        if (!declaredStatuses(operation).includes(String(answer.status))) {
          wrong.push(`${method} ${request.path} ${request.body ?? ''} -> ${answer.status} ${answer.violations || answer.text.slice(0, 300)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    expect(wrong.sort(), prism.output().slice(-2000)).toEqual([]);
  });

  it('is held to by Prism: a path variable off its pattern and a create without its required members are refused', async () => {
    expect((await send(prism, 'GET', '/community/v1/members/not-a-number')).status).toBe(422);
    const create = await send(prism, 'POST', '/community/v1/members', '{}');
    expect(create.status).toBe(422);
    expect(create.violations).toContain('user_login');
  });

  it('passes Redocly lint with the repository’s redocly.yaml: exit 0, no error, no warning', async () => {
    const { problems, totals, exitCode } = await lint;
    expect(problems).toEqual([]);
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(exitCode).toBe(0);
  });
});
