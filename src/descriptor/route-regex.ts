/**
 * Reads a WordPress route key (a PCRE regex, matched by WordPress as `@^key$@i`) into a small syntax tree, and
 * writes the tree back as JavaScript regex source. The source is written so that it means the same in
 * JavaScript's plain and `u` modes (ajv compiles `pattern` with `u`): needless escapes such as `\@` become the
 * bare character, and a `-` that PCRE reads as a literal inside a class is escaped.
 */
import { RoutePatternError } from './errors.js';

/** One element of a route regex. */
export type RegexNode =
  /** A character that stands for itself. */
  | { kind: 'literal'; char: string }
  /** Something matching one of many characters (`[…]`, `\d`, `.`), already as JavaScript source. */
  | { kind: 'set'; source: string }
  /** A zero-width test (`\b`, `^`, lookaround); `body` is set for lookarounds. */
  | { kind: 'assertion'; source: string; body?: RegexNode[][] }
  /** `(…)`, `(?:…)` or a named group `(?P<name>…)`. */
  | { kind: 'group'; name: string | null; capturing: boolean; alternatives: RegexNode[][] }
  /** A quantified atom; `max` is `Infinity` for `*`, `+` and `{n,}`. */
  | { kind: 'repeat'; node: RegexNode; min: number; max: number; lazy: boolean };

