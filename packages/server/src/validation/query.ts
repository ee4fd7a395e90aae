/**
 * A query string (or form body) parsed the way PHP builds `$_GET` (`php_default_treat_data`,
 * `php_register_variable_ex`): `a[]=1&a[]=2` is a list, `o[k]=v` an object, `o[k][]=v` nests, a later
 * duplicate wins, `+` is a space, `%XX` decodes bytes as UTF-8, and `.` or space in a name's base become `_`.
 * PHP's limits guard against abuse: the first 1000 variables only (`max_input_vars`; the rest are dropped) and
 * 64 levels of brackets (`max_input_nesting_level`; a deeper variable is dropped with its top-level name).
 */
import { isPhpIntegerKey, setOwn, type PhpRecord } from './php-values.js';

/** PHP's default `max_input_vars`. */
export const MAX_INPUT_VARS = 1000;
/** PHP's default `max_input_nesting_level`. */
export const MAX_INPUT_NESTING_LEVEL = 64;

/** A nested PHP array while it is built: insertion-ordered keys, the next index `[]` appends at, list-ness. */
class PhpArrayBuilder {
  readonly entries = new Map<string, unknown>();
  nextIndex = 0;
  /** True while the keys are exactly 0…n-1 in insertion order. */
  isList = true;

  set(key: string, value: unknown): void {
    if (!this.entries.has(key) && key !== String(this.entries.size)) this.isList = false;
    this.entries.set(key, value);
    if (isPhpIntegerKey(key)) this.nextIndex = Math.max(this.nextIndex, Number(key) + 1);
  }

  append(value: unknown): void {
    this.set(String(this.nextIndex), value);
  }

  /** A list when the keys are 0…n-1 in order, otherwise an object. */
  toValue(): unknown[] | PhpRecord {
    if (this.isList) return Array.from(this.entries.values(), toPlainValue);
    const object: PhpRecord = {};
    for (const [key, value] of this.entries) setOwn(object, key, toPlainValue(value));
    return object;
  }
}

function toPlainValue(value: unknown): unknown {
  return value instanceof PhpArrayBuilder ? value.toValue() : value;
}

/** The array under `key` of a builder or of the top level, or a new one replacing a scalar (or appended). */
function childArray(container: PhpArrayBuilder | PhpRecord, key: string | null): PhpArrayBuilder {
  if (container instanceof PhpArrayBuilder) {
    const existing = key === null ? undefined : container.entries.get(key);
    if (existing instanceof PhpArrayBuilder) return existing;
    const created = new PhpArrayBuilder();
    if (key === null) container.append(created);
    else container.set(key, created);
    return created;
  }
  // The top level is only ever reached with the variable's base name, never with `[]`.
  const name = key ?? '';
  const existing = Object.hasOwn(container, name) ? container[name] : undefined;
  if (existing instanceof PhpArrayBuilder) return existing;
  const created = new PhpArrayBuilder();
  setOwn(container, name, created);
  return created;
}

/**
 * Parses a query string like PHP's `$_GET` (a leading `?` is ignored). Work stops after `MAX_INPUT_VARS`
 * variables, so even 100,000 parameters parse in about the time of 1000.
 */
export function parsePhpQuery(search: string): Record<string, unknown> {
  const root: PhpRecord = {};
  let nested = false;
  const start = search.startsWith('?') ? 1 : 0;
  let variables = 0;
  let position = start;
  while (position <= search.length) {
    const ampersand = search.indexOf('&', position);
    const end = ampersand === -1 ? search.length : ampersand;
    if (end > position) {
      variables += 1;
      if (variables > MAX_INPUT_VARS) break;
      const pair = search.slice(position, end);
      const equals = pair.indexOf('=');
      const name = decodeUrlComponent(equals === -1 ? pair : pair.slice(0, equals));
      const value = equals === -1 ? '' : decodeUrlComponent(pair.slice(equals + 1));
      nested = registerVariable(root, name, value) || nested;
    }
    if (ampersand === -1) break;
    position = ampersand + 1;
  }
  if (nested) {
    for (const key of Object.keys(root)) {
      const value = root[key];
      if (value instanceof PhpArrayBuilder) setOwn(root, key, value.toValue());
    }
  }
  return root;
}

/** `php_register_variable_ex`: stores one decoded `name=value` pair; true when it stored a nested array. */
function registerVariable(root: PhpRecord, rawName: string, value: string): boolean {
  const nul = rawName.indexOf('\0');
  let name = nul === -1 ? rawName : rawName.slice(0, nul);
  let skip = 0;
  while (name[skip] === ' ') skip += 1;
  if (skip > 0) name = name.slice(skip);
  const bracket = name.indexOf('[');
  const base = baseName(bracket === -1 ? name : name.slice(0, bracket));
  if (base === '') return false;
  if (bracket === -1) {
    setOwn(root, base, value);
    return false;
  }
  let container: PhpArrayBuilder | PhpRecord = root;
  let key: string | null = base;
  let open = bracket;
  for (let level = 1; ; level += 1) {
    if (level > MAX_INPUT_NESTING_LEVEL) {
      delete root[base];
      return true;
    }
    const indexStart = open + 1;
    const searchFrom = name[indexStart] === ' ' ? indexStart + 1 : indexStart;
    let index: string | null;
    let close: number;
    if (name[searchFrom] === ']') {
      index = null;
      close = searchFrom;
    } else {
      close = name.indexOf(']', searchFrom);
      if (close === -1) {
        // An unclosed bracket is no index: at the first level the whole rest joins the name.
        if (level === 1) setOwn(root, `${base}_${name.slice(indexStart).replace(NAME_BREAKERS, '_')}`, value);
        else store(container as PhpArrayBuilder, key, value);
        return true;
      }
      index = name.slice(indexStart, close);
    }
    container = childArray(container, key);
    key = index;
    if (name[close + 1] !== '[') {
      // Anything after the last `]` that does not open another bracket is ignored, as PHP ignores it.
      store(container, key, value);
      return true;
    }
    open = close + 1;
  }
}

function store(container: PhpArrayBuilder, key: string | null, value: string): void {
  if (key === null) container.append(value);
  else container.set(key, value);
}

/** A variable's base name: spaces and dots become underscores (PHP variable names cannot hold them). */
function baseName(name: string): string {
  return SPACE_OR_DOT.test(name) ? name.replace(SPACES_AND_DOTS, '_') : name;
}

const SPACE_OR_DOT = /[ .]/;
/** Characters that cannot stay in a PHP variable name once an unclosed `[` joins the rest to it. */
const NAME_BREAKERS = /[ .[]/g;
const SPACES_AND_DOTS = /[ .]/g;

const PLUS = /\+/g;

/** `php_url_decode`: `+` is a space, `%XX` a byte (bytes read as UTF-8), a malformed `%` stays as it is. */
export function decodeUrlComponent(text: string): string {
  if (!text.includes('%')) return text.includes('+') ? text.replace(PLUS, ' ') : text;
  const spaced = text.includes('+') ? text.replace(PLUS, ' ') : text;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return decodeBytes(spaced);
  }
}

/** Percent-decoding that never fails: malformed escapes kept, invalid UTF-8 replaced by U+FFFD. */
function decodeBytes(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x25 && isHexDigit(text.charCodeAt(index + 1)) && isHexDigit(text.charCodeAt(index + 2))) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else if (code < 0x80) {
      bytes.push(code);
    } else {
      const codePoint = text.codePointAt(index)!;
      if (codePoint > 0xffff) index += 1;
      for (const byte of Buffer.from(String.fromCodePoint(codePoint), 'utf8')) bytes.push(byte);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function isHexDigit(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
