/**
 * Route keys compared by meaning, not by text: `(?P<id>[\d]+)`, `(?P<id>\d+)` and `(?P<id>[0-9]+)` are the same
 * route. Two keys mean the same when their templates agree (case-insensitively, as WordPress matches; the
 * template names each variable), their variables are alike optional, and each variable accepts the same values
 * among a set of probes: fixed ones plus values drawn from either variable's own pattern.
 */
import fc from 'fast-check';
import { parseRoutePattern } from '../../descriptor/route-pattern.js';
import type { PathVariable, RoutePattern } from '../../descriptor/types.js';

/** Characters a path segment plausibly holds, singly and in pairs, to tell character classes apart. */
const PROBE_CHARACTERS = ['0', '7', '9', 'a', 'z', 'A', 'Z', '-', '_', '.', '@', '/', ' ', '~', '+', ':', '%', 'é'];
const PROBE_WORDS = ['', 'me', 'form', '123', '007', 'abc-def', 'abc_def', 'a.b', 'user@example.com', 'ΑΒΓ'];
const FIXED_PROBES: readonly string[] = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)),
  ...PROBE_CHARACTERS.flatMap((first) => PROBE_CHARACTERS.map((second) => first + second)),
  ...PROBE_WORDS,
];
/** Values drawn from each variable's own pattern, so long or unusual accepted values are probed too. */
const DRAWN_PROBES = 40;
const PROBE_SEED = 20240601;

/** Why two route keys differ in meaning, or undefined when they mean the same. */
export function routeMeaningDifference(first: string, second: string): string | undefined {
  if (first === second) return undefined;
  const a = parsePattern(first);
  const b = parsePattern(second);
  if (a === undefined || b === undefined) return 'the keys differ and one of them cannot be read as a route';
  if (a.template.toLowerCase() !== b.template.toLowerCase()) return `template ${a.template} is not ${b.template}`;
  // Equal templates name the same variables in the same order.
  for (const [index, left] of a.variables.entries()) {
    const right = b.variables[index] as PathVariable;
    if (left.optional !== right.optional) return `path variable ${left.name} is ${left.optional ? '' : 'not '}optional in ${first}`;
    const probe = disagreeingProbe(left, right);
    if (probe !== undefined) {
      const acceptedBy = matches(left, probe) ? first : second;
      return `path variable ${left.name} accepts ${JSON.stringify(probe)} only in ${acceptedBy}`;
    }
  }
  return undefined;
}

/** True when the keys have the same template and variable names, whatever values the variables accept. */
export function sameRouteShape(first: string, second: string): boolean {
  const a = parsePattern(first);
  const b = parsePattern(second);
  if (a === undefined || b === undefined) return false;
  return (
    a.template.toLowerCase() === b.template.toLowerCase() &&
    a.variables.map((variable) => variable.name).join() === b.variables.map((variable) => variable.name).join()
  );
}

const patternCache = new Map<string, RoutePattern | undefined>();

function parsePattern(key: string): RoutePattern | undefined {
  if (!patternCache.has(key)) {
    let pattern: RoutePattern | undefined;
    try {
      pattern = parseRoutePattern(key);
    } catch {
      pattern = undefined;
    }
    patternCache.set(key, pattern);
  }
  return patternCache.get(key);
}

const matcherCache = new Map<string, RegExp>();

// WordPress matches the whole route case-insensitively, so `[a-z]+` and `[a-zA-Z]+` accept the same paths.
function matches(variable: PathVariable, value: string): boolean {
  let matcher = matcherCache.get(variable.pattern);
  if (matcher === undefined) {
    matcher = new RegExp(`^(?:${variable.pattern})$`, 'iu');
    matcherCache.set(variable.pattern, matcher);
  }
  return matcher.test(value);
}

function disagreeingProbe(left: PathVariable, right: PathVariable): string | undefined {
  if (left.pattern === right.pattern) return undefined;
  const probes = [...FIXED_PROBES, ...drawnFrom(left), ...drawnFrom(right)];
  return probes.find((probe) => matches(left, probe) !== matches(right, probe));
}

function drawnFrom(variable: PathVariable): string[] {
  try {
    return fc.sample(fc.stringMatching(new RegExp(`^(?:${variable.pattern})$`, 'u')), { numRuns: DRAWN_PROBES, seed: PROBE_SEED });
  } catch {
    return [];
  }
}
