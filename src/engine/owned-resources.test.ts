import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../jobs/run-job.js';
import { loadRunSettings } from '../jobs/index.js';
import type { Exchange } from '../http/types.js';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { referenceDescriptor } from '../export/testing/descriptors.js';
import { OwnedResources } from './owned-resources.js';
import { answered, WORDPRESS, wordpressOperation } from './testing/wordpress-answers.js';
import type { RunEvent } from './events.js';

/**
 * The server's own members (as they were before the run, their follow lists aside) and profile groups and fields,
 * as JSON. Left out are what credentials cannot protect: routes the server lets anyone use (a GET that runs an
 * import, an anonymous follow or signup activation) and reports, which join moderation items the run did not make.
 */
function snapshot(server: ReferenceServer, members: ReadonlySet<number>): string {
  const { profile } = server.store.namespaces as Record<string, unknown>;
  const own = [...server.store.members.entries()]
    .filter(([id]) => members.has(id))
    .map(([id, member]) => [id, { ...member, following: undefined, followers: undefined }]);
  return JSON.stringify({ own, profile }, (_key, value: unknown) => (value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : value));
}

describe('a run against a server that is not the bundled one', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, seed: 4 });
  });
  afterAll(async () => {
    await server.close();
  });

  async function runAgainst(extra: Record<string, unknown>) {
    const events: RunEvent[] = [];
    const settings = loadRunSettings({
      overrides: { baseUrl: server.url, locales: ['en_gb'], seed: 3, fuzzExamples: 4, phases: ['fuzz', 'stateful'], reportDir: null, user: 'admin', ...extra },
    });
    const { result } = await runJob(settings, {
      console: false,
      env: { RESTCONFORM_APP_PASSWORD: server.credentials.admin.password },
      reporters: [{ onEvent: (event) => events.push(event), close: async () => {} }],
    });
    return { result: result!, cleanup: events.find((event) => event.type === 'cleanup') };
  }

  it('changes nothing it did not make, and deletes what it made at the end', async () => {
    const members = new Set(server.store.members.keys());
    const before = snapshot(server, members);
    const { result, cleanup } = await runAgainst({});
    expect(
      result.coverage.some((entry) => entry.notes.some((note) => note.startsWith('writes to resources the run did not make were sent without credentials'))),
    ).toBe(true);
    expect(cleanup).toMatchObject({ type: 'cleanup', kept: 0, leftovers: [] });
    expect((cleanup as { removed: number }).removed).toBeGreaterThan(0);
    expect(snapshot(server, members)).toBe(before);
    expect([...server.store.members.values()].filter((member) => member.user_login.startsWith('rc'))).toEqual([]);
  });

  it('deletes the members its sequences made by activating signups, which it did not create itself', async () => {
    const { result, cleanup } = await runAgainst({ phases: ['sequences'], sequences: 40 });
    expect(result.findings).toEqual([]);
    expect(cleanup).toMatchObject({ type: 'cleanup', kept: 0, leftovers: [] });
    expect([...server.store.members.values()].filter((member) => member.user_login.startsWith('rc'))).toEqual([]);
  });

  it('keeps what it made with --no-cleanup, and says how much', async () => {
    const members = new Set(server.store.members.keys());
    const before = snapshot(server, members);
    const { cleanup } = await runAgainst({ cleanup: false });
    expect((cleanup as { kept: number }).kept).toBeGreaterThan(0);
    expect(snapshot(server, members)).not.toBe(before);
  });
});

