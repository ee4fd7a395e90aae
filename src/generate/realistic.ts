/**
 * Realistic text for generated values: fixed pools made once by faker with a fixed seed (English and Greek),
 * from which fast-check's randomness picks. Faker never runs per sample, so values stay a pure function of the
 * fast-check seed. A parameter's name hints at which pool fits (`email`, `url`, `user_login`, `search`…).
 */
import type { Faker } from '@faker-js/faker';
// The locale entry points load two locales; the package's main entry loads all of them (200 ms at start-up).
import { faker as englishDefinitions } from '@faker-js/faker/locale/en';
import { faker as greekDefinitions } from '@faker-js/faker/locale/el';
import fc from 'fast-check';
import { isEmail } from '../schema/formats.js';
import { mbStrlen } from '../schema/php-values.js';

const FAKER_SEED = 20240611;
const POOL_SIZE = 40;

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

/** A fresh faker with the definitions of a locale entry point's own instance ([en, base]; [el, en, base]). */
function seededFaker(definitions: Faker): Faker {
  const FakerClass = definitions.constructor as typeof Faker;
  return new FakerClass({ locale: definitions.rawDefinitions, seed: FAKER_SEED });
}

function makePools(): TextPools {
  const english = seededFaker(englishDefinitions);
  const greek = seededFaker(greekDefinitions);
  const times = <T>(make: () => T): T[] => Array.from({ length: POOL_SIZE }, make);
  const unique = (values: string[]): string[] => [...new Set(values)];
  return {
    emails: unique(times(() => english.internet.email().toLowerCase()).filter(isEmail)),
    names: unique([...times(() => english.person.fullName()).slice(0, POOL_SIZE / 2), ...times(() => greek.person.fullName()).slice(0, POOL_SIZE / 2)]),
    logins: unique(times(() => english.internet.username().replace(/[^A-Za-z0-9_]/g, '').toLowerCase()).filter((login) => login.length >= 3)),
    urls: unique(times(() => `${english.internet.url()}/${english.lorem.slug(2)}`)),
    words: unique([...times(() => english.word.words(2)), ...times(() => greek.location.city())]),
    sentences: unique([...times(() => english.hacker.phrase()).slice(0, POOL_SIZE / 2), ...times(() => greek.commerce.productName()).slice(0, POOL_SIZE / 2)]),
    passwords: unique(times(() => english.internet.password({ length: 16 }))),
    slugs: unique(times(() => english.lorem.slug(2))),
    nonAscii: NON_ASCII,
  };
}

let pools: TextPools | undefined;

/** The pools, made on first use. */
export function textPools(): TextPools {
  pools ??= makePools();
  return pools;
}

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
