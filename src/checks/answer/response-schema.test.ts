import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseItemSchema, type ItemSchemaSet } from '../../descriptor/index.js';
import { answerSchema } from '../../schema/answer-json-schema.js';
import { AnswerValidators, contextOfAnswer, itemsOfAnswer } from '../answer-validators.js';
import { fakeContext, fakeOperation, jsonExchange } from '../testing/exchange-builders.js';
import { responseSchema } from './response-schema.js';

const USERS = '/wp/v2/users';
const HELP = JSON.parse(readFileSync(new URL('../../../fixtures/wordpress-6.1-help.json', import.meta.url), 'utf8')) as Record<
  string,
  { routes: Record<string, { schema?: unknown }> }
>;
const USER_SCHEMA = parseItemSchema(USERS, 'wp/v2', HELP['wp/v2']!.routes[USERS]!.schema, 'help')!;

function schemas(): AnswerValidators {
  const set: ItemSchemaSet = { locale: 'en_gb', schemas: new Map([[USERS, USER_SCHEMA]]), warnings: [], requests: 1 };
  return new AnswerValidators([set]);
}

/** A user as WordPress 6.1 answers it in view context. */
const USER_VIEW = {
  id: 1,
  name: 'admin',
  url: 'http://127.0.0.1',
  description: '',
  link: 'http://127.0.0.1/author/admin/',
  slug: 'admin',
  avatar_urls: { 24: 'http://gravatar/24', 48: 'http://gravatar/48', 96: 'http://gravatar/96' },
  meta: [],
};

