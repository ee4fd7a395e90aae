import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { localePhase } from './index.js';
import { changeDefault, editDescriptor } from '../../testing/faults.js';
import type { Fault } from '../../testing/faulty-server.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';

const LOCALES = ['en_gb', 'el'];
const MEMBERS = '/community/v1/members';

/** An el server that answers member-list requests with 400 whatever they hold. */
const elRefusesMemberLists: Fault = async (request, forward) => {
  if (request.method === 'GET' && request.path.startsWith(`/el/wp-json${MEMBERS}?`)) {
    return {
      status: 400,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ code: 'rest_invalid_param', message: 'Μη έγκυρη παράμετρος', data: { status: 400 } }),
    };
  }
  return forward(request);
};

describe('phase locale', () => {
  let reference: ReferenceServer;
  let brokenDefault: FaultyServer;
  let brokenAnswers: FaultyServer;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, seed: 3 });
    brokenDefault = await startFaultyServer({ seed: 3, faults: [changeDefault('el', MEMBERS, 0, 'per_page', 20)] });
    brokenAnswers = await startFaultyServer({ seed: 3, faults: [elRefusesMemberLists] });
  });
  afterAll(async () => {
    await Promise.all([reference.close(), brokenDefault.close(), brokenAnswers.close()]);
  });

  it('passes on the reference server', async () => {
    const result = await runPhase(localePhase, { url: reference.url, locales: LOCALES, credentials: reference.credentials.admin });
    expect(result.skipped).toBeUndefined();
    expect(findingLines(result.findings)).toEqual([]);
    expect(result.requests).toBeGreaterThan(100);
  });

  it('is skipped with one locale', async () => {
    const result = await runPhase(localePhase, { url: reference.url, locales: ['el'] });
    expect(result.skipped).toBe('fewer than two locales');
  });

  it('fires locale_mismatch for another per_page default in el, with both descriptor requests as reproduction', async () => {
    const result = await runPhase(localePhase, { url: brokenDefault.url, locales: LOCALES, credentials: brokenDefault.credentials.admin });
    const mismatches = result.findings.filter((finding) => finding.check === 'locale_mismatch');
    expect(findingLines(mismatches)).toEqual([
      'locale_mismatch failure el GET /community/v1/members: GET /community/v1/members: parameter per_page: default is 20 in locale el, 10 in locale en_gb',
    ]);
    expect(mismatches[0]!.curl).toEqual([
      expect.stringContaining(`${brokenDefault.url}/en_gb/wp-json/`),
      expect.stringContaining(`${brokenDefault.url}/el/wp-json/`),
    ]);
  });

  it('fires locale_response_mismatch when the same request gets another status through el', async () => {
    const result = await runPhase(localePhase, { url: brokenAnswers.url, locales: LOCALES, credentials: brokenAnswers.credentials.admin });
    const mismatches = result.findings.filter((finding) => finding.check === 'locale_response_mismatch');
    expect(mismatches.length).toBeGreaterThan(0);
    for (const finding of mismatches) {
      expect([finding.locale, finding.method, finding.route]).toEqual(['el', 'GET', MEMBERS]);
      expect(finding.curl).toHaveLength(2);
      expect(finding.curl[0]).toContain('/en_gb/wp-json/community/v1/members');
      expect(finding.curl[1]).toContain('/el/wp-json/community/v1/members');
    }
    expect(findingLines(result.findings.filter((finding) => finding.check !== 'locale_response_mismatch'))).toEqual([]);
  });

  it('warns locale_untranslated for an English description in el and fails a missing one', async () => {
    const untranslated = await startFaultyServer({
      seed: 3,
      faults: [
        editDescriptor(
          (root) => {
            const args = root.routes[MEMBERS]!.endpoints[0]!.args;
            args.search!.description = 'Limit results to those matching a string.';
            delete args.page!.description;
          },
          ['el'],
        ),
      ],
    });
    try {
      const result = await runPhase(localePhase, { url: untranslated.url, locales: LOCALES, credentials: untranslated.credentials.admin });
      expect(findingLines(result.findings)).toEqual([
        'locale_missing_description failure el GET /community/v1/members: GET /community/v1/members: parameter page has no description in locale el',
        'locale_untranslated warning el GET /community/v1/members: GET /community/v1/members: parameter search: the description in locale el is the same as in locale en_gb ("Limit results to those matching a string."): left untranslated',
      ]);
      expect(result.findings.every((finding) => finding.curl.length === 2)).toBe(true);
    } finally {
      await untranslated.close();
    }
  });

  it('warns locale_untranslated once for a locale with no translation at all, not once per parameter', async () => {
    // Both locales describe every parameter in the same words: the site has no translation.
    const sameEverywhere = await startFaultyServer({
      seed: 3,
      faults: [
        editDescriptor((root) => {
          for (const route of Object.values(root.routes))
            for (const endpoint of route.endpoints) for (const [name, arg] of Object.entries(endpoint.args)) arg.description = `The ${name}.`;
        }),
      ],
    });
    try {
      const result = await runPhase(localePhase, { url: sameEverywhere.url, locales: LOCALES, credentials: sameEverywhere.credentials.admin });
      const untranslated = result.findings.filter((finding) => finding.check === 'locale_untranslated');
      expect(findingLines(untranslated)).toEqual([
        expect.stringMatching(
          /^locale_untranslated warning el \* \/: none of the \d+ parameter descriptions in locale el is translated: each is the same as in locale en_gb/,
        ),
      ]);
    } finally {
      await sameEverywhere.close();
    }
  });
});
