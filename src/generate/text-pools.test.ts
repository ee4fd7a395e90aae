import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realisticText, textLocaleOf, textPools, textPoolsFor, type TextLocale } from './realistic.js';
import { drawFakerPools } from './text-pools-faker.js';
import { FAKER_POOLS } from './text-pools.data.js';

describe('the text pools', () => {
  it('as committed in text-pools.data.ts are what faker draws (else run npm run text-pools)', () => {
    expect(FAKER_POOLS).toEqual(drawFakerPools());
  });

  it('hold faker’s pools and the hand-written non-ASCII text, none of them empty', () => {
    const pools = textPools();
    expect(Object.keys(pools).sort()).toEqual([...Object.keys(FAKER_POOLS), 'nonAscii'].sort());
    for (const [name, values] of Object.entries(pools)) expect(values.length, name).toBeGreaterThan(10);
    expect(pools.nonAscii).toContain('Καλημέρα κόσμε');
  });
});

describe('text in the locale’s language', () => {
  const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;
  const sample = (name: string, locale: TextLocale): string[] => fc.sample(realisticText(name, 1, 200, locale)!, { seed: 4, numRuns: 300 });

  it('reads the language from the locale: Greek for el, English for en_*, both without a locale', () => {
    expect([textLocaleOf('el'), textLocaleOf('en_gb'), textLocaleOf('en-US'), textLocaleOf(null), textLocaleOf('de_de')]).toEqual([
      'el',
      'en',
      'en',
      'any',
      'any',
    ]);
  });

  it('gives el search terms and text in Greek, with final sigma, accents and Latin mixed in', () => {
    // Mostly Greek: the pools of other scripts (emoji, accented Latin, CJK) stay in, as in every locale.
    for (const name of ['search', 'name', 'description']) {
      const values = sample(name, 'el');
      expect(values.filter((value) => GREEK.test(value)).length / values.length, name).toBeGreaterThan(0.6);
    }
    const all = [...sample('search', 'el'), ...sample('description', 'el')].join(' ');
    for (const feature of [/ς/, /[άέήίόύώ]/, /[ϊΐ]/, /[A-Za-z].*[α-ω]|[α-ω].*[A-Za-z]/]) expect(all).toMatch(feature);
  });

  it('gives en_gb text in English, and keeps emoji and accents in both languages', () => {
    for (const name of ['search', 'name', 'description', 'title'])
      expect(
        sample(name, 'en').filter((value) => GREEK.test(value)),
        name,
      ).toEqual([]);
    expect(textPoolsFor('en').nonAscii).toContain('🎓');
    expect(textPoolsFor('el').nonAscii).toContain('naïve café');
    expect(textPoolsFor('any')).toBe(textPools());
  });
});
