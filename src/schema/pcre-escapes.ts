/**
 * What a backslash means in PCRE, in JavaScript terms: the escapes the converter of `pcre.ts` reads, in and out of
 * character classes, from a cursor over the pattern. PCRE-only escapes throw `Unsupported`.
 */

/** What a converted expression is for: `match` reproduces `preg_match`; `plain` keeps ECMAScript meanings (see `pcre.ts`). */
export type PatternPurpose = 'match' | 'plain';

/** Where the converter is in a pattern: escapes read from `position` and move it past what they read. */
export interface PatternCursor {
  readonly pattern: string;
  readonly purpose: PatternPurpose;
  position: number;
}

/** PCRE `\s` without UCP: space, tab, LF, VT, FF, CR. */
export const PCRE_SPACE_CHARS = '\\t\\n\\x0B\\f\\r ';
const PCRE_VERTICAL_SPACE = '\\n\\x0B\\f\\r\\x85\\u2028\\u2029';
const PCRE_HORIZONTAL_SPACE = '\\t \\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
/** Characters that must be escaped to stand for themselves in a JavaScript `u` expression. */
const JS_SYNTAX = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);
const GENERAL_CATEGORY = /^(?:[CLMNPSZ][a-z]?|LC)$/;

/** Syntax PCRE has and JavaScript lacks: the pattern cannot be converted. */
export class Unsupported extends Error {}

/** One item of a character class. */
export interface ClassItem {
  text: string;
  /** A single character (can end a range) rather than a class escape such as `\d`. */
  single: boolean;
  /** An unescaped `-`, which may form a range. */
  dash: boolean;
}

/** A character standing for itself, escaped where JavaScript (in a class or out of one) would read it as syntax. */
export function escapeLiteral(char: string, inClass: boolean): string {
  return JS_SYNTAX.has(char) || (inClass && char === '-') ? `\\${char}` : char;
}

function codePointEscape(hex: string): string {
  const codePoint = Number.parseInt(hex, 16);
  if (!Number.isFinite(codePoint) || codePoint > 0x10ffff) throw new Unsupported(`bad code point ${hex}`);
  return `\\u{${codePoint.toString(16)}}`;
}

function peek(cursor: PatternCursor): string {
  return cursor.pattern[cursor.position] ?? '';
}

/** Reads one escape; inside a class, `single` says whether it is one character. */
export function readEscape(cursor: PatternCursor, inClass: boolean): ClassItem {
  const next = cursor.pattern[cursor.position + 1];
  if (next === undefined) throw new Unsupported('trailing backslash');
  cursor.position += 2;
  const single = (text: string): ClassItem => ({ text, single: true, dash: false });
  const set = (text: string): ClassItem => ({ text, single: false, dash: false });
  switch (next) {
    case 'd':
    case 'D':
    case 'w':
    case 'W':
      return set(`\\${next}`);
    case 's':
      if (cursor.purpose === 'plain') return set('\\s');
      return set(inClass ? PCRE_SPACE_CHARS : `[${PCRE_SPACE_CHARS}]`);
    case 'S':
      if (cursor.purpose === 'plain' || inClass) return set('\\S');
      return set(`[^${PCRE_SPACE_CHARS}]`);
    case 'h':
      return set(inClass ? PCRE_HORIZONTAL_SPACE : `[${PCRE_HORIZONTAL_SPACE}]`);
    case 'v':
      return set(inClass ? PCRE_VERTICAL_SPACE : `[${PCRE_VERTICAL_SPACE}]`);
    case 'H':
    case 'V':
      if (inClass) throw new Unsupported(`\\${next} in a class`);
      return set(`[^${next === 'H' ? PCRE_HORIZONTAL_SPACE : PCRE_VERTICAL_SPACE}]`);
    case 'N':
      if (inClass) throw new Unsupported('\\N in a class');
      return set('[^\\n]');
    case 'R':
      if (inClass) throw new Unsupported('\\R in a class');
      return set(`(?:\\r\\n|[${PCRE_VERTICAL_SPACE}])`);
    case 'b':
      return inClass ? single('\\x08') : set('\\b');
    case 'B':
      if (inClass) throw new Unsupported('\\B in a class');
      return set('\\B');
    case 'A':
      if (inClass) throw new Unsupported('\\A in a class');
      return set('^');
    case 'z':
      if (inClass) throw new Unsupported('\\z in a class');
      return set('$');
    case 'Z':
      if (inClass) throw new Unsupported('\\Z in a class');
      return set(cursor.purpose === 'match' ? '(?=\\n?$)' : '$');
    case 'n':
    case 'r':
    case 't':
    case 'f':
      return single(`\\${next}`);
    case 'e':
      return single('\\x1B');
    case 'a':
      return single('\\x07');
    case '0':
      return single('\\0');
    case 'c': {
      const letter = peek(cursor);
      cursor.position++;
      if (!/[A-Za-z]/.test(letter)) throw new Unsupported('\\c');
      return single(`\\c${letter}`);
    }
    case 'x':
      return single(readHexEscape(cursor));
    case 'p':
    case 'P':
      return set(readProperty(cursor, next === 'P'));
    case 'Q':
      return readQuoted(cursor, inClass);
    case 'k':
    case 'g':
      if (inClass) throw new Unsupported(`\\${next} in a class`);
      return set(readBackReference(cursor));
    default:
      if (/[1-9]/.test(next)) {
        if (inClass) throw new Unsupported('octal escape in a class');
        return set(`\\${next}`);
      }
      // PCRE2 rejects unknown letter escapes; every other escaped character stands for itself.
      if (/[A-Za-z]/.test(next)) throw new Unsupported(`unknown escape \\${next}`);
      return single(escapeLiteral(next, inClass));
  }
}

