/**
 * The README's two check tables are the registry's: every check with its severity and rule text, those over single
 * exchanges first, then each phase's with its phase. On a difference the test prints the tables as they must read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../checks/index.js';
import { isExchangeCheck } from '../checks/types.js';
import { PHASES } from '../engine/phases/index.js';
import { SRC } from './testing/import-graph.js';

const README = join(SRC, '..', 'README.md');
const cell = (text: string): string => text.replaceAll('|', '\\|');

/** The README's check tables as the registry and the phases make them. */
function checkTables(): string {
  const exchange = CHECKS.filter(isExchangeCheck).map((check) => `| \`${check.name}\` | ${check.severity} | ${cell(check.description)} |`);
  const byPhase = PHASES.flatMap((phase) =>
    phase.checks.map((check) => `| \`${check.name}\` | ${phase.name} | ${check.severity} | ${cell(check.description)} |`),
  );
  return [
    'Checks run on every answer (`--checks`, all by default; severities can be overridden in configuration):',
    '',
    '| check | severity | rule |',
    '|---|---|---|',
    ...exchange,
    '',
    'The phases report under their own check names:',
    '',
    '| check | phase | severity | rule |',
    '|---|---|---|---|',
    ...byPhase,
  ].join('\n');
}

describe('the README', () => {
  it("holds the registry's check tables", () => {
    const readme = readFileSync(README, 'utf8');
    const start = readme.indexOf('Checks run on every answer');
    const end = readme.indexOf('\n\n', readme.indexOf('| check | phase | severity | rule |'));
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start, end)).toBe(checkTables());
  });

  it('lists every check of the registry once', () => {
    const tables = checkTables();
    for (const check of CHECKS) expect(tables.split(`| \`${check.name}\` |`)).toHaveLength(2);
  });
});