describe('the ledger of what a run made', () => {
  const wordpress = WORDPRESS;
  const op = wordpressOperation;
  const answer = answered;

  it('records who made each resource, so the clean-up can delete it as its maker, and forgets it once deleted', () => {
    const ledger = new OwnedResources([wordpress]);
    const author = { user: 'author1', password: 'not-a-secret' };
    ledger.observe(op('POST', '/wp/v2/blocks'), answer(201, { id: 112, status: 'private' }), [], author);
    ledger.observe(op('POST', '/wp/v2/tags'), answer(201, { id: 7 }), [], undefined);
    expect(ledger.remaining().map((resource) => [resource.family.name, resource.id, resource.maker?.user])).toEqual([
      ['wp/v2 tags', '7', undefined],
      ['wp/v2 blocks', '112', 'author1'],
    ]);
    // A private block is unlocked by publishing it, as the built-in hint says.
    expect(ledger.unlockOf(ledger.remaining()[1]!)?.body).toEqual({ status: 'publish' });
    ledger.observe(op('DELETE', String.raw`/wp/v2/blocks/(?P<id>[\d]+)`), answer(200, { deleted: true }), ['112'], author);
    expect(ledger.remaining().map((resource) => resource.id)).toEqual(['7']);
  });

  it('owns an uploaded attachment and deletes it at the end with force=true (attachments have no trash)', () => {
    const ledger = new OwnedResources([wordpress]);
    const upload: Exchange = {
      ...answer(201, { id: 31, status: 'private', mime_type: 'text/plain' }),
      request: {
        method: 'POST',
        url: 'http://127.0.0.1/wp-json/wp/v2/media?title=T',
        headers: { 'content-type': 'text/plain', 'content-disposition': 'attachment; filename="restconform-x.txt"' },
        body: 'Restconform upload x\n',
      },
    };
    ledger.observe(op('POST', '/wp/v2/media'), upload, [], undefined);
    const [attachment] = ledger.remaining();
    expect([attachment?.family.name, attachment?.id, attachment?.path]).toEqual(['wp/v2 media', '31', { id: '31' }]);
    expect(ledger.deleteOf(attachment!)).toEqual({ op: op('DELETE', String.raw`/wp/v2/media/(?P<id>[\d]+)`), body: { force: true } });
  });

  it('keeps creation order across families over many creates and deletes, and answers ids of the family asked about', () => {
    const ledger = new OwnedResources([wordpress]);
    const [createPost, createComment] = [op('POST', '/wp/v2/posts'), op('POST', '/wp/v2/comments')];
    const [deletePost, readPost] = [op('DELETE', String.raw`/wp/v2/posts/(?P<id>[\d]+)`), op('GET', String.raw`/wp/v2/posts/(?P<id>[\d]+)`)];
    ledger.observe(createComment, answer(201, { id: 1 }), [], undefined);
    for (let id = 1; id <= 2000; id += 1) {
      ledger.observe(createPost, answer(201, { id: 1000 + id }), [], undefined);
      if (id % 2 === 0) ledger.observe(deletePost, answer(200, { deleted: true }), [String(1000 + id)], undefined);
    }
    ledger.observe(createComment, answer(201, { id: 2 }), [], undefined);
    const left = ledger.remaining();
    expect(left).toHaveLength(1002);
    // Newest first: the last comment, then the posts newest first, then the first comment.
    expect([left[0]!.id, left[1]!.id, left.at(-2)!.id, left.at(-1)!.id]).toEqual(['2', '2999', '1001', '1']);
    expect(ledger.idsFor(readPost, false)?.ids).toHaveLength(1000);
    expect(ledger.idsFor(readPost, false)?.ids).not.toContain('1002');
  });

  it('sees the ids an answer names in the fields its arguments take ids by, before the run lists those families', () => {
    const ledger = new OwnedResources([wordpress]);
    ledger.observe(op('GET', '/wp/v2/posts'), answer(200, [{ id: 10, author: 3, categories: [5, 6], tags: [], featured_media: 0, parent: 0 }]), [], undefined);
    const ids = Object.fromEntries(ledger.argIdsFor(op('POST', '/wp/v2/posts'), false).map(({ name, ids: known }) => [name, known]));
    expect(ids.author).toEqual(['3']);
    expect(ids.categories).toEqual(['5', '6']);
    expect(ids.tags).toEqual([]);
    // 0 is WordPress's "none": no image is not an image.
    expect(ids.featured_media).toEqual([]);
    // The post itself is seen, as before.
    expect(ledger.idsFor(op('GET', String.raw`/wp/v2/posts/(?P<id>[\d]+)`), true)?.ids).toEqual(['10']);
  });

  it('forgets an id once a delete of it succeeded, so a long run keeps no more ids than are live', () => {
    const ledger = new OwnedResources([wordpress]);
    const [createPost, listPosts] = [op('POST', '/wp/v2/posts'), op('GET', '/wp/v2/posts')];
    const [deletePost, readPost] = [op('DELETE', String.raw`/wp/v2/posts/(?P<id>[\d]+)`), op('GET', String.raw`/wp/v2/posts/(?P<id>[\d]+)`)];
    ledger.observe(listPosts, answer(200, [{ id: 10 }, { id: 11 }]), [], undefined);
    for (let id = 100; id < 5100; id += 1) {
      ledger.observe(createPost, answer(201, { id }), [], undefined);
      ledger.observe(deletePost, answer(200, { deleted: true }), [String(id)], undefined);
    }
    // A post moved to the trash is still there; one the run only saw and deleted is gone.
    ledger.observe(createPost, answer(201, { id: 7 }), [], undefined);
    ledger.observe(deletePost, answer(200, { id: 7, status: 'trash' }), ['7'], undefined);
    ledger.observe(deletePost, answer(200, { deleted: true }), ['11'], undefined);
    expect(ledger.idsFor(readPost, true)?.ids.sort()).toEqual(['10', '7']);
    // The run's own accounts stay settled and seen whatever answers a delete of them.
    ledger.seeSettled(null, '/wp/v2/users', '1');
    ledger.observe(op('DELETE', String.raw`/wp/v2/users/(?P<id>[\d]+)`), answer(200, { deleted: true }), ['1'], undefined);
    expect(ledger.idsFor(op('GET', String.raw`/wp/v2/users/(?P<id>[\d]+)`), true)?.ids).toEqual(['1']);
  });

  it("keeps the run's own accounts as settled ids, apart from what its answers showed", () => {
    const ledger = new OwnedResources([wordpress]);
    ledger.seeSettled(null, '/wp/v2/users', '1');
    ledger.seeSettled(null, '/wp/v2/users', '1');
    ledger.seeSettled(null, '/wp/v2/no-such-collection', '9');
    ledger.observe(op('GET', '/wp/v2/posts'), answer(200, [{ id: 10, author: 3 }]), [], undefined);
    const create = op('POST', '/wp/v2/posts');
    const settled = Object.fromEntries(ledger.settledArgIdsFor(create).map(({ name, ids }) => [name, ids]));
    expect(settled.author).toEqual(['1']);
    expect(Object.fromEntries(ledger.argIdsFor(create, false).map(({ name, ids }) => [name, ids])).author).toEqual(['1', '3']);
  });
});

