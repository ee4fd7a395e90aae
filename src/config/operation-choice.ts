/**
 * Choosing operations (`--include`, `--exclude`): the pattern syntax and the one matcher. A run tests an operation
 * when it matches some include pattern (or none is given) and no exclude pattern.
 *
 * A pattern is `[LOCALE:][METHODS ]TARGET`:
 * - `LOCALE:` (optional): only operations of that locale's descriptor (`el:`, `en_gb:`).
 * - `METHODS ` (optional, followed by one space): `DELETE`, several joined by commas (`PUT,PATCH`), or `*`.
 * - `TARGET`:
 *   - a namespace (`community/v1`, `myplugin/v1`); `*` in it matches any characters (`wp/*`, `*`): the operations of
 *     every route of a matching namespace;
 *   - a route glob, starting with `/` (`/community/v1/members/*`): `*` matches within one path segment, `**` across
 *     segments, every other character is itself; matched against the whole route, as its readable template
 *     (`/community/v1/members/{id}`) or as the descriptor writes it (`/community/v1/members/(?P<id>[\d]+)`);
 *   - a regular expression between slashes (`/members|groups/`; JavaScript syntax, unanchored, case-sensitive):
 *     a route target that starts and ends with `/` and is longer than `/`; tested against the same two forms.
 *   - empty after a locale (`el:`): every operation of that locale.
 *
 * Module boundary: it matches any value shaped like a descriptor's operation (`ChoosableOperation`), so the
 * settings can check patterns when they are read and every stage can use it without importing the descriptor.
 */
import { ConfigError } from './errors.js';

/** What a pattern looks at: a descriptor operation has all of it. */
export interface ChoosableOperation {
  locale: string | null;
  method: string;
  /** The descriptor's route key. */
  route: string;
  namespace: string;
  /** The route's readable template (`/community/v1/members/{id}`). */
  pattern?: { template: string };
}

/** The methods a pattern may name. */
export const CHOOSABLE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** One parsed pattern, as written and as a test. */
export interface ChoicePattern {
  text: string;
  matches(op: ChoosableOperation): boolean;
}

const LOCALE_PREFIX = /^([A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*):/;
const METHODS_PREFIX = /^(\*|[A-Za-z]+(?:,[A-Za-z]+)*) (?=\S|$)/;

function invalid(source: string, pattern: string, message: string): ConfigError {
  return new ConfigError([{ source, message: `"${pattern}": ${message}` }]);
}

/** A route glob: `*` stays inside one path segment, `**` crosses them, every other character is itself. */
function globRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i]!;
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*';
      i += 1;
    } else if (char === '*') source += '[^/]*';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** A namespace glob: `*` matches any characters, slashes included (`wp/*`, `*`). */
