/**
 * `rest_validate_json_schema_pattern`: WordPress runs a schema's `pattern` (and `patternProperties` keys) as
 * PHP's `preg_match('#pattern#u')`: unanchored, Unicode, with PCRE's own meaning of `.`, `$`, `\d`, `\w`…
 * This module translates the PCRE syntax WordPress schemas use into an equivalent JavaScript RegExp, once per
 * pattern. A pattern PHP would reject, or one using a PCRE feature JavaScript lacks, never matches.
 */

const cache = new Map<string, RegExp | null>();
/** Patterns come from route schemas, a bounded set; the cap only guards against unexpected growth. */
const CACHE_LIMIT = 1024;

/** Whether `value` matches the schema `pattern` the way WordPress decides it. */
export function restValidateJsonSchemaPattern(pattern: string, value: string): boolean {
  const regex = compilePcrePattern(pattern);
  return regex !== null && regex.test(value);
}

/** The JavaScript RegExp for a PCRE pattern (cached), or null when it cannot be compiled faithfully. */
export function compilePcrePattern(pattern: string): RegExp | null {
  const cached = cache.get(pattern);
  if (cached !== undefined || cache.has(pattern)) return cached ?? null;
  const regex = buildRegExp(pattern);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, regex);
  return regex;
}

function buildRegExp(pattern: string): RegExp | null {
  const translated = translatePcre(pattern);
  if (translated === null) return null;
  try {
    return new RegExp(translated.source, translated.flags);
  } catch {
    return null;
  }
}

interface Piece {
  text: string;
  next: number;
}

interface Mode {
  dotAll: boolean;
  multiline: boolean;
}

