import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { compareFindings, describeDifferences, readExpectations, type ReportedFinding } from '../../scripts/wordpress/expectations.js';

const EXPECTATIONS = fileURLToPath(new URL('./expectations.json', import.meta.url));
const finding = (check: string, method: string, route: string): ReportedFinding => ({ check, severity: 'failure', method, route, message: `${check} broke`, curl: ['curl -sS x'] });

describe('the WordPress expectations file', () => {
  it('lists each (check, method, route) once, each with a reason in words', () => {
    const entries = readExpectations(EXPECTATIONS);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.reason.split(' ').length).toBeGreaterThan(8);
  });

  const scratch = mkdtempSync(join(tmpdir(), 'restconform-expectations-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('refuses an entry without a reason, and a repeated one', () => {
    const noReason = join(scratch, 'no-reason.json');
    writeFileSync(noReason, JSON.stringify([{ check: 'a', method: 'GET', route: '/x', reason: '' }]));
    expect(() => readExpectations(noReason)).toThrow(/entry 0 has no "reason"/);
    const twice = join(scratch, 'twice.json');
    const entry = { check: 'a', method: 'GET', route: '/x', reason: 'because' };
    writeFileSync(twice, JSON.stringify([entry, entry]));
    expect(() => readExpectations(twice)).toThrow(/entry 1 repeats a GET \/x/);
  });
});

describe('compareFindings', () => {
  const expectations = [
    { check: 'not_a_server_error', method: 'GET', route: '/wp/v2/search', reason: 'a crash' },
    { check: 'invalid_rejected', method: 'POST', route: '/wp/v2/posts', reason: 'not validated' },
  ];

  it('counts a listed finding seen at either severity, and holds only failures to the list', () => {
    const warning = { ...finding('invalid_rejected', 'POST', '/wp/v2/posts'), severity: 'warning' };
    const unlistedWarning = { ...finding('auth_wrong_credentials', 'GET', '/wp/v2/types'), severity: 'warning' };
    const result = compareFindings([finding('not_a_server_error', 'GET', '/wp/v2/search'), warning, unlistedWarning], expectations);
    expect(result).toEqual({ unexpected: [], vanished: [], matched: expectations });
  });

  it('matches by check, method and route, whatever the message or how often', () => {
    const result = compareFindings([finding('not_a_server_error', 'GET', '/wp/v2/search'), finding('not_a_server_error', 'GET', '/wp/v2/search'), finding('invalid_rejected', 'POST', '/wp/v2/posts')], expectations);
    expect(result).toEqual({ unexpected: [], vanished: [], matched: expectations });
  });

  it('tells a new finding and a vanished expected one apart, with the reproduction and the reason', () => {
    const result = compareFindings([finding('not_a_server_error', 'GET', '/wp/v2/search'), finding('invalid_rejected', 'PUT', '/wp/v2/posts')], expectations);
    expect(result.unexpected.map((found) => `${found.check} ${found.method} ${found.route}`)).toEqual(['invalid_rejected PUT /wp/v2/posts']);
    expect(result.vanished).toEqual([expectations[1]]);
    expect(describeDifferences(result)).toEqual([
      '+ new finding  invalid_rejected PUT /wp/v2/posts (failure)',
      '    invalid_rejected broke',
      '    $ curl -sS x',
      '- vanished     invalid_rejected POST /wp/v2/posts',
      '    expected because: not validated',
    ]);
  });
});
