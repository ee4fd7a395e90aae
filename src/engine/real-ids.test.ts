import { describe, expect, it } from 'vitest';
import type { Operation } from '../descriptor/types.js';
import type { RequestCase } from '../generate/types.js';
import { labelStillHolds } from './labels.js';
import { OwnedResources } from './owned-resources.js';
import { answered, WORDPRESS, wordpressOperation } from './testing/wordpress-answers.js';
import type { PhaseContext } from './phases/phase.js';
import { withRealIds } from './real-ids.js';

describe('real ids in generated cases', () => {
  const wordpress = WORDPRESS;
  const op = wordpressOperation;
  const answer = answered;
  const valid = (target: Operation, query: Record<string, unknown>, body?: Record<string, unknown>): RequestCase => ({
    operationId: target.id,
    kind: 'valid',
    path: {},
    query,
    body,
  });

  it('puts an id the run made into an argument that names a parent family, for about half the cases, and every case stays valid', () => {
    const owned = new OwnedResources([wordpress]);
    owned.observe(op('POST', '/wp/v2/posts'), answer(201, { id: 4242 }), [], undefined);
    owned.observe(op('GET', '/wp/v2/posts'), answer(200, [{ id: 1 }]), [], undefined);
    const ctx = { execution: { owned } } as unknown as PhaseContext;

    // A write takes only ids the run made: a comment is put on the run's own post, never on post 1.
    const create = op('POST', '/wp/v2/comments');
    const writes = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, create, valid(create, {}, { post: index + 10 })));
    const madeDrawn = writes.filter((requestCase) => requestCase.body?.post === 4242).length;
    expect(madeDrawn).toBeGreaterThan(15);
    expect(madeDrawn).toBeLessThan(45);
    expect(writes.some((requestCase) => requestCase.body?.post === 1)).toBe(false);
    for (const requestCase of writes) expect(labelStillHolds(create, requestCase)).toBe(true);

    // A read's filter (a list of ids) also takes ids seen in answers, in a form the rule book accepts there.
    const list = op('GET', '/wp/v2/comments');
    const reads = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, list, valid(list, { post: [index + 10] })));
    const drawn = new Set(reads.map((requestCase) => JSON.stringify(requestCase.query.post)).filter((value) => ['4242', '1', '[4242]', '[1]'].includes(value)));
    expect(drawn.size).toBeGreaterThanOrEqual(2);
    for (const requestCase of reads) expect(labelStillHolds(list, requestCase)).toBe(true);
  });

  it("gives every other argument the model finds taking ids one the run made or saw: a post's author, terms and image, a list's include", () => {
    const owned = new OwnedResources([wordpress]);
    owned.observe(op('POST', '/wp/v2/users'), answer(201, { id: 77 }), [], undefined);
    owned.observe(op('POST', '/wp/v2/categories'), answer(201, { id: 88 }), [], undefined);
    owned.observe(op('GET', '/wp/v2/media'), answer(200, [{ id: 99 }]), [], undefined);
    owned.observe(op('GET', '/wp/v2/posts'), answer(200, [{ id: 1 }]), [], undefined);
    const ctx = { execution: { owned } } as unknown as PhaseContext;

    // A write names them, made or only seen (the media item): a post's author or image is not changed by it.
    const create = op('POST', '/wp/v2/posts');
    const writes = Array.from({ length: 60 }, (_, index) =>
      withRealIds(ctx, create, valid(create, {}, { author: index + 2, categories: [index + 2], featured_media: index + 2 })),
    );
    expect(writes.filter((requestCase) => requestCase.body?.author === 77).length).toBeGreaterThan(15);
    // A list of ids takes one in the first form the rule book accepts (WordPress reads a lone number as a list).
    const one = (value: unknown): string => String([value].flat()[0]);
    expect(writes.filter((requestCase) => one(requestCase.body?.categories) === '88').length).toBeGreaterThan(15);
    expect(writes.filter((requestCase) => requestCase.body?.featured_media === 99).length).toBeGreaterThan(15);
    for (const requestCase of writes) expect(labelStillHolds(create, requestCase)).toBe(true);

    // A read's include takes the list's own ids it saw; its page number is no id and stays as drawn.
    const list = op('GET', '/wp/v2/posts');
    const reads = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, list, valid(list, { include: [index + 2], page: index + 2 })));
    expect(reads.filter((requestCase) => one(requestCase.query.include) === '1').length).toBeGreaterThan(15);
    expect(reads.map((requestCase) => requestCase.query.page)).toEqual(Array.from({ length: 60 }, (_, index) => index + 2));
    for (const requestCase of reads) expect(labelStillHolds(list, requestCase)).toBe(true);
  });

  it('sends half the invalid cases of an item route to an item that exists, unless the path is what they break', () => {
    const owned = new OwnedResources([wordpress]);
    owned.observe(op('GET', '/wp/v2/posts'), answer(200, [{ id: 1 }]), [], undefined);
    const ctx = { execution: { owned } } as unknown as PhaseContext;
    const read = op('GET', String.raw`/wp/v2/posts/(?P<id>[\d]+)`);
    const invalid = (index: number, location: 'query' | 'path'): RequestCase => ({
      operationId: read.id,
      kind: 'invalid',
      path: { id: location === 'path' ? `x${index}` : String(index + 10) },
      query: location === 'query' ? { password: { key: `value ${index}` } } : {},
      body: undefined,
      mutation: { param: location === 'path' ? 'id' : 'password', location, rule: 'wrong_type', description: 'test' },
    });
    const onExisting = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, read, invalid(index, 'query'))).filter(
      (requestCase) => requestCase.path.id === '1',
    );
    expect(onExisting.length).toBeGreaterThan(15);
    expect(onExisting.length).toBeLessThan(45);
    for (const requestCase of onExisting) expect(labelStillHolds(read, requestCase)).toBe(true);
    for (let index = 0; index < 20; index += 1) {
      const brokenPath = invalid(index, 'path');
      expect(withRealIds(ctx, read, brokenPath)).toBe(brokenPath);
    }
  });

  it('leaves alone an invalid argument naming a parent, a case without the argument, and a route of no family', () => {
    const owned = new OwnedResources([wordpress]);
    owned.observe(op('POST', '/wp/v2/posts'), answer(201, { id: 4242 }), [], undefined);
    const ctx = { execution: { owned } } as unknown as PhaseContext;
    const create = op('POST', '/wp/v2/comments');
    for (let index = 0; index < 20; index += 1) {
      const invalid: RequestCase = { ...valid(create, {}, { post: `x${index}` }), kind: 'invalid' };
      expect(withRealIds(ctx, create, invalid)).toBe(invalid);
      const without = valid(create, {}, { author_name: `A ${index}` });
      expect(withRealIds(ctx, create, without)).toBe(without);
      const search = op('GET', '/wp/v2/search');
      const unrelated = valid(search, { search: `post ${index}` });
      expect(withRealIds(ctx, search, unrelated)).toBe(unrelated);
    }
  });

  it("gives a boundary case the run's own accounts, always, but in the argument whose edge it tries, and nothing else", () => {
    const owned = new OwnedResources([wordpress]);
    owned.seeSettled(null, '/wp/v2/users', '1');
    // Made and seen ids depend on the order answers came in: a boundary case, the same in every run and shard, takes none.
    owned.observe(op('POST', '/wp/v2/users'), answer(201, { id: 77 }), [], undefined);
    owned.observe(op('POST', '/wp/v2/posts'), answer(201, { id: 4242 }), [], undefined);
    owned.observe(op('POST', '/wp/v2/categories'), answer(201, { id: 88 }), [], undefined);
    const ctx = { execution: { owned } } as unknown as PhaseContext;
    const create = op('POST', '/wp/v2/posts');
    const edge = (subject: string, index: number): RequestCase => ({
      ...valid(create, {}, { author: index + 2, categories: [index + 2], menu_order: index }),
      kind: 'boundary',
      subject,
    });
    for (let index = 0; index < 20; index += 1) {
      const carried = withRealIds(ctx, create, edge('menu_order', index));
      expect(carried.body).toEqual({ author: 1, categories: [index + 2], menu_order: index });
      expect(labelStillHolds(create, carried)).toBe(true);
      const own = edge('author', index);
      expect(withRealIds(ctx, create, own)).toBe(own);
    }
    // An update's boundary case keeps its path; a boundary id (no subject) stays as it is.
    const update = op('POST', '/wp/v2/posts/(?P<id>[\\d]+)');
    const onItem: RequestCase = { operationId: update.id, kind: 'boundary', path: { id: '5' }, query: {}, body: { menu_order: 0 }, subject: 'menu_order' };
    expect(withRealIds(ctx, update, onItem)).toBe(onItem);
    const boundaryId: RequestCase = { ...onItem, path: { id: '2147483648' }, subject: undefined };
    expect(withRealIds(ctx, update, boundaryId)).toBe(boundaryId);
  });

  it("names only a theme of the site in a template's writes: one the run saw, or none (WordPress then takes the active one)", () => {
    const owned = new OwnedResources([wordpress]);
    const ctx = { execution: { owned } } as unknown as PhaseContext;
    const create = op('POST', '/wp/v2/template-parts');
    const madeUp = (index: number): RequestCase => valid(create, {}, { slug: `part-${index}`, theme: `witty golden ${index}`, area: 'x' });
    // Before any template was read, the made-up theme is left out, in every case: WordPress files the part under the active theme.
    for (let index = 0; index < 20; index += 1) {
      const sent = withRealIds(ctx, create, madeUp(index));
      expect(sent.body).toEqual({ slug: `part-${index}`, area: 'x' });
      expect(labelStillHolds(create, sent)).toBe(true);
    }
    // Once a list answered with the active theme's templates, that theme is named, in every case.
    owned.observe(op('GET', '/wp/v2/templates'), answer(200, [{ id: 'twentytwentythree//index', theme: 'twentytwentythree' }]), [], undefined);
    for (let index = 0; index < 20; index += 1) expect(withRealIds(ctx, create, madeUp(index)).body?.theme).toBe('twentytwentythree');
    // An update of a template too; a boundary case whose edge is the theme as well (the examples phase knows no theme).
    const update = op('POST', String.raw`/wp/v2/templates/(?P<id>([^\/:<>\*\?"\|]+(?:\/[^\/:<>\*\?"\|]+)?)[\/\w-]+)`);
    const edit = { ...valid(update, {}, { theme: 'ab' }), path: { id: 'x//y' } };
    expect(withRealIds(ctx, update, edit).body).toEqual({ theme: 'twentytwentythree' });
    const edge: RequestCase = { ...valid(create, {}, { slug: 'rc-1', theme: '' }), kind: 'boundary', subject: 'theme' };
    expect(withRealIds(ctx, create, edge).body).toEqual({ slug: 'rc-1' });
    // An invalid theme is refused before anything is stored: it goes as it was drawn.
    const invalid: RequestCase = {
      ...valid(create, {}, { slug: 'rc-2', theme: 42 }),
      kind: 'invalid',
      mutation: { param: 'theme', location: 'body', rule: 'wrong_type', description: 'test' },
    };
    expect(withRealIds(ctx, create, invalid)).toBe(invalid);
    // A read names what it likes: it stores nothing.
    const lookup = op('GET', '/wp/v2/templates/lookup');
    const read = valid(lookup, { slug: 'front-page', template_prefix: 'anything' });
    expect(withRealIds(ctx, lookup, read)).toBe(read);
  });
});
