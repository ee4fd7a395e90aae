// The findings a run against real WordPress is held to: suites/wordpress/expectations.json.
import { readFileSync } from 'node:fs';

const keyOf = (entry) => `${entry.check} ${entry.method} ${entry.route}`;

/** Reads and checks the expectations file: a list of `{check, method, route, reason}`, each key once. */
export function readExpectations(path) {
  const entries = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${path}: expected a JSON list of {check, method, route, reason}`);
  const seen = new Set();
  for (const [index, entry] of entries.entries()) {
    for (const field of ['check', 'method', 'route', 'reason']) {
      if (typeof entry?.[field] !== 'string' || entry[field].trim() === '') throw new Error(`${path}: entry ${index} has no "${field}"`);
    }
    if (seen.has(keyOf(entry))) throw new Error(`${path}: entry ${index} repeats ${keyOf(entry)}`);
    seen.add(keyOf(entry));
  }
  return entries;
}

/**
 * Findings against expectations, matched by check, method and route: `unexpected` failures (one per key, the
 * first seen), `vanished` expectations no finding matched, and `matched` expectations. A listed finding counts as
 * seen at either severity (a fuzz finding that passed when re-sent is a warning); an unlisted warning is not a
 * departure from the list.
 */
export function compareFindings(findings, expectations) {
  const expected = new Map(expectations.map((entry) => [keyOf(entry), entry]));
  const seen = new Set(findings.map(keyOf));
  const failures = new Map();
  for (const finding of findings) if (finding.severity === 'failure' && !failures.has(keyOf(finding))) failures.set(keyOf(finding), finding);
  return {
    unexpected: [...failures.entries()].filter(([key]) => !expected.has(key)).map(([, finding]) => finding),
    vanished: [...expected.entries()].filter(([key]) => !seen.has(key)).map(([, entry]) => entry),
    matched: [...expected.entries()].filter(([key]) => seen.has(key)).map(([, entry]) => entry),
  };
}

/** The comparison as lines a person reads: `+` a new finding (with its reproduction), `-` a vanished one. */
export function describeDifferences({ unexpected, vanished }) {
  const lines = [];
  for (const finding of unexpected) {
    lines.push(`+ new finding  ${finding.check} ${finding.method} ${finding.route} (${finding.severity})`);
    lines.push(`    ${finding.message}`);
    if (finding.curl?.[0]) lines.push(`    $ ${finding.curl.at(-1)}`);
  }
  for (const entry of vanished) {
    lines.push(`- vanished     ${entry.check} ${entry.method} ${entry.route}`);
    lines.push(`    expected because: ${entry.reason}`);
  }
  return lines;
}
