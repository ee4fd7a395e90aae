/**
 * Path variable values: strings matching the variable's own pattern that a URL path carries as they are
 * (WordPress matches routes on the path still percent-encoded), and valid for the argument of the same name
 * when one is declared. Digit variables get small ids (1..20) most of the time, so they hit seeded resources.
 * A variable that ends the path never ends in `/`: WordPress strips trailing slashes from the route before it
 * matches (rest_api_loaded: untrailingslashit), so `/wp/v2/templates/&/` is asked as `/wp/v2/templates/&`, which
 * the template id's pattern refuses, and the answer is 404 rest_no_route (checked on 6.1).
 */
import fc from 'fast-check';
import { encodePathText } from '../../descriptor/percent-encoding.js';
import type { ArgDescriptor, PathVariable } from '../../descriptor/types.js';
import { argAccepts } from '../../schema/request-rules.js';
import { textPools } from '../realistic.js';
import { stableHash } from '../seed.js';
import { verified } from '../verified.js';
import { withoutDescriptions } from '../without-descriptions.js';

function wholeMatch(pattern: string): RegExp | null {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(`^(?:${pattern})$`, flags);
    } catch {
      // Try the next flags; a pattern JavaScript cannot read leaves the variable without values.
    }
  }
  return null;
}

/**
 * Values already built, by variable name, pattern and argument (less its descriptions): every method of a route, in
 * every locale, asks again.
 */
const builtByVariable = new Map<string, fc.Arbitrary<string> | null>();
/** Past this many distinct variables the store starts over, so a long-lived process cannot grow it without end. */
const MAX_BUILT_VARIABLES = 10_000;

/** Valid values of a path variable, or null when none could be found. */
export function pathValues(variable: PathVariable, arg: ArgDescriptor | undefined, endsPath = false): fc.Arbitrary<string> | null {
  const key = `${variable.name} ${variable.pattern} ${endsPath} ${arg === undefined ? '' : JSON.stringify(withoutDescriptions(arg))}`;
  let values = builtByVariable.get(key);
  if (values === undefined) {
    if (builtByVariable.size >= MAX_BUILT_VARIABLES) builtByVariable.clear();
    values = buildPathValues(variable, arg, endsPath);
    builtByVariable.set(key, values);
  }
  return values;
}

function buildPathValues(variable: PathVariable, arg: ArgDescriptor | undefined, endsPath: boolean): fc.Arbitrary<string> | null {
  const whole = wholeMatch(variable.pattern);
  if (whole === null) return null;
  const accepts = (value: string): boolean =>
    whole.test(value) && encodePathText(value) === value && !(endsPath && value.endsWith('/')) && argAccepts(arg, value, variable.name);
  const sources: Array<fc.WeightedArbitrary<string>> = [];
  if (whole.test('1')) {
    sources.push(
      { weight: 6, arbitrary: fc.integer({ min: 1, max: 20 }).map(String) },
      { weight: 1, arbitrary: fc.integer({ min: 21, max: 99_999 }).map(String) },
    );
  }
  const { slugs, logins, words } = textPools();
  const pooled = [...slugs, ...logins, ...words].filter((text) => whole.test(text));
  if (pooled.length > 0) sources.push({ weight: 2, arbitrary: fc.constantFrom(...pooled) });
  try {
    sources.push({ weight: 1, arbitrary: fc.stringMatching(whole, { size: 'small' }) });
  } catch {
    // fast-check cannot generate from every expression; the other sources may still cover it.
  }
  if (sources.length === 0) return null;
  return verified(fc.oneof(...sources), accepts, stableHash(`path ${variable.name} ${variable.pattern}`));
}