/** Characters that must be escaped outside a class to stand for themselves. */
const SYNTAX_OUTSIDE_CLASS = new Set(['\\', '^', '$', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);
/** Characters that must be escaped inside a class to stand for themselves. */
const SYNTAX_INSIDE_CLASS = new Set(['\\', ']', '[', '^', '-', '/']);
const CLASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S']);
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', f: '\f', e: '\x1b', a: '\x07' };
const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Parses a PCRE route key; throws `RoutePatternError` on syntax JavaScript cannot express or that makes no sense in a route. */
export function parseRouteRegex(key: string): RegexNode[][] {
  return new RouteRegexReader(key).readAll();
}

/** Item of a character class: one character or a class escape such as `\w`. */
type ClassItem = { char: string; escaped: boolean } | { escape: string };

class RouteRegexReader {
  #pos = 0;
  readonly #key: string;

  constructor(key: string) {
    this.#key = key;
  }

  readAll(): RegexNode[][] {
    const alternatives = this.#readAlternatives();
    if (this.#pos < this.#key.length) this.#fail('unmatched ")"');
    return alternatives;
  }

  #fail(reason: string, at: number = this.#pos): never {
    throw new RoutePatternError(this.#key, reason, at);
  }

  #peek(offset = 0): string | undefined {
    return this.#key[this.#pos + offset];
  }

  #startsWith(text: string): boolean {
    return this.#key.startsWith(text, this.#pos);
  }

  #readAlternatives(): RegexNode[][] {
    const alternatives: RegexNode[][] = [this.#readSequence()];
    while (this.#peek() === '|') {
      this.#pos++;
      alternatives.push(this.#readSequence());
    }
    return alternatives;
  }

  #readSequence(): RegexNode[] {
    const nodes: RegexNode[] = [];
    for (let c = this.#peek(); c !== undefined && c !== '|' && c !== ')'; c = this.#peek()) {
      const atomStart = this.#pos;
      const atom = this.#readAtom();
      const quantified = this.#readQuantifier(atom, atomStart);
      nodes.push(quantified);
    }
    return nodes;
  }

  #readAtom(): RegexNode {
    const c = this.#peek() as string;
    switch (c) {
      case '(':
        return this.#readGroup();
      case '[':
        return { kind: 'set', source: this.#readClass() };
      case '\\':
        return this.#readEscapeOutsideClass();
      case '.':
        this.#pos++;
        return { kind: 'set', source: '.' };
      case '^':
      case '$':
        this.#pos++;
        return { kind: 'assertion', source: c };
      case '*':
      case '+':
      case '?':
        return this.#fail(`nothing to repeat before "${c}"`);
      case '{':
        if (this.#quantifierBraceAhead()) this.#fail('nothing to repeat before "{"');
        this.#pos++;
        return { kind: 'literal', char: '{' };
      default:
        this.#pos++;
        return { kind: 'literal', char: c };
    }
  }

  #readGroup(): RegexNode {
    const start = this.#pos;
    this.#pos++; // "("
    let node: RegexNode;
    if (this.#peek() !== '?') {
      node = { kind: 'group', name: null, capturing: true, alternatives: [] };
    } else if (this.#startsWith('?:')) {
      this.#pos += 2;
      node = { kind: 'group', name: null, capturing: false, alternatives: [] };
    } else if (this.#startsWith('?P<') || this.#startsWith("?'") || (this.#startsWith('?<') && !this.#startsWith('?<=') && !this.#startsWith('?<!'))) {
      node = { kind: 'group', name: this.#readGroupName(), capturing: true, alternatives: [] };
    } else {
      const lookaround = ['?=', '?!', '?<=', '?<!'].find((prefix) => this.#startsWith(prefix));
      if (lookaround === undefined) this.#fail('unsupported group syntax "(?" (only (?:…), (?P<name>…) and lookarounds are read)', start);
      this.#pos += lookaround.length;
      node = { kind: 'assertion', source: `(${lookaround}`, body: [] };
    }
    const alternatives = this.#readAlternatives();
    if (this.#peek() !== ')') this.#fail('unclosed group', start);
    this.#pos++;
    if (node.kind === 'group') node.alternatives = alternatives;
    else node.body = alternatives;
    return node;
  }

  #readGroupName(): string {
    const open = this.#startsWith('?P<') ? 3 : 2;
    const close = this.#key[this.#pos + open - 1] === "'" ? "'" : '>';
    const end = this.#key.indexOf(close, this.#pos + open);
    if (end < 0) this.#fail('unterminated group name');
    const name = this.#key.slice(this.#pos + open, end);
    if (!GROUP_NAME.test(name)) this.#fail(`invalid group name ${JSON.stringify(name)}`);
    this.#pos = end + 1;
    return name;
  }

  #quantifierBraceAhead(): boolean {
    return /^\{\d+(?:,\d*)?\}/.test(this.#key.slice(this.#pos));
  }

  #readQuantifier(atom: RegexNode, atomStart: number): RegexNode {
    let min: number;
    let max: number;
    const c = this.#peek();
    if (c === '?') [min, max] = [0, 1];
    else if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '{' && this.#quantifierBraceAhead()) {
      const match = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.#key.slice(this.#pos)) as RegExpExecArray;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      if (max < min) this.#fail('quantifier range out of order');
      this.#pos += match[0].length - 1;
    } else return atom;
    this.#pos++;
    if (atom.kind === 'assertion') this.#fail('a zero-width assertion cannot be repeated', atomStart);
    let lazy = false;
    if (this.#peek() === '?') {
      lazy = true;
      this.#pos++;
    } else if (this.#peek() === '+') {
      this.#fail('possessive quantifiers have no JavaScript equivalent');
    }
    return { kind: 'repeat', node: atom, min, max, lazy };
  }

  #readEscapeOutsideClass(): RegexNode {
    const start = this.#pos;
    const c = this.#key[this.#pos + 1];
    if (c === undefined) this.#fail('trailing backslash');
    if (CLASS_ESCAPES.has(c)) {
      this.#pos += 2;
      return { kind: 'set', source: `\\${c}` };
    }
    if (c === 'b' || c === 'B') {
      this.#pos += 2;
      return { kind: 'assertion', source: `\\${c}` };
    }
    return { kind: 'literal', char: this.#readEscapedChar(start) };
  }

  /** Reads `\x` forms that stand for one character (both inside and outside classes). */
  #readEscapedChar(start: number): string {
    const c = this.#key[this.#pos + 1] as string;
    if (c in CONTROL_ESCAPES) {
      this.#pos += 2;
      return CONTROL_ESCAPES[c] as string;
    }
    if (c === 'x') {
      const braced = /^\\x\{([0-9A-Fa-f]{1,6})\}/.exec(this.#key.slice(this.#pos));
      const plain = /^\\x([0-9A-Fa-f]{0,2})/.exec(this.#key.slice(this.#pos)) as RegExpExecArray;
      const match = braced ?? plain;
      const codePoint = parseInt(match[1] || '0', 16);
      if (codePoint > 0x10ffff) this.#fail('code point out of range', start);
      this.#pos += match[0].length;
      return String.fromCodePoint(codePoint);
    }
    if (/[0-9]/.test(c)) this.#fail('back-references and octal escapes are not supported', start);
    if (/[A-Za-z]/.test(c)) this.#fail(`unsupported escape "\\${c}"`, start);
    // Any other escaped character stands for itself (PCRE), and may be astral.
    const char = String.fromCodePoint(this.#key.codePointAt(this.#pos + 1) as number);
    this.#pos += 1 + char.length;
    return char;
  }

  /** Reads `[…]` with PCRE's rules and returns equivalent JavaScript class source. */
  #readClass(): string {
    const start = this.#pos;
    this.#pos++; // "["
    let negated = false;
    if (this.#peek() === '^') {
      negated = true;
      this.#pos++;
    }
    const items: ClassItem[] = [];
    let first = true;
    for (;;) {
      const c = this.#peek();
      if (c === undefined) this.#fail('unclosed character class', start);
      if (c === ']' && !first) break;
      first = false;
      if (c === '[' && this.#startsWith('[:')) this.#fail('POSIX character classes ([:alpha:]) are not supported');
      if (c === '\\') {
        const e = this.#key[this.#pos + 1];
        if (e !== undefined && CLASS_ESCAPES.has(e)) {
          items.push({ escape: `\\${e}` });
          this.#pos += 2;
        } else if (e === 'b') {
          items.push({ char: '\b', escaped: true });
          this.#pos += 2;
        } else {
          items.push({ char: this.#readEscapedChar(this.#pos), escaped: true });
        }
        continue;
      }
      const char = String.fromCodePoint(this.#key.codePointAt(this.#pos) as number);
      items.push({ char, escaped: false });
      this.#pos += char.length;
    }
    this.#pos++; // "]"
    return `[${negated ? '^' : ''}${this.#classItemsSource(items, start)}]`;
  }

  /** Writes class items, turning `a-z` into ranges and every other `-` into an escaped literal, as PCRE reads them. */
  #classItemsSource(items: ClassItem[], start: number): string {
    let source = '';
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as ClassItem;
      const dash = items[i + 1];
      const high = items[i + 2];
      const isRange = 'char' in item && dash !== undefined && 'char' in dash && dash.char === '-' && !dash.escaped && high !== undefined && 'char' in high;
      if (isRange) {
        const low = item.char.codePointAt(0) as number;
        const top = (high as { char: string }).char.codePointAt(0) as number;
        if (top < low) this.#fail('character class range out of order', start);
        source += `${classChar(item.char)}-${classChar((high as { char: string }).char)}`;
        i += 2;
      } else {
        source += 'char' in item ? classChar(item.char) : item.escape;
      }
    }
    return source;
  }
}

/** One character as JavaScript class source. */
function classChar(char: string): string {
  if (SYNTAX_INSIDE_CLASS.has(char)) return `\\${char}`;
  return printable(char);
}

/** One character as JavaScript source outside a class. */
function literalChar(char: string): string {
  if (SYNTAX_OUTSIDE_CLASS.has(char)) return `\\${char}`;
  return printable(char);
}

/** Control and invisible characters as `\xHH`/`\uHHHH`, so the source stays readable and valid in both modes. */
function printable(char: string): string {
  const code = char.codePointAt(0) as number;
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
  if ((code >= 0x80 && code < 0xa0) || code === 0x2028 || code === 0x2029) return `\\u${code.toString(16).padStart(4, '0')}`;
  return char;
}

/** Options for writing JavaScript source from the tree. */
export interface RenderOptions {
  /** Write named groups as `(?<name>…)` (true) or as plain `(?:…)`. */
  namedGroups: boolean;
  /** Write unnamed capturing groups as `(…)` (true) or as `(?:…)`. */
  capturingGroups: boolean;
}

/** Writes alternatives back as JavaScript regex source. */
export function renderJs(alternatives: RegexNode[][], options: RenderOptions): string {
  return alternatives.map((sequence) => sequence.map((node) => renderNode(node, options)).join('')).join('|');
}

function renderNode(node: RegexNode, options: RenderOptions): string {
  switch (node.kind) {
    case 'literal':
      return literalChar(node.char);
    case 'set':
      return node.source;
    case 'assertion':
      return node.body === undefined ? node.source : `${node.source}${renderJs(node.body, options)})`;
    case 'group': {
      const open =
        node.name !== null && options.namedGroups ? `(?<${node.name}>` : node.capturing && node.name === null && options.capturingGroups ? '(' : '(?:';
      return `${open}${renderJs(node.alternatives, options)})`;
    }
    case 'repeat': {
      const { min, max } = node;
      const q =
        min === 0 && max === 1
          ? '?'
          : min === 0 && max === Infinity
            ? '*'
            : min === 1 && max === Infinity
              ? '+'
              : max === Infinity
                ? `{${min},}`
                : min === max
                  ? `{${min}}`
                  : `{${min},${max}}`;
      return `${renderNode(node.node, options)}${q}${node.lazy ? '?' : ''}`;
    }
  }
}
