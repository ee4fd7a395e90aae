/**
 * Route keys → `RoutePattern`: a readable template, the path variables with a JSON Schema each, a matcher that
 * behaves like WordPress's `@^key$@i`, and a builder that turns variable values into a concrete path.
 */
import { RoutePatternError } from './errors.js';
import { encodePathText } from './percent-encoding.js';
import { parseRouteRegex, renderJs, type RegexNode } from './route-regex.js';
import type { PathVariable, RoutePattern } from './types.js';

/** Builds one piece of a path from the variable values. */
type PathPiece = (values: Record<string, string>) => string;

/**
 * Parses a WordPress route key such as `/wp/v2/posts/(?P<parent>[\d]+)/revisions/(?P<id>[\d]+)` or
 * `/analytics/v1/terms(?:/(?P<slug>[a-zA-Z0-9-_]+))?`.
 *
 * - `matcher` tests a path as sent, case-insensitively: WordPress matches the route still percent-encoded
 *   (checked on 6.1: `/wp/v2/types/po%73t` is 404 `rest_no_route`).
 * - `build(values)` percent-encodes only what a URL path cannot carry (space, `?`, `#`, `%`, non-ASCII…;
 *   `/` is kept, as a plugin's `folder/file` needs it), so its result can be appended to the REST URL as is.
 *   A required variable without a value throws `RoutePatternError`.
 * - Each variable's `schema.pattern` is anchored and case-sensitive, valid in JavaScript's `u` mode (ajv).
 *
 * @throws RoutePatternError for syntax JavaScript cannot express (possessive quantifiers, back-references,
 * POSIX classes…), nested or repeated variables, or text outside any variable that a path cannot be built
 * from (such as a bare `[a-z]+`).
 */
export function parseRoutePattern(key: string): RoutePattern {
  const tree = parseRouteRegex(key);
  const variables: PathVariable[] = [];
  collectVariables(key, tree, false, false, variables);
  const matcher = compileMatcher(key, tree);
  const template = templateOf(tree);
  const pieces = compileAlternatives(key, tree, variables);
  const fixed = pieces.length === 1 && typeof pieces[0] === 'string' ? pieces[0] : undefined;
  const build = fixed === undefined ? (values: Record<string, string>): string => joinPieces(pieces, values) : (): string => fixed;
  return { key, template, variables, matcher, build };
}

/**
 * The route's matcher. JavaScript refuses some keys the checks above let through (a variable's name repeated
 * inside a lookahead, which collects no variables): such a key is unreadable like any other, not a crash.
 */
function compileMatcher(key: string, tree: RegexNode[][]): RegExp {
  try {
    return new RegExp(`^(?:${renderJs(tree, { namedGroups: true, capturingGroups: true })})$`, 'i');
  } catch (error) {
    throw new RoutePatternError(key, `JavaScript cannot compile it: ${(error as Error).message}`);
  }
}

function collectVariables(key: string, alternatives: RegexNode[][], optional: boolean, repeated: boolean, into: PathVariable[]): void {
  // A variable in one branch of several may be left out by taking another branch.
  const branchOptional = optional || alternatives.length > 1;
  for (const sequence of alternatives) {
    for (const node of sequence) collectFromNode(key, node, branchOptional, repeated, into);
  }
}

function collectFromNode(key: string, node: RegexNode, optional: boolean, repeated: boolean, into: PathVariable[]): void {
  if (node.kind === 'repeat') {
    collectFromNode(key, node.node, optional || node.min === 0, repeated || node.max > 1, into);
    return;
  }
  if (node.kind !== 'group') return;
  if (node.name === null) {
    collectVariables(key, node.alternatives, optional, repeated, into);
    return;
  }
  const name = node.name;
  if (into.some((variable) => variable.name === name)) throw new RoutePatternError(key, `path variable "${name}" appears twice`);
  if (repeated) throw new RoutePatternError(key, `path variable "${name}" sits inside a repetition`);
  if (containsNamedGroup(node.alternatives)) throw new RoutePatternError(key, `path variable "${name}" contains another named group`);
  const pattern = renderJs(node.alternatives, { namedGroups: false, capturingGroups: false });
  into.push({ name, pattern, optional, schema: { type: 'string', pattern: `^(?:${pattern})$` } });
}

function containsNamedGroup(alternatives: RegexNode[][]): boolean {
  return alternatives.some((sequence) =>
    sequence.some((node) => {
      const inner = node.kind === 'repeat' ? node.node : node;
      if (inner.kind === 'group') return inner.name !== null || containsNamedGroup(inner.alternatives);
      return inner.kind === 'assertion' && inner.body !== undefined && containsNamedGroup(inner.body);
    }),
  );
}

