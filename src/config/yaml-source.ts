/** A YAML configuration document that remembers where each key and value sits, for error messages. */
import { isMap, isNode, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { ConfigError } from './errors.js';

export type KeyPath = Array<string | number>;

export interface YamlSource {
  /** The file as the user named it, used in messages. */
  name: string;
  /** The document as plain data (`{}` for an empty file). */
  data: unknown;
  /** 1-based line of the key (`'key'`) or the value (`'value'`) at `path`; the nearest known line otherwise. */
  lineOf(path: KeyPath, part: 'key' | 'value'): number | undefined;
}

/** Parses YAML text; syntax errors (including duplicate keys) throw `ConfigError` with their line. */
export function parseYamlSource(text: string, name: string): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((error) => ({
        source: name,
        line: error.linePos?.[0].line,
        // The first line of yaml's message; the rest is a code excerpt.
        message: `invalid YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
      })),
    );
  }
  const lineAt = (offset: number | undefined): number | undefined => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
  return {
    name,
    data: doc.contents === null ? {} : doc.toJS(),
    lineOf(path, part) {
      for (let depth = path.length; depth >= 0; depth--) {
        const line = lineAt(offsetOf(doc, path.slice(0, depth), depth === path.length ? part : 'value'));
        if (line !== undefined) return line;
      }
      return undefined;
    },
  };
}

function offsetOf(doc: Document, path: KeyPath, part: 'key' | 'value'): number | undefined {
  if (path.length === 0) return isNode(doc.contents) ? doc.contents.range?.[0] : undefined;
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  if (isMap(parent)) {
    const pair = parent.items.find((item) => isNode(item.key) && 'value' in item.key && item.key.value === last);
    if (!pair) return undefined;
    const target = part === 'key' ? pair.key : (pair.value ?? pair.key);
    return isNode(target) ? target.range?.[0] : undefined;
  }
  if (isSeq(parent) && typeof last === 'number') {
    const item = parent.items[last];
    return isNode(item) ? item.range?.[0] : undefined;
  }
  return undefined;
}
