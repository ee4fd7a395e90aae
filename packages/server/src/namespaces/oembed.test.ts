import { beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../types.js';
import { allContent } from './community/content-catalogue.js';
import { bodyOf, invoke, MEMBER_ID, TEST_BASE_URL, testContext } from './community/testing/fake-request.js';

const EMBED = '/oembed/1.0/embed';
const ACTIVITY = '/oembed/1.0/embed/activity';
const PROXY = '/oembed/1.0/proxy';

let ctx: ServerContext;
beforeEach(() => {
  ctx = testContext();
});

const memberUrl = (locale = 'en_gb') => `${TEST_BASE_URL}/${locale}/members/member/`;

describe('oEmbed of member profiles', () => {
  it('answers the oEmbed fields for a member link in either locale', async () => {
    for (const locale of ['en_gb', 'el']) {
      const response = await invoke(ctx, { method: 'GET', route: EMBED, params: { url: memberUrl(locale) }, as: null });
      expect(response.status).toBe(200);
      expect(bodyOf(response)).toMatchObject({
        version: '1.0',
        type: 'rich',
        provider_url: `${TEST_BASE_URL}/${locale}/`,
        author_name: 'Member',
        author_url: memberUrl(locale),
        title: 'Member',
        width: 600,
        height: 338,
      });
      expect(bodyOf(response).provider_name).toEqual(expect.any(String));
      expect(bodyOf(response).html).toContain('<iframe');
    }
  });

  it('caps the width between 200 and 600, whatever maxwidth says', async () => {
    const width = async (maxwidth: unknown) =>
      bodyOf(await invoke(ctx, { method: 'GET', route: EMBED, params: { url: memberUrl(), maxwidth }, as: null })).width;
    expect(await width(400)).toBe(400);
    expect(await width('5000')).toBe(600);
    expect(await width(10)).toBe(200);
    expect(await width('not a number')).toBe(200);
  });

  it('answers 404 oembed_invalid_url for other sites, unknown members and non-profile pages', async () => {
    for (const url of [
      'https://example.org/en_gb/members/member/',
      `${TEST_BASE_URL}/en_gb/members/nobody/`,
      `${TEST_BASE_URL}/fr/members/member/`,
      `${TEST_BASE_URL}/en_gb/about/`,
      'not a url',
      42,
    ]) {
      const response = await invoke(ctx, { method: 'GET', route: EMBED, params: { url }, as: null });
      expect([response.status, bodyOf(response).code]).toEqual([404, 'oembed_invalid_url']);
    }
  });

  it('answers XML with format=xml', async () => {
    const response = await invoke(ctx, { method: 'GET', route: EMBED, params: { url: memberUrl(), format: 'xml' }, as: null });
    expect(response.contentType).toBe('text/xml; charset=UTF-8');
    const xml = response.body as string;
    expect(xml).toMatch(/^<\?xml version="1.0"\?>\n<oembed>.*<\/oembed>\n$/s);
    expect(xml).toContain('<version>1.0</version>');
    expect(xml).toContain('<html>&lt;blockquote');
  });
});

describe('oEmbed of activity posts', () => {
  it('embeds an activity post, hiding its media with hide_media', async () => {
    const withMedia = allContent(ctx.store).find((item) => item.item_type === 'activity' && item.media_path !== undefined)!;
    const url = `${TEST_BASE_URL}/el/activity/p/${withMedia.item_id}/`;
    const shown = bodyOf(await invoke(ctx, { method: 'GET', route: ACTIVITY, params: { url }, as: null }));
    expect(shown.html).toContain('<img');
    expect(shown.author_name).toBe(ctx.store.members.get(withMedia.author_id)!.name);
    const hidden = bodyOf(await invoke(ctx, { method: 'GET', route: ACTIVITY, params: { url, hide_media: 'true' }, as: null }));
    expect(hidden.html).not.toContain('<img');
  });

  it('embeds member links too, and refuses unknown activity', async () => {
    expect((await invoke(ctx, { method: 'GET', route: ACTIVITY, params: { url: memberUrl() }, as: null })).status).toBe(200);
    const unknown = await invoke(ctx, { method: 'GET', route: ACTIVITY, params: { url: `${TEST_BASE_URL}/en_gb/activity/p/9999/` }, as: null });
    expect(unknown.status).toBe(404);
  });
});

describe('oEmbed proxy', () => {
  it('needs a moderator, and answers only for this site', async () => {
    expect((await invoke(ctx, { method: 'GET', route: PROXY, params: { url: memberUrl() }, as: null })).status).toBe(401);
    expect((await invoke(ctx, { method: 'GET', route: PROXY, params: { url: memberUrl() }, as: MEMBER_ID })).status).toBe(403);
    const local = await invoke(ctx, { method: 'GET', route: PROXY, params: { url: memberUrl(), maxwidth: 600, maxheight: 250 } });
    expect(bodyOf(local)).toMatchObject({ width: 600, height: 250 });
    const remote = await invoke(ctx, { method: 'GET', route: PROXY, params: { url: 'https://www.youtube.com/watch?v=x' } });
    expect([remote.status, bodyOf(remote).code]).toEqual([404, 'oembed_invalid_url']);
  });
});
