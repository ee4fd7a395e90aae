/**
 * The faker-made text pools, drawn with a fixed seed (English and Greek). Only `npm run text-pools` and a test use
 * this module: the harness reads the pools from `text-pools.data.ts`, which the test holds equal to what this draws.
 */
import type { Faker } from '@faker-js/faker';
// The locale entry points load two locales; the package's main entry loads all of them.
import { faker as englishDefinitions } from '@faker-js/faker/locale/en';
import { faker as greekDefinitions } from '@faker-js/faker/locale/el';
import { isEmail } from '../schema/formats.js';

const FAKER_SEED = 20240611;
const POOL_SIZE = 40;

/** The pools faker fills (the harness adds a hand-written non-ASCII one: `TextPools` in `realistic.ts`). */
export interface FakerPools {
  emails: string[];
  names: string[];
  logins: string[];
  urls: string[];
  words: string[];
  sentences: string[];
  passwords: string[];
  slugs: string[];
}

/** A fresh faker with the definitions of a locale entry point's own instance ([en, base]; [el, en, base]). */
function seededFaker(definitions: Faker): Faker {
  const FakerClass = definitions.constructor as typeof Faker;
  return new FakerClass({ locale: definitions.rawDefinitions, seed: FAKER_SEED });
}

/** Draws the pools, in a fixed order from fixed seeds: the same strings on every machine and every run. */
export function drawFakerPools(): FakerPools {
  const english = seededFaker(englishDefinitions);
  const greek = seededFaker(greekDefinitions);
  const times = <T>(make: () => T): T[] => Array.from({ length: POOL_SIZE }, make);
  const unique = (values: string[]): string[] => [...new Set(values)];
  return {
    emails: unique(times(() => english.internet.email().toLowerCase()).filter(isEmail)),
    names: unique([...times(() => english.person.fullName()).slice(0, POOL_SIZE / 2), ...times(() => greek.person.fullName()).slice(0, POOL_SIZE / 2)]),
    logins: unique(
      times(() =>
        english.internet
          .username()
          .replace(/[^A-Za-z0-9_]/g, '')
          .toLowerCase(),
      ).filter((login) => login.length >= 3),
    ),
    urls: unique(times(() => `${english.internet.url()}/${english.lorem.slug(2)}`)),
    words: unique([...times(() => english.word.words(2)), ...times(() => greek.location.city())]),
    sentences: unique([...times(() => english.hacker.phrase()).slice(0, POOL_SIZE / 2), ...times(() => greek.commerce.productName()).slice(0, POOL_SIZE / 2)]),
    passwords: unique(times(() => english.internet.password({ length: 16 }))),
    slugs: unique(times(() => english.lorem.slug(2))),
  };
}