function readHexEscape(cursor: PatternCursor): string {
  if (peek(cursor) === '{') {
    const end = cursor.pattern.indexOf('}', cursor.position);
    if (end < 0) throw new Unsupported('unterminated \\x{');
    const hex = cursor.pattern.slice(cursor.position + 1, end);
    cursor.position = end + 1;
    if (!/^[0-9A-Fa-f]+$/.test(hex)) throw new Unsupported('bad \\x{}');
    return codePointEscape(hex);
  }
  const hex = /^[0-9A-Fa-f]{0,2}/.exec(cursor.pattern.slice(cursor.position))?.[0] ?? '';
  cursor.position += hex.length;
  return codePointEscape(hex === '' ? '0' : hex);
}

function readProperty(cursor: PatternCursor, negatedByLetter: boolean): string {
  let name: string;
  if (peek(cursor) === '{') {
    const end = cursor.pattern.indexOf('}', cursor.position);
    if (end < 0) throw new Unsupported('unterminated \\p{');
    name = cursor.pattern.slice(cursor.position + 1, end);
    cursor.position = end + 1;
  } else {
    name = peek(cursor);
    cursor.position++;
  }
  let negated = negatedByLetter;
  if (name.startsWith('^')) {
    negated = !negated;
    name = name.slice(1);
  }
  if (name === 'L&') name = 'LC';
  const body = GENERAL_CATEGORY.test(name) || name === 'Any' ? name : `Script=${name}`;
  if (body === 'Any') return negated ? '[^\\s\\S]' : '[\\s\\S]';
  return `\\${negated ? 'P' : 'p'}{${body}}`;
}

function readQuoted(cursor: PatternCursor, inClass: boolean): ClassItem {
  const end = cursor.pattern.indexOf('\\E', cursor.position);
  const literal = cursor.pattern.slice(cursor.position, end < 0 ? undefined : end);
  cursor.position = end < 0 ? cursor.pattern.length : end + 2;
  if (inClass) {
    if ([...literal].length !== 1) throw new Unsupported('\\Q…\\E of several characters in a class');
    return { text: escapeLiteral(literal, true), single: true, dash: false };
  }
  return { text: [...literal].map((char) => escapeLiteral(char, false)).join(''), single: false, dash: false };
}

function readBackReference(cursor: PatternCursor): string {
  const rest = cursor.pattern.slice(cursor.position);
  const named = /^(?:<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)'|\{([A-Za-z_]\w*)\})/.exec(rest);
  if (named) {
    cursor.position += named[0].length;
    return `\\k<${named[1] ?? named[2] ?? named[3]}>`;
  }
  const numbered = /^(?:\{(\d+)\}|(\d+))/.exec(rest);
  if (numbered) {
    cursor.position += numbered[0].length;
    return `\\${numbered[1] ?? numbered[2]}`;
  }
  throw new Unsupported('relative back reference');
}
