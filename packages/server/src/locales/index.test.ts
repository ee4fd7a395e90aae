import { describe as suite, expect, it } from 'vitest';
import { contractOperations } from '@restconform/interface';
import { EL_DESCRIPTIONS } from './el.js';
import { describe as localise, greekDescription, site } from './index.js';

/** Every distinct English description the contract uses, nested schemas included. */
function contractDescriptions(): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, key?: string): void => {
    if (key === 'description' && typeof value === 'string') found.add(value);
    if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  for (const { endpoint } of contractOperations()) visit(endpoint.args);
  return found;
}

const GREEK_LETTER = /[\u0370-\u03FF\u1F00-\u1FFF]/u;

suite('locales', () => {
  const descriptions = contractDescriptions();

  it('translates every contract description into Greek that differs from the English', () => {
    const missing = [...descriptions].filter((english) => !greekDescription(english)?.trim());
    expect(missing).toEqual([]);
    for (const english of descriptions) {
      const greek = localise('el', english);
      expect(greek, english).not.toBe(english);
      expect(greek, english).toMatch(GREEK_LETTER);
    }
    console.log(`locales: ${descriptions.size} descriptions translated into Greek`);
  });

  it('keeps no translation the contract does not use', () => {
    expect(Object.keys(EL_DESCRIPTIONS).filter((english) => !descriptions.has(english))).toEqual([]);
  });

  it('answers en_gb with the English text itself', () => {
    for (const english of descriptions) expect(localise('en_gb', english)).toBe(english);
  });

  it('leaves an untranslated text in English rather than failing', () => {
    expect(localise('el', 'A text no table has.')).toBe('A text no table has.');
    expect(greekDescription('constructor')).toBeUndefined();
  });

  it('names the site for students and scientists in both locales', () => {
    expect(site('en_gb').description).toMatch(/students and scientists/);
    expect(site('el').description).toMatch(/επιστήμονες/);
    expect(site('el').name).toMatch(GREEK_LETTER);
    expect(site('el').name).not.toBe(site('en_gb').name);
  });
});
