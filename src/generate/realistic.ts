/**
 * Realistic text for generated values: fixed pools made by faker with a fixed seed (English and Greek), from which
 * fast-check's randomness picks. The pools are data (`text-pools.data.ts`, written by `npm run text-pools`), so
 * faker never runs in the harness: loading its two locales and drawing the pools cost every start about 50 ms.
 * Values stay a pure function of the fast-check seed. A parameter's name hints at which pool fits (`email`, `url`,
 * `user_login`, `search`…).
 */
import fc from 'fast-check';
import { mbStrlen } from '../schema/php-values.js';
import { FAKER_POOLS } from './text-pools.data.js';

/** Hand-written non-ASCII text that faker does not produce: Greek phrases, emoji, combining marks, CJK. */
const NON_ASCII = [
  'Καλημέρα κόσμε',
  'Φυσική και Μαθηματικά',
  'Ελληνικά',
  'ένα δύο τρία',
  'Ωμέγα Ω',
  '🎓',
  'Βιβλία 📚',
  '🔬🧪 lab',
  'naïve café',
  'Ünïcödé',
  'e\u0301te\u0301',
  '日本語',
  '👩🏽‍🔬',
];

export interface TextPools {
  emails: string[];
  names: string[];
  logins: string[];
  urls: string[];
  words: string[];
  sentences: string[];
  passwords: string[];
  slugs: string[];
  nonAscii: string[];
}

/** The pools: faker's, and the hand-written non-ASCII text. */
export function textPools(): TextPools {
  return TEXT_POOLS;
}

const TEXT_POOLS: TextPools = { ...FAKER_POOLS, nonAscii: NON_ASCII };

/** Which pools suit a parameter, judged by its name. */
function hintedPools(name: string): string[][] {
  const all = textPools();
  const lower = name.toLowerCase();
  if (/e-?mail/.test(lower)) return [all.emails];
  if (/url|uri|link|href|website/.test(lower)) return [all.urls];
  if (/pass(word)?|secret/.test(lower)) return [all.passwords];
  if (/login|user_?name|slug|handle/.test(lower)) return [all.logins, all.slugs];
  if (/name|title|label/.test(lower)) return [all.names, all.words];
  if (/search|term|query|keyword|xprofile/.test(lower)) return [all.words, all.nonAscii];
  if (/description|note|content|message|text|comment|alt/.test(lower)) return [all.sentences, all.nonAscii];
  return [all.words, all.names, all.nonAscii];
}

/** One code point of everyday text: mostly ASCII, some accented Latin, Greek, emoji. Never a lone surrogate or control. */
const characters = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 2, arbitrary: fc.integer({ min: 0xc0, max: 0xff }) },
  { weight: 3, arbitrary: fc.integer({ min: 0x391, max: 0x3c9 }).filter((code) => code !== 0x3a2) },
  { weight: 1, arbitrary: fc.integer({ min: 0x1f600, max: 0x1f64f }) },
).map((code) => String.fromCodePoint(code));

/** Free text of a length (in code points) within bounds. */
export function freeText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: characters, minLength, maxLength });
}

/** Realistic strings for a parameter name, with lengths (code points) within bounds; null when no pool fits. */
export function realisticText(name: string, minLength: number, maxLength: number): fc.Arbitrary<string> | null {
  const fitting = hintedPools(name)
    .flat()
    .filter((text) => {
      const length = mbStrlen(text);
      return length >= minLength && length <= maxLength;
    });
  return fitting.length === 0 ? null : fc.constantFrom(...fitting);
}