function run(body: unknown, query: Record<string, unknown> = {}, method: 'GET' | 'POST' = 'GET') {
  const operation = fakeOperation(method, USERS, { context: { required: false, type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' } });
  const ctx = fakeContext({ operation, answerSchemas: schemas(), requestCase: { query } });
  const exchange = jsonExchange(method === 'POST' ? 201 : 200, body);
  exchange.request.method = method;
  return responseSchema.judge({ context: ctx, exchange: exchange });
}

describe('response_schema', () => {
  it('passes WordPress 6.1 user answers in view and edit context', () => {
    expect(run([USER_VIEW, USER_VIEW])).toEqual([]);
    expect(run([{ ...USER_VIEW, username: 'admin', email: 'admin@example.org', roles: ['administrator'] }], { context: 'edit' })).toEqual([]);
  });

  it('fires on a wrong type, a required edit field missing, a value WordPress would reject as a date', () => {
    expect(run([{ ...USER_VIEW, id: '1' }])[0]!.message).toMatch(/item 0: `id` must be integer/);
    // email is required (on create) and shown in edit: an edit answer without it breaks the schema…
    expect(run([{ ...USER_VIEW, username: 'admin' }], { context: 'edit' })[0]!.message).toMatch(/must have required property 'email'/);
    // …while a view answer never needs it; and a write answers in edit context.
    expect(run({ ...USER_VIEW, username: 'admin' }, {}, 'POST')[0]!.message).toMatch(/context edit .*'email'/);
    // WordPress reads dates without a zone; month 13 it rejects.
    expect(run({ ...USER_VIEW, username: 'admin', email: 'a@example.org', registered_date: '2024-01-31T10:00:00' }, { context: 'edit' })).toEqual([]);
    expect(run({ ...USER_VIEW, username: 'admin', email: 'a@example.org', registered_date: '2024-13-31T10:00:00' }, { context: 'edit' })[0]!.message).toMatch(
      /registered_date` must match format "wp-date-time"/,
    );
  });

  it('leaves answers shaped by _fields, failures and servers without schemas alone', () => {
    expect(run([{ id: 'x' }], { _fields: 'id' })).toEqual([]);
    const ctx = fakeContext({ operation: fakeOperation('GET', USERS) });
    expect(responseSchema.judge({ context: ctx, exchange: jsonExchange(200, [{ id: 'x' }]) })).toEqual([]);
  });
});

describe('answer schemas', () => {
  it('translates WordPress formats, context lists and unknown types', () => {
    const schema = answerSchema(
      {
        type: 'object',
        properties: {
          when: { type: 'string', format: 'date-time', context: ['view'] },
          link: { type: 'string', format: 'uri' },
          flag: { type: 'bool' as never },
          secret: { type: 'string', context: ['edit'], required: true },
        },
      },
      'view',
    );
    // An object may come as [] (PHP's empty array); a property outside the context is neither shown nor required.
    expect(schema).toEqual({
      type: ['object', 'array'],
      maxItems: 0,
      properties: { when: { type: 'string', format: 'wp-date-time' }, link: { type: 'string' }, flag: {} },
    });
    const validator = schemas();
    expect(validator.validator('en_gb', USERS, 'view')!.validate({ ...USER_VIEW, link: 'not a uri but WordPress never rejects one' })).toBeUndefined();
  });

  it('reads the context of an answer and the items it holds', () => {
    expect(contextOfAnswer('GET', {}, 'embed')).toBe('embed');
    expect(contextOfAnswer('GET', { context: 'edit' }, 'view')).toBe('edit');
    expect(contextOfAnswer('DELETE', {}, undefined)).toBe('edit');
    expect(itemsOfAnswer({ deleted: true, previous: { id: 1 } }, USER_SCHEMA)).toEqual([{ id: 1 }]);
    expect(itemsOfAnswer({ post: { name: 'Posts' }, page: { name: 'Pages' } }, USER_SCHEMA)).toEqual([{ name: 'Posts' }, { name: 'Pages' }]);
    expect(itemsOfAnswer({ id: 1, name: 'x' }, USER_SCHEMA)).toEqual([{ id: 1, name: 'x' }]);
    // A slug that happens to be a property name does not make a map an item.
    expect(itemsOfAnswer({ name: { id: 1 }, post: { id: 2 }, page: { id: 3 } }, USER_SCHEMA)).toHaveLength(3);
  });
});

describe('AnswerValidators', () => {
  it('compiles a schema once for every locale and route that publishes it, and still judges each by its own', () => {
    const translatedUsers = JSON.parse(
      JSON.stringify(HELP['wp/v2']!.routes[USERS]!.schema).replaceAll('"description":"', '"description":"Ελληνικά: '),
    ) as unknown;
    const greek = parseItemSchema(USERS, 'wp/v2', translatedUsers, 'help')!;
    const narrower = parseItemSchema(
      '/wp/v2/users/me',
      'wp/v2',
      { ...USER_SCHEMA.published, properties: { id: { type: 'string', context: ['view'] } } },
      'help',
    )!;
    const shared = new AnswerValidators([
      {
        locale: 'en_gb',
        schemas: new Map([
          [USERS, USER_SCHEMA],
          ['/wp/v2/users/me', narrower],
        ]),
        warnings: [],
        requests: 1,
      },
      {
        locale: 'el',
        schemas: new Map([
          [USERS, greek],
          ['/wp/v2/users/(?P<id>[\\d]+)', USER_SCHEMA],
        ]),
        warnings: [],
        requests: 1,
      },
    ]);
    shared.compileAll();
    const english = shared.validator('en_gb', USERS, 'view');
    expect(shared.validator('el', USERS, 'view')).toBe(english);
    expect(shared.validator('el', '/wp/v2/users/(?P<id>[\\d]+)', 'view')).toBe(english);
    expect(shared.validator('en_gb', USERS, 'edit')).not.toBe(english);
    const other = shared.validator('en_gb', '/wp/v2/users/me', 'view')!;
    expect(other).not.toBe(english);
    expect(english?.validate(USER_VIEW)).toBeUndefined();
    expect(other.validate(USER_VIEW)).toMatch(/`id` must be string/);
  });
});