function namespaceRegExp(glob: string): RegExp {
  return new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('.*')}$`,
  );
}

/** The route as the two forms a route target is tested against. */
function routeForms(op: ChoosableOperation): string[] {
  return op.pattern === undefined || op.pattern.template === op.route ? [op.route] : [op.pattern.template, op.route];
}

/** The test of a pattern's target, or a thrown `ConfigError` naming `source` (`--include`, `include[2]`). */
function targetTest(target: string, source: string, pattern: string): (op: ChoosableOperation) => boolean {
  if (target === '' || target === '*') return () => true;
  if (target.startsWith('/') && target.endsWith('/') && target.length > 1) {
    let regex: RegExp;
    try {
      regex = new RegExp(target.slice(1, -1));
    } catch (error) {
      throw invalid(source, pattern, `not a regular expression: ${(error as Error).message}`);
    }
    return (op) => routeForms(op).some((form) => regex.test(form));
  }
  if (target.startsWith('/')) {
    const glob = globRegExp(target);
    return (op) => routeForms(op).some((form) => glob.test(form));
  }
  if (/\s/.test(target)) throw invalid(source, pattern, 'a namespace has no spaces; a method comes first, followed by one space (DELETE /wp/v2/*)');
  const namespace = namespaceRegExp(target.replace(/^\/+|\/+$/g, ''));
  return (op) => namespace.test(op.namespace);
}

/**
 * Parses one pattern (see the module comment). `source` names where it was given, for the error.
 *
 * @throws ConfigError for an unknown method, an invalid regular expression or a blank pattern
 */
export function parseChoicePattern(text: string, source = 'pattern'): ChoicePattern {
  let rest = text.trim();
  if (rest === '') throw invalid(source, text, 'an empty pattern chooses nothing; give a namespace, a route or a method');
  const locale = LOCALE_PREFIX.exec(rest)?.[1];
  if (locale !== undefined) rest = rest.slice(locale.length + 1);
  let methods: Set<string> | undefined;
  const methodsText = METHODS_PREFIX.exec(rest)?.[1];
  if (methodsText !== undefined) {
    rest = rest.slice(methodsText.length + 1);
    if (methodsText !== '*') {
      methods = new Set(methodsText.split(',').map((method) => method.toUpperCase()));
      const unknown = [...methods].filter((method) => !(CHOOSABLE_METHODS as readonly string[]).includes(method));
      if (unknown.length > 0) throw invalid(source, text, `unknown method ${unknown.join(', ')}; methods: ${CHOOSABLE_METHODS.join(', ')}`);
    }
  } else if (/^[A-Za-z]+$/.test(rest) && (CHOOSABLE_METHODS as readonly string[]).includes(rest.toUpperCase())) {
    // A bare method would be read as a namespace that no server has: say how to write it.
    throw invalid(source, text, `a method is followed by a route or namespace: "${rest.toUpperCase()} *" for every ${rest.toUpperCase()}`);
  }
  const target = targetTest(rest.trim(), source, text);
  return {
    text,
    matches: (op) => (locale === undefined || op.locale === locale) && (methods === undefined || methods.has(op.method.toUpperCase())) && target(op),
  };
}

/** Patterns as given (`source`: `--include`, `include`), each checked: the setting's value. @throws ConfigError */
export function parseChoicePatterns(texts: readonly string[], source: string): string[] {
  for (const text of texts) parseChoicePattern(text, source);
  return [...new Set(texts)];
}

/** The run's choice: its include and exclude patterns, parsed. */
export interface OperationChoice {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  /** True when neither list has a pattern: every operation is chosen. */
  readonly everything: boolean;
  chooses(op: ChoosableOperation): boolean;
}

/**
 * The choice of `include` and `exclude` (the settings' lists): an operation is chosen when it matches some include
 * pattern, or no include is given, and no exclude pattern.
 *
 * @throws ConfigError for a pattern `parseChoicePattern` refuses
 */
export function operationChoice(settings: { include?: readonly string[]; exclude?: readonly string[] }): OperationChoice {
  const include = (settings.include ?? []).map((text, i) => parseChoicePattern(text, `include[${i}]`));
  const exclude = (settings.exclude ?? []).map((text, i) => parseChoicePattern(text, `exclude[${i}]`));
  return {
    include: include.map((pattern) => pattern.text),
    exclude: exclude.map((pattern) => pattern.text),
    everything: include.length === 0 && exclude.length === 0,
    chooses: (op) => (include.length === 0 || include.some((pattern) => pattern.matches(op))) && !exclude.some((pattern) => pattern.matches(op)),
  };
}

/**
 * The one line a choice that selects nothing is refused with, naming the namespaces the descriptors have, or
 * undefined when it selects something. `operations`: every operation of the descriptors.
 */
export function emptyChoiceMessage(choice: OperationChoice, operations: readonly ChoosableOperation[]): string | undefined {
  if (choice.everything || operations.some((op) => choice.chooses(op))) return undefined;
  const namespaces = [...new Set(operations.map((op) => op.namespace).filter((namespace) => namespace !== ''))].sort();
  const given = [...choice.include.map((text) => `--include '${text}'`), ...choice.exclude.map((text) => `--exclude '${text}'`)].join(' ');
  return `${given} chooses no operation; the descriptor's namespaces: ${namespaces.length === 0 ? '(none)' : namespaces.join(', ')}`;
}
