/**
 * PCRE (what PHP's `preg_match` speaks) to JavaScript regular expressions.
 *
 * WordPress checks the `pattern` keyword with `preg_match('#' . $pattern . '#u', $value)`: unanchored,
 * UTF-8 mode, no UCP (so `\d`, `\w`, `\s` stay ASCII), `$` also matching before a final newline, and `.`
 * matching everything but `\n`. Two conversions are offered: `match` reproduces those semantics for
 * validation; `plain` keeps plain ECMAScript meanings for `$`, `.` and `\s`, readable by fast-check's
 * `stringMatching` and by JSON Schema tools (it differs only on trailing newlines and Unicode spaces).
 * Compiled expressions are cached by pattern, so schemas never compile a pattern twice.
 */

export type PatternPurpose = 'match' | 'plain';

/** PCRE `\s` without UCP: space, tab, LF, VT, FF, CR. */
const PCRE_SPACE_CHARS = '\\t\\n\\x0B\\f\\r ';
const PCRE_VERTICAL_SPACE = '\\n\\x0B\\f\\r\\x85\\u2028\\u2029';
const PCRE_HORIZONTAL_SPACE = '\\t \\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
/** Characters that must be escaped to stand for themselves in a JavaScript `u` expression. */
const JS_SYNTAX = new Set(['^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '/']);
const POSIX_CLASSES: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: PCRE_SPACE_CHARS,
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  xdigit: '0-9A-Fa-f',
  word: '\\w',
  cntrl: '\\x00-\\x1F\\x7F',
  print: ' -~',
  graph: '!-~',
  ascii: '\\x00-\\x7F',
};
const GENERAL_CATEGORY = /^(?:[CLMNPSZ][a-z]?|LC)$/;

class Unsupported extends Error {}

interface ClassItem {
  text: string;
  /** A single character (can end a range) rather than a class escape such as `\d`. */
  single: boolean;
  /** An unescaped `-`, which may form a range. */
  dash: boolean;
}

function escapeLiteral(char: string, inClass: boolean): string {
  return JS_SYNTAX.has(char) || (inClass && char === '-') ? `\\${char}` : char;
}

function codePointEscape(hex: string): string {
  const codePoint = Number.parseInt(hex, 16);
  if (!Number.isFinite(codePoint) || codePoint > 0x10ffff) throw new Unsupported(`bad code point ${hex}`);
  return `\\u{${codePoint.toString(16)}}`;
}

class PcreConverter {
  private position = 0;
  private readonly out: string[] = [];
  private dotAll = false;
  private multiline = false;
  flags = 'u';

  constructor(
    private readonly pattern: string,
    private readonly purpose: PatternPurpose,
  ) {}

  convert(): string {
    this.readLeadingFlags();
    while (this.position < this.pattern.length) this.readToken();
    return this.out.join('');
  }

  private peek(offset = 0): string {
    return this.pattern[this.position + offset] ?? '';
  }

  private readLeadingFlags(): void {
    const match = /^\(\?([a-zA-Z]+)\)/.exec(this.pattern);
    if (!match) return;
    for (const flag of match[1] as string) {
      if (flag === 'i') this.flags += 'i';
      else if (flag === 's') this.dotAll = true;
      else if (flag === 'm') {
        this.multiline = true;
        this.flags += 'm';
      } else throw new Unsupported(`inline flag ${flag}`);
    }
    this.position = match[0].length;
  }

  private readToken(): void {
    const char = this.peek();
    switch (char) {
      case '\\':
        this.out.push(this.readEscape(false).text);
        return;
      case '[':
        this.out.push(this.readClass());
        return;
      case '(':
        this.readGroupOpening();
        return;
      case '.':
        this.position++;
        this.out.push(this.dotAll ? '[\\s\\S]' : this.purpose === 'match' ? '[^\\n]' : '.');
        return;
      case '$':
        this.position++;
        this.out.push(this.purpose === 'match' && !this.multiline ? '(?=\\n?$)' : '$');
        return;
      case '*':
      case '+':
      case '?':
        this.position++;
        this.out.push(char);
        this.readQuantifierSuffix();
        return;
      case '{': {
        const quantifier = /^\{\d+(?:,\d*)?\}/.exec(this.pattern.slice(this.position));
        if (quantifier) {
          this.position += quantifier[0].length;
          this.out.push(quantifier[0]);
          this.readQuantifierSuffix();
        } else {
          this.position++;
          this.out.push('\\{');
        }
        return;
      }
      case '}':
      case ']':
        this.position++;
        this.out.push(`\\${char}`);
        return;
      default:
        this.position++;
        this.out.push(char);
    }
  }

  /** Lazy `?` is kept; a possessive `+` is dropped (JavaScript has none; only backtracking differs). */
  private readQuantifierSuffix(): void {
    if (this.peek() === '?') {
      this.position++;
      this.out.push('?');
    } else if (this.peek() === '+') {
      this.position++;
    }
  }

  private readGroupOpening(): void {
    const rest = this.pattern.slice(this.position);
    const rewrites: Array<[RegExp, (m: RegExpExecArray) => string]> = [
      [/^\(\?P<([A-Za-z_]\w*)>/, (m) => `(?<${m[1]}>`],
      [/^\(\?<([A-Za-z_]\w*)>/, (m) => `(?<${m[1]}>`],
      [/^\(\?'([A-Za-z_]\w*)'/, (m) => `(?<${m[1]}>`],
      [/^\(\?P=([A-Za-z_]\w*)\)/, (m) => `\\k<${m[1]}>`],
      [/^\(\?(?::|=|!|<=|<!)/, (m) => m[0]],
      // Atomic groups only change backtracking; as a plain group the matched language is nearly always equal.
      [/^\(\?>/, () => '(?:'],
    ];
    if (rest.startsWith('(?#')) {
      const end = rest.indexOf(')');
      if (end < 0) throw new Unsupported('unterminated comment');
      this.position += end + 1;
      return;
    }
    for (const [syntax, rewrite] of rewrites) {
      const match = syntax.exec(rest);
      if (match) {
        this.position += match[0].length;
        this.out.push(rewrite(match));
        return;
      }
    }
    if (rest.startsWith('(?') || rest.startsWith('(*')) throw new Unsupported(`group syntax ${rest.slice(0, 4)}`);
    this.position++;
    this.out.push('(');
  }

  /** Reads one escape; inside a class, `single` says whether it is one character. */
  private readEscape(inClass: boolean): ClassItem {
    const next = this.pattern[this.position + 1];
    if (next === undefined) throw new Unsupported('trailing backslash');
    this.position += 2;
    const single = (text: string): ClassItem => ({ text, single: true, dash: false });
    const set = (text: string): ClassItem => ({ text, single: false, dash: false });
    switch (next) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        return set(`\\${next}`);
      case 's':
        if (this.purpose === 'plain') return set('\\s');
        return set(inClass ? PCRE_SPACE_CHARS : `[${PCRE_SPACE_CHARS}]`);
      case 'S':
        if (this.purpose === 'plain' || inClass) return set('\\S');
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
        return set(this.purpose === 'match' ? '(?=\\n?$)' : '$');
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
        const letter = this.peek();
        this.position++;
        if (!/[A-Za-z]/.test(letter)) throw new Unsupported('\\c');
        return single(`\\c${letter}`);
      }
      case 'x':
        return single(this.readHexEscape());
      case 'p':
      case 'P':
        return set(this.readProperty(next === 'P'));
      case 'Q':
        return this.readQuoted(inClass);
      case 'k':
      case 'g':
        if (inClass) throw new Unsupported(`\\${next} in a class`);
        return set(this.readBackReference());
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

  private readHexEscape(): string {
    if (this.peek() === '{') {
      const end = this.pattern.indexOf('}', this.position);
      if (end < 0) throw new Unsupported('unterminated \\x{');
      const hex = this.pattern.slice(this.position + 1, end);
      this.position = end + 1;
      if (!/^[0-9A-Fa-f]+$/.test(hex)) throw new Unsupported('bad \\x{}');
      return codePointEscape(hex);
    }
    const hex = /^[0-9A-Fa-f]{0,2}/.exec(this.pattern.slice(this.position))?.[0] ?? '';
    this.position += hex.length;
    return codePointEscape(hex === '' ? '0' : hex);
  }

  private readProperty(negatedByLetter: boolean): string {
    let name: string;
    if (this.peek() === '{') {
      const end = this.pattern.indexOf('}', this.position);
      if (end < 0) throw new Unsupported('unterminated \\p{');
      name = this.pattern.slice(this.position + 1, end);
      this.position = end + 1;
    } else {
      name = this.peek();
      this.position++;
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

  private readQuoted(inClass: boolean): ClassItem {
    const end = this.pattern.indexOf('\\E', this.position);
    const literal = this.pattern.slice(this.position, end < 0 ? undefined : end);
    this.position = end < 0 ? this.pattern.length : end + 2;
    if (inClass) {
      if ([...literal].length !== 1) throw new Unsupported('\\Q…\\E of several characters in a class');
      return { text: escapeLiteral(literal, true), single: true, dash: false };
    }
    return { text: [...literal].map((char) => escapeLiteral(char, false)).join(''), single: false, dash: false };
  }

  private readBackReference(): string {
    const rest = this.pattern.slice(this.position);
    const named = /^(?:<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)'|\{([A-Za-z_]\w*)\})/.exec(rest);
    if (named) {
      this.position += named[0].length;
      return `\\k<${named[1] ?? named[2] ?? named[3]}>`;
    }
    const numbered = /^(?:\{(\d+)\}|(\d+))/.exec(rest);
    if (numbered) {
      this.position += numbered[0].length;
      return `\\${numbered[1] ?? numbered[2]}`;
    }
    throw new Unsupported('relative back reference');
  }

  private readClass(): string {
    this.position++;
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.position++;
    }
    const items: ClassItem[] = [];
    let first = true;
    for (;;) {
      const char = this.peek();
      if (char === '') throw new Unsupported('unterminated class');
      if (char === ']' && !first) {
        this.position++;
        break;
      }
      first = false;
      if (char === '[' && this.peek(1) === ':') {
        const posix = /^\[:(\^?)([a-z]+):\]/.exec(this.pattern.slice(this.position));
        if (posix) {
          const expansion = POSIX_CLASSES[posix[2] as string];
          if (posix[1] === '^' || expansion === undefined) throw new Unsupported(`POSIX class ${posix[0]}`);
          this.position += posix[0].length;
          items.push({ text: expansion, single: false, dash: false });
          continue;
        }
      }
      if (char === '\\') {
        items.push(this.readEscape(true));
        continue;
      }
      const codePoint = this.pattern.codePointAt(this.position) as number;
      const literal = String.fromCodePoint(codePoint);
      this.position += literal.length;
      items.push({ text: escapeLiteral(literal, true), single: true, dash: literal === '-' });
    }
    return `[${negated ? '^' : ''}${this.joinClassItems(items)}]`;
  }

  /** A `-` forms a range only between two single characters; elsewhere PCRE reads it literally. */
  private joinClassItems(items: ClassItem[]): string {
    const parts: string[] = [];
    for (let index = 0; index < items.length; index++) {
      const item = items[index] as ClassItem;
      const next = items[index + 1];
      const after = items[index + 2];
      if (item.single && !item.dash && next?.dash && after?.single && !after.dash) {
        parts.push(`${item.text}-${after.text}`);
        index += 2;
      } else {
        parts.push(item.text);
      }
    }
    return parts.join('');
  }
}

function build(pattern: string, purpose: PatternPurpose): RegExp | null {
  try {
    const converter = new PcreConverter(pattern, purpose);
    const source = converter.convert();
    return new RegExp(source, converter.flags);
  } catch {
    return null;
  }
}

const caches: Record<PatternPurpose, Map<string, RegExp | null>> = { match: new Map(), plain: new Map() };

/**
 * The JavaScript expression for a PCRE pattern, or null when it uses PCRE-only syntax (recursion, `\K`,
 * mid-pattern inline flags…) or does not compile. Cached per pattern and purpose.
 */
export function pcreToRegExp(pattern: string, purpose: PatternPurpose = 'match'): RegExp | null {
  const cache = caches[purpose];
  if (!cache.has(pattern)) cache.set(pattern, build(pattern, purpose));
  return cache.get(pattern) ?? null;
}

/** `preg_match('#…#u', $value)` as WordPress's `rest_validate_json_schema_pattern` runs it; an unusable pattern never matches. */
export function matchesPcre(pattern: string, value: string): boolean {
  const regex = pcreToRegExp(pattern, 'match');
  return regex !== null && regex.test(value);
}
