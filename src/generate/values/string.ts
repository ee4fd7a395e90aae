/**
 * Valid strings: realistic text chosen by the parameter's name, free Unicode text (Greek, emoji), the empty
 * string where allowed; strings of the format for `email`, `date-time`, `uuid`, `ip`, `hex-color`, `uri`;
 * strings matching `pattern` (fast-check's `stringMatching`). Length limits count code points, as PHP's
 * `mb_strlen` does; values a limit or pattern rules out are filtered by the caller's verification.
 */
import fc from 'fast-check';
import { pcreToRegExp } from '../../schema/pcre.js';
import { freeText, realisticText, textPools } from '../realistic.js';
import type { ValueBuilder } from './context.js';

const FREE_TEXT_SPAN = 24;
const HEX_DIGITS = [...'0123456789abcdefABCDEF'];
/**
 * URLs built from parts: fast-check's own `webUrl` costs seconds to set up on first use. Made on first use too
 * (one arbitrary for the process): `fc.domain()` alone took 10-20 ms of every start, `uri` parameters or not.
 */
let webUrlArbitrary: fc.Arbitrary<string> | undefined;
const webUrls = (): fc.Arbitrary<string> =>
  (webUrlArbitrary ??= fc
    .tuple(
      fc.constantFrom('https', 'http'),
      fc.domain(),
      fc.array(fc.stringMatching(/^[a-z0-9-]{1,10}$/), { maxLength: 3 }),
      fc.option(fc.stringMatching(/^[a-z]{1,6}=[a-z0-9]{1,6}$/)),
    )
    .map(([scheme, domain, segments, query]) => `${scheme}://${domain}/${segments.join('/')}${query ? `?${query}` : ''}`));
const isoDates = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2037-12-31T23:59:59Z'), noInvalidDate: true });

const FORMAT_VALUES: Record<string, () => fc.Arbitrary<string>> = {
  email: () => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...textPools().emails) }, { weight: 1, arbitrary: fc.emailAddress() }),
  uri: () => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...textPools().urls) }, { weight: 1, arbitrary: webUrls() }),
  uuid: () => fc.uuid(),
  ip: () => fc.oneof(fc.ipV4(), fc.ipV6()),
  'hex-color': () =>
    fc
      .oneof(
        fc.string({ unit: fc.constantFrom(...HEX_DIGITS), minLength: 3, maxLength: 3 }),
        fc.string({ unit: fc.constantFrom(...HEX_DIGITS), minLength: 6, maxLength: 6 }),
      )
      .map((digits) => `#${digits}`),
  'date-time': () =>
    fc
      .record({
        date: isoDates,
        separator: fc.constantFrom('T', 'T', 'T', ' '),
        fraction: fc.constantFrom('', '', '', '.5', '.123456'),
        zone: fc.constantFrom('', 'Z', 'Z', '+02:00', '-05:00', '+05:30', '+03'),
      })
      .map(({ date, separator, fraction, zone }) => {
        const iso = date.toISOString();
        return `${iso.slice(0, 10)}${separator}${iso.slice(11, 19)}${fraction}${zone}`;
      }),
};

/**
 * Strings matching a PCRE pattern, whole or inside other text; null when the pattern cannot be generated from.
 * Short repetitions when the strings must be short (`maxLength`), so few are thrown away.
 */
export function patternValues(pattern: string, maxLength = Number.POSITIVE_INFINITY): fc.Arbitrary<string> | null {
  const regex = pcreToRegExp(pattern, 'plain');
  if (regex === null) return null;
  const size = maxLength <= 8 ? 'xsmall' : maxLength <= 32 ? 'small' : undefined;
  try {
    const whole = fc.stringMatching(new RegExp(`^(?:${regex.source})$`, regex.flags), size ? { size } : {});
    return fc.oneof({ weight: 3, arbitrary: whole }, { weight: 1, arbitrary: fc.stringMatching(regex, size ? { size } : {}) });
  } catch {
    // fast-check reads a subset of regular expressions (no back-references, for one).
    return null;
  }
}

export const stringValues: ValueBuilder = (schema, context) => {
  const minLength = typeof schema.minLength === 'number' ? Math.max(0, Math.ceil(schema.minLength)) : 0;
  const maxLength = typeof schema.maxLength === 'number' ? Math.floor(schema.maxLength) : Number.POSITIVE_INFINITY;
  if (maxLength < minLength) return null;
  const sources: Array<fc.Arbitrary<string>> = [];
  if (typeof schema.pattern === 'string') {
    const matching = patternValues(schema.pattern, maxLength);
    if (matching === null) return null;
    sources.push(matching);
  }
  const format = typeof schema.format === 'string' ? FORMAT_VALUES[schema.format] : undefined;
  if (format) sources.push(format());
  if (sources.length > 0) return fc.oneof(...sources);
  const freeMax = Math.min(maxLength, minLength + FREE_TEXT_SPAN);
  const weighted: Array<fc.WeightedArbitrary<string>> = [{ weight: 3, arbitrary: freeText(minLength, freeMax) }];
  const realistic = realisticText(context.name, minLength, maxLength, context.textLocale);
  if (realistic) weighted.push({ weight: 5, arbitrary: realistic });
  if (minLength === 0) weighted.push({ weight: 1, arbitrary: fc.constant('') });
  return fc.oneof(...weighted);
};