/** Characters PCRE's `\h` matches (horizontal whitespace). */
const HORIZONTAL_SPACE = '\\t \\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
/** Characters PCRE's `\v` matches (vertical whitespace). */
const VERTICAL_SPACE = '\\n\\x0B\\f\\r\\x85\\u2028\\u2029';
const WORD = '\\p{L}\\p{N}_';
const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/';
const QUANTIFIER_BRACES = /\{\d+(?:,\d*)?\}/y;
const LEADING_OPTIONS = /^\(\?([a-zA-Z]+)\)/;
const POSIX_CLASS = /\[:(\^?)([a-z]+):\]/y;
const GENERAL_CATEGORIES = new Set('C Cc Cf Cn Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(' '));
/** POSIX classes under PHP's `/u` (PCRE2_UCP), as members of a JavaScript class; `^` negates. */
const POSIX_MEMBERS: Readonly<Record<string, string>> = {
  alpha: '\\p{L}',
  '^alpha': '\\P{L}',
  digit: '\\p{Nd}',
  '^digit': '\\P{Nd}',
  alnum: '\\p{L}\\p{N}',
  word: WORD,
  lower: '\\p{Ll}',
  '^lower': '\\P{Ll}',
  upper: '\\p{Lu}',
  '^upper': '\\P{Lu}',
  space: '\\s',
  '^space': '\\S',
  blank: HORIZONTAL_SPACE,
  cntrl: '\\p{Cc}',
  '^cntrl': '\\P{Cc}',
  xdigit: '0-9A-Fa-f',
  punct: '\\p{P}$+<=>^`|~',
};

/** PCRE source → JavaScript source and flags (always `u`), or null when it cannot be translated. */
function translatePcre(pattern: string): { source: string; flags: string } | null {
  const mode: Mode = { dotAll: false, multiline: false };
  let flags = 'u';
  let index = 0;
  const options = LEADING_OPTIONS.exec(pattern);
  if (options !== null) {
    for (const option of options[1]!) {
      if (option === 'i') flags += flags.includes('i') ? '' : 'i';
      else if (option === 's') mode.dotAll = true;
      else if (option === 'm') mode.multiline = true;
      else return null;
    }
    index = options[0].length;
  }
  let source = '';
  while (index < pattern.length) {
    const piece = translateToken(pattern, index, mode);
    if (piece === null) return null;
    source += piece.text;
    index = piece.next;
  }
  return { source, flags };
}

/** One token outside a character class. */
function translateToken(pattern: string, index: number, mode: Mode): Piece | null {
  const char = pattern[index]!;
  switch (char) {
    case '\\':
      return translateEscape(pattern, index, false);
    case '[':
      return translateClass(pattern, index);
    case '.':
      return { text: mode.dotAll ? '[\\s\\S]' : '[^\\n]', next: index + 1 };
    case '^':
      return { text: mode.multiline ? '(?:(?<![\\s\\S])|(?<=\\n))' : '^', next: index + 1 };
    case '$':
      // PCRE's `$` also matches before a final newline (every newline in multiline mode).
      return { text: mode.multiline ? '(?=\\n|(?![\\s\\S]))' : '(?=\\n?(?![\\s\\S]))', next: index + 1 };
    case '(':
      return translateGroupOpening(pattern, index);
    case '*':
    case '+':
    case '?':
      return quantifier(pattern, char, index + 1);
    case '{': {
      QUANTIFIER_BRACES.lastIndex = index;
      const braces = QUANTIFIER_BRACES.exec(pattern);
      return braces === null ? { text: '\\{', next: index + 1 } : quantifier(pattern, braces[0], index + braces[0].length);
    }
    case '}':
    case ']':
      return { text: `\\${char}`, next: index + 1 };
    default:
      return { text: char, next: index + 1 };
  }
}

/** A quantifier; a possessive `+` after it is dropped (JavaScript has none; the match set rarely differs). */
function quantifier(pattern: string, text: string, next: number): Piece {
  return pattern[next] === '+' ? { text, next: next + 1 } : { text, next };
}

function translateGroupOpening(pattern: string, index: number): Piece | null {
  if (pattern[index + 1] !== '?') return { text: '(', next: index + 1 };
  const kind = pattern[index + 2];
  if (kind === ':' || kind === '=' || kind === '!') return { text: `(?${kind}`, next: index + 3 };
  if (kind === '>') return { text: '(?:', next: index + 3 };
  if (kind === '<' && (pattern[index + 3] === '=' || pattern[index + 3] === '!')) {
    return { text: pattern.slice(index, index + 4), next: index + 4 };
  }
  if (kind === '<') return { text: '(?<', next: index + 3 };
  if (kind === 'P' && pattern[index + 3] === '<') return { text: '(?<', next: index + 4 };
  if (kind === "'") {
    const close = pattern.indexOf("'", index + 3);
    return close === -1 ? null : { text: `(?<${pattern.slice(index + 3, close)}>`, next: close + 1 };
  }
  if (kind === 'P' && pattern[index + 3] === '=') {
    const close = pattern.indexOf(')', index + 4);
    return close === -1 ? null : { text: `\\k<${pattern.slice(index + 4, close)}>`, next: close + 1 };
  }
  if (kind === '#') {
    const close = pattern.indexOf(')', index + 3);
    return close === -1 ? null : { text: '', next: close + 1 };
  }
  // Inline option changes, recursion, conditionals, branch resets: no JavaScript equivalent.
  return null;
}

/** A character class `[...]`, with PCRE's leading `]`, POSIX classes and escapes. */
function translateClass(pattern: string, start: number): Piece | null {
  let index = start + 1;
  let text = '[';
  if (pattern[index] === '^') {
    text += '^';
    index += 1;
  }
  if (pattern[index] === ']') {
    text += '\\]';
    index += 1;
  }
  while (index < pattern.length) {
    const char = pattern[index]!;
    if (char === ']') return { text: `${text}]`, next: index + 1 };
    if (char === '[') {
      POSIX_CLASS.lastIndex = index;
      const posix = POSIX_CLASS.exec(pattern);
      if (posix !== null) {
        const members = POSIX_MEMBERS[`${posix[1]}${posix[2]}`];
        if (members === undefined) return null;
        text += members;
        index += posix[0].length;
        continue;
      }
      text += '\\[';
      index += 1;
      continue;
    }
    if (char === '\\') {
      const piece = translateEscape(pattern, index, true);
      if (piece === null) return null;
      text += piece.text;
      index = piece.next;
      continue;
    }
    text += char;
    index += 1;
  }
  return null;
}

/** A backslash escape, inside or outside a class. */
function translateEscape(pattern: string, index: number, inClass: boolean): Piece | null {
  const letter = pattern[index + 1];
  if (letter === undefined) return null;
  const next = index + 2;
  const inOrOut = (inside: string | null, outside: string): Piece | null =>
    inClass ? (inside === null ? null : { text: inside, next }) : { text: outside, next };
  switch (letter) {
    case 'd':
      return { text: '\\p{Nd}', next };
    case 'D':
      return { text: '\\P{Nd}', next };
    case 'w':
      return inOrOut(WORD, `[${WORD}]`);
    case 'W':
      return inOrOut('\\W', `[^${WORD}]`);
    case 's':
    case 'S':
    case 't':
    case 'n':
    case 'r':
    case 'f':
      return { text: `\\${letter}`, next };
    case 'h':
      return inOrOut(HORIZONTAL_SPACE, `[${HORIZONTAL_SPACE}]`);
    case 'H':
      return inOrOut(null, `[^${HORIZONTAL_SPACE}]`);
    case 'v':
      return inOrOut(VERTICAL_SPACE, `[${VERTICAL_SPACE}]`);
    case 'V':
      return inOrOut(null, `[^${VERTICAL_SPACE}]`);
    case 'R':
      return inOrOut(null, `(?:\\r\\n|[${VERTICAL_SPACE}])`);
    case 'N':
      return inOrOut(null, '[^\\n]');
    case 'A':
      return inOrOut(null, '(?<![\\s\\S])');
    case 'z':
      return inOrOut(null, '(?![\\s\\S])');
    case 'Z':
      return inOrOut(null, '(?=\\n?(?![\\s\\S]))');
    case 'b':
      return inOrOut('\\x08', '\\b');
    case 'B':
      return inOrOut(null, '\\B');
    case 'e':
      return { text: '\\x1B', next };
    case 'a':
      return { text: '\\x07', next };
    case 'E':
      return { text: '', next };
    case 'Q':
      return quoted(pattern, next, inClass);
    case 'c':
      return pattern[next] === undefined ? null : { text: `\\c${pattern[next]}`, next: next + 1 };
    case 'x':
      return hexEscape(pattern, next);
    case 'p':
    case 'P':
      return unicodeProperty(pattern, letter, next);
    default:
      break;
  }
  if (letter >= '0' && letter <= '9') return numericEscape(pattern, index + 1, inClass);
  if (/[A-Za-z]/.test(letter)) return null;
  const codePoint = pattern.codePointAt(index + 1)!;
  const literal = String.fromCodePoint(codePoint);
  return { text: escapeLiteral(literal, inClass), next: index + 1 + literal.length };
}

function escapeLiteral(literal: string, inClass: boolean): string {
  return SYNTAX_CHARACTERS.includes(literal) || (inClass && literal === '-') ? `\\${literal}` : literal;
}

/** `\Q...\E`: everything between is literal. */
function quoted(pattern: string, start: number, inClass: boolean): Piece {
  const end = pattern.indexOf('\\E', start);
  const body = pattern.slice(start, end === -1 ? pattern.length : end);
  let text = '';
  for (const char of body) text += escapeLiteral(char, inClass);
  return { text, next: end === -1 ? pattern.length : end + 2 };
}

/** `\x{HHHH}` or `\xHH` (zero to two digits in PCRE). */
function hexEscape(pattern: string, start: number): Piece | null {
  if (pattern[start] === '{') {
    const close = pattern.indexOf('}', start);
    const hex = close === -1 ? '' : pattern.slice(start + 1, close);
    if (!/^[0-9A-Fa-f]{1,6}$/.test(hex) || Number.parseInt(hex, 16) > 0x10ffff) return null;
    return { text: `\\u{${hex}}`, next: close + 1 };
  }
  let end = start;
  while (end < start + 2 && /[0-9A-Fa-f]/.test(pattern[end] ?? '')) end += 1;
  const hex = pattern.slice(start, end) || '0';
  return { text: `\\u{${hex}}`, next: end };
}

/** `\0`, octal escapes and back references. */
function numericEscape(pattern: string, start: number, inClass: boolean): Piece | null {
  let end = start;
  while (end < pattern.length && pattern[end]! >= '0' && pattern[end]! <= '9') end += 1;
  const digits = pattern.slice(start, end);
  if (digits.startsWith('0') || inClass) {
    const octal = /^[0-7]{1,3}/.exec(digits)?.[0] ?? '';
    if (octal === '') return null;
    return { text: `\\u{${Number.parseInt(octal, 8).toString(16)}}`, next: start + octal.length };
  }
  return { text: `\\${digits}`, next: end };
}

/** `\pL`, `\p{Lu}`, `\p{^Greek}`, `\P{…}`: general categories as they are, other names as scripts. */
function unicodeProperty(pattern: string, letter: string, start: number): Piece | null {
  let name: string;
  let next: number;
  if (pattern[start] === '{') {
    const close = pattern.indexOf('}', start);
    if (close === -1) return null;
    name = pattern.slice(start + 1, close);
    next = close + 1;
  } else {
    name = pattern[start] ?? '';
    next = start + 1;
  }
  let negated = letter === 'P';
  if (name.startsWith('^')) {
    negated = !negated;
    name = name.slice(1);
  }
  if (name === 'L&') name = 'LC';
  if (!/^[A-Za-z_]+$/.test(name)) return null;
  const property = GENERAL_CATEGORIES.has(name) || name === 'LC' ? name : `Script=${name}`;
  return { text: `\\${negated ? 'P' : 'p'}{${property}}`, next };
}