function templateOf(alternatives: RegexNode[][]): string {
  const branches = alternatives.map((sequence) => sequence.map(templateOfNode).join(''));
  return branches.length === 1 ? (branches[0] as string) : `(${branches.join('|')})`;
}

function templateOfNode(node: RegexNode): string {
  switch (node.kind) {
    case 'literal':
      return node.char;
    case 'set':
      return node.source;
    case 'assertion':
      return '';
    case 'group':
      return node.name === null ? templateOf(node.alternatives) : `{${node.name}}`;
    case 'repeat': {
      const inner = templateOfNode(node.node);
      return node.min === 0 ? `[${inner}]` : inner.repeat(node.min);
    }
  }
}

/** Names of the variables a subtree contains. */
function variablesIn(alternatives: RegexNode[][]): string[] {
  const names: string[] = [];
  const visit = (node: RegexNode): void => {
    if (node.kind === 'repeat') visit(node.node);
    else if (node.kind === 'group') {
      if (node.name !== null) names.push(node.name);
      else node.alternatives.forEach((sequence) => sequence.forEach(visit));
    }
  };
  alternatives.forEach((sequence) => sequence.forEach(visit));
  return names;
}

/**
 * Turns the tree into path pieces: literal runs become strings once, here, so `build` only concatenates.
 * Text a path cannot be built from (a class outside any variable) is refused unless it is optional.
 */
function compileAlternatives(key: string, alternatives: RegexNode[][], all: PathVariable[]): Array<string | PathPiece> {
  if (alternatives.length === 1) return compileSequence(key, alternatives[0] as RegexNode[], all);
  const branches = alternatives.map((sequence) => ({ names: variablesIn([sequence]), pieces: compileSequence(key, sequence, all) }));
  return [
    (values) => {
      // Take the branch that uses the most of the given values; the first on a tie.
      let best = branches[0] as (typeof branches)[number];
      let bestScore = -1;
      for (const branch of branches) {
        const score = branch.names.every((name) => values[name] !== undefined) ? branch.names.length : -1;
        if (score > bestScore) [best, bestScore] = [branch, score];
      }
      return joinPieces(best.pieces, values);
    },
  ];
}

function compileSequence(key: string, sequence: RegexNode[], all: PathVariable[]): Array<string | PathPiece> {
  const pieces: Array<string | PathPiece> = [];
  let literal = '';
  const flush = (): void => {
    if (literal !== '') pieces.push(encodePathText(literal));
    literal = '';
  };
  for (const node of sequence) {
    if (node.kind === 'literal') {
      literal += node.char;
      continue;
    }
    const piece = compileNode(key, node, all);
    if (typeof piece === 'string') literal += piece;
    else {
      flush();
      pieces.push(piece);
    }
  }
  flush();
  return pieces;
}

/** Returns raw (unencoded) text for fixed pieces, or a function for pieces that depend on the values. */
function compileNode(key: string, node: RegexNode, all: PathVariable[]): string | PathPiece {
  switch (node.kind) {
    case 'literal':
      return node.char;
    case 'assertion':
      return '';
    case 'set':
      // An unescaped "." in literal text (`/oembed/1.0`) means a dot to whoever wrote the route.
      if (node.source === '.') return '.';
      throw new RoutePatternError(key, `"${node.source}" outside any named group: no path can be built from it`);
    case 'group': {
      if (node.name !== null) return variablePiece(key, node.name, all);
      const pieces = compileAlternatives(key, node.alternatives, all);
      return (values) => joinPieces(pieces, values);
    }
    case 'repeat': {
      if (node.min === 0) {
        // Optional part: written once when it carries a given value, else left out.
        const names = variablesIn([[node.node]]);
        if (names.length === 0) return '';
        const inner = compileSequence(key, [node.node], all);
        return (values) => (names.some((name) => values[name] !== undefined) ? joinPieces(inner, values) : '');
      }
      const inner = compileNode(key, node.node, all);
      if (typeof inner === 'string') return inner.repeat(node.min);
      return (values) => inner(values).repeat(node.min);
    }
  }
}

function variablePiece(key: string, name: string, all: PathVariable[]): PathPiece {
  const variable = all.find((candidate) => candidate.name === name) as PathVariable;
  return (values) => {
    const value = values[name];
    if (value === undefined) {
      if (variable.optional) return '';
      throw new RoutePatternError(key, `no value for path variable "${name}"`);
    }
    return encodePathText(value);
  };
}

function joinPieces(pieces: Array<string | PathPiece>, values: Record<string, string>): string {
  let text = '';
  for (const piece of pieces) text += typeof piece === 'string' ? piece : piece(values);
  return text;
}
