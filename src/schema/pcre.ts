/**
 * PCRE (what PHP's `preg_match` speaks) to JavaScript regular expressions.
 *
 * WordPress checks the `pattern` keyword with `preg_match('#' . $pattern . '#u', $value)`: unanchored,
 * UTF-8 mode, no UCP (so `\d`, `\w`, `\s` stay ASCII), `$` also matching before a final newline, and `.`
 * matching everything but `\n`. Two conversions are offered: `match` reproduces those semantics for
 * validation; `plain` keeps plain ECMAScript meanings for `$`, `.` and `\s`, readable by fast-check's
 * `stringMatching` and by JSON Schema tools (it differs only on trailing newlines and Unicode spaces).
 * Compiled expressions are cached by pattern, so schemas never compile a pattern twice. This module reads the
 * pattern's structure (groups, classes, quantifiers, flags); what each backslash escape means is `pcre-escapes.ts`.
 */
import { escapeLiteral, PCRE_SPACE_CHARS, readEscape, Unsupported, type ClassItem, type PatternCursor, type PatternPurpose } from './pcre-escapes.js';

export type { PatternPurpose } from './pcre-escapes.js';

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

/** Reads a PCRE pattern token by token (escapes through `readEscape`) and writes the JavaScript expression. */
class PcreConverter implements PatternCursor {
  position = 0;
  private readonly out: string[] = [];
  private dotAll = false;
  private multiline = false;
  flags = 'u';

  constructor(
    readonly pattern: string,
    readonly purpose: PatternPurpose,
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
        this.out.push(readEscape(this, false).text);
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
        items.push(readEscape(this, true));
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
