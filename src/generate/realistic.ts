/**
 * Realistic text for generated values: fixed pools made by faker with a fixed seed (English and Greek), from which
 * fast-check's randomness picks. The pools are data (`text-pools.data.ts`, written by `npm run text-pools`), so
 * faker never runs in the harness: loading its two locales and drawing the pools cost every start about 50 ms.
 * Values stay a pure function of the fast-check seed. A parameter's name hints at which pool fits (`email`, `url`,
 * `user_login`, `search`…), and the operation's locale at which language fits: Greek text (accents, final sigma,
 * diaeresis, Greek mixed with Latin) for `el`, English for `en_*`, both where the locale says nothing (a plain
 * WordPress without locale segments). Free text (`freeText`) keeps every script in every locale.
 */
import fc from 'fast-check';
import { mbStrlen } from '../schema/php-values.js';
import type { FakerPools } from './text-pools-faker.js';
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

/**
 * Greek as people write it, for the `el` locale: final sigma (ς) beside medial σ, tonos and dialytika (ΐ, ϊ),
 * capitals that drop their accents, Greek mixed with Latin letters and digits, punctuation (the Greek question
 * mark is a semicolon).
 */
const GREEK_TEXT = [
  'Ο κόσμος της γνώσης',
  'Νέες ιδέες για το σχολείο',
  'Αθλητικός σύλλογος Πειραιώς',
  'Ευχαριστούμε πολύ!',
  'Προϊόντα και υπηρεσίες',
  'Ταΐζουμε τις γάτες της γειτονιάς',
  'WordPress για αρχάριους',
  'Εργαστήριο Python 3 για μαθητές',
  'Ομάδα εθελοντών 2024',
  'Τι ώρα ξεκινάς;',
  'ΟΔΥΣΣΕΑΣ ΕΛΥΤΗΣ',
  'Ψηφιακές δεξιότητες',
  'Γιώργος & Ελένη',
  'Φυσική και Μαθηματικά',
  'Καλημέρα κόσμε',
];

/** Short Greek words, most ending in final sigma, for search terms and names. */
const GREEK_WORDS = ['Σωκράτης', 'Θεσσαλονίκης', 'ερευνητής', 'μαθητές', 'φίλος', 'Κρήτης', 'Ελληνικά', 'ένας', 'όλες', 'κόσμος'];

/** Faker's pools and the hand-written non-ASCII text. */
export interface TextPools extends FakerPools {
  nonAscii: string[];
}

/** The pools: faker's, and the hand-written non-ASCII text. */
export function textPools(): TextPools {
  return TEXT_POOLS;
}

const TEXT_POOLS: TextPools = { ...FAKER_POOLS, nonAscii: NON_ASCII };

/** Which language realistic text is in: the operation's locale's, or both for an operation without one. */
export type TextLocale = 'en' | 'el' | 'any';

/** The text language of a descriptor locale (`el`, `en_gb`…; null for a plain WordPress): Greek, English or both. */
export function textLocaleOf(locale: string | null): TextLocale {
  if (locale === null) return 'any';
  const language = locale.toLowerCase().split(/[_-]/)[0];
  return language === 'el' ? 'el' : language === 'en' ? 'en' : 'any';
}

const GREEK_LETTER = /[\u0370-\u03ff\u1f00-\u1fff]/;
const isGreek = (text: string): boolean => GREEK_LETTER.test(text);

/** The pools of one language: faker's text in that script, and the hand-written text of that language. */
function languagePools(locale: TextLocale): TextPools {
  if (locale === 'any') return TEXT_POOLS;
  const inScript = (texts: readonly string[]): string[] => texts.filter((text) => isGreek(text) === (locale === 'el'));
  const otherScripts = NON_ASCII.filter((text) => !isGreek(text));
  return {
    ...TEXT_POOLS,
    names: locale === 'el' ? [...inScript(FAKER_POOLS.names), ...GREEK_WORDS.slice(0, 2)] : inScript(FAKER_POOLS.names),
    words: locale === 'el' ? [...inScript(FAKER_POOLS.words), ...GREEK_WORDS] : inScript(FAKER_POOLS.words),
    sentences: locale === 'el' ? [...inScript(FAKER_POOLS.sentences), ...GREEK_TEXT] : inScript(FAKER_POOLS.sentences),
    nonAscii: locale === 'el' ? [...GREEK_TEXT, ...otherScripts] : otherScripts,
  };
}

const POOLS_BY_LANGUAGE: Record<TextLocale, TextPools> = { any: TEXT_POOLS, en: languagePools('en'), el: languagePools('el') };

/** The pools for text in `locale`'s language. */
export function textPoolsFor(locale: TextLocale): TextPools {
  return POOLS_BY_LANGUAGE[locale];
}

/** Which pools suit a parameter, judged by its name, in the language of `locale`. */
function hintedPools(name: string, locale: TextLocale): string[][] {
  const all = textPoolsFor(locale);
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
const characters = fc
  .oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 2, arbitrary: fc.integer({ min: 0xc0, max: 0xff }) },
    { weight: 3, arbitrary: fc.integer({ min: 0x391, max: 0x3c9 }).filter((code) => code !== 0x3a2) },
    { weight: 1, arbitrary: fc.integer({ min: 0x1f600, max: 0x1f64f }) },
  )
  .map((code) => String.fromCodePoint(code));

/** Free text of a length (in code points) within bounds. */
export function freeText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: characters, minLength, maxLength });
}

/** Realistic strings for a parameter name (in the language of `locale`), with lengths (code points) within bounds; null when no pool fits. */
export function realisticText(name: string, minLength: number, maxLength: number, locale: TextLocale = 'any'): fc.Arbitrary<string> | null {
  const fitting = hintedPools(name, locale)
    .flat()
    .filter((text) => {
      const length = mbStrlen(text);
      return length >= minLength && length <= maxLength;
    });
  return fitting.length === 0 ? null : fc.constantFrom(...fitting);
}