describe('what the ledger lets a run write to on a server it did not make', () => {
  const GLOBAL_STYLES = String.raw`/wp/v2/global-styles/(?P<id>[\/\w-]+)`;

  it("does not open a route of no family to an id that only equals one the run made elsewhere (WordPress's global-styles post 4, the run's menu 4)", () => {
    const ledger = new OwnedResources([WORDPRESS]);
    ledger.observe(wordpressOperation('POST', '/wp/v2/menus'), answered(201, { id: 4 }), [], undefined);
    expect(ledger.allowsWrite(wordpressOperation('POST', GLOBAL_STYLES), ['4'])).toBe(false);
    expect(ledger.allowsWrite(wordpressOperation('POST', String.raw`/wp/v2/menus/(?P<id>[\d]+)`), ['4'])).toBe(true);
  });

  it("opens a route of no family that names the family of an id the run made (a member's profile data)", async () => {
    const descriptor = await referenceDescriptor();
    const ledger = new OwnedResources([descriptor]);
    const find = (method: string, template: string) => descriptor.operations.find((op) => op.method === method && op.pattern.template === template)!;
    const field = find('POST', '/community/v1/profile/fields');
    const member = find('POST', '/community/v1/members');
    ledger.observe(field, answered(201, { id: 31 }), [], undefined);
    ledger.observe(member, answered(201, { id: 32 }), [], undefined);
    const data = find('POST', '/community/v1/profile/{field_id}/data/{user_id}');
    expect(ledger.allowsWrite(data, ['31', '32'])).toBe(true);
    expect(ledger.allowsWrite(data, ['31', '1'])).toBe(false);
  });

  it('follows a template into the trash, where WordPress renames it, so the clean-up deletes it by its new id', () => {
    const ledger = new OwnedResources([WORDPRESS]);
    const item = String.raw`/wp/v2/templates/(?P<id>([^\/:<>\*\?"\|]+(?:\/[^\/:<>\*\?"\|]+)?)[\/\w-]+)`;
    ledger.observe(wordpressOperation('POST', '/wp/v2/templates'), answered(201, { id: 'twentytwentythree//rc-7', wp_id: 75 }), [], undefined);
    ledger.observe(
      wordpressOperation('DELETE', item),
      answered(200, { id: 'twentytwentythree//rc-7', status: 'trash' }),
      ['twentytwentythree//rc-7'],
      undefined,
    );
    expect(ledger.remaining().map((resource) => [resource.id, resource.path])).toEqual([
      ['twentytwentythree//rc-7__trashed', { id: 'twentytwentythree//rc-7__trashed' }],
    ]);
    expect(ledger.allowsWrite(wordpressOperation('DELETE', item), ['twentytwentythree//rc-7__trashed'])).toBe(true);
    // Only the clean-up's delete: no phase is given the trashed id, and no update of it is the run's (one would take
    // the template out of the trash under a slug the run cannot know).
    const update = wordpressOperation('POST', item);
    expect(ledger.allowsWrite(update, ['twentytwentythree//rc-7__trashed'])).toBe(false);
    expect(ledger.allowsWrite(update, ['twentytwentythree//rc-7'])).toBe(false);
    expect(ledger.idsFor(update, true)?.ids).not.toContain('twentytwentythree//rc-7__trashed');
    ledger.observe(wordpressOperation('DELETE', item), answered(200, { deleted: true }), ['twentytwentythree//rc-7__trashed'], undefined);
    expect(ledger.remaining()).toEqual([]);
    // A post keeps its id in the trash.
    ledger.observe(wordpressOperation('POST', '/wp/v2/posts'), answered(201, { id: 80 }), [], undefined);
    ledger.observe(wordpressOperation('DELETE', String.raw`/wp/v2/posts/(?P<id>[\d]+)`), answered(200, { id: 80, status: 'trash' }), ['80'], undefined);
    expect(ledger.remaining().map((resource) => resource.id)).toEqual(['80']);
  });
});
