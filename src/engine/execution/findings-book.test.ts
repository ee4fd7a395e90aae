import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../checks/index.js';
import { CheckRegistry } from '../../checks/registry.js';
import { fakeOperation, jsonExchange } from '../../checks/testing/exchange-builders.js';
import type { Exchange } from '../../http/types.js';
import { REDACTED } from '../../request/index.js';
import type { RunEvent } from '../events.js';
import { findingFingerprint, findingKey, FindingsBook, type FindingInput, type FindingsBookOptions } from './findings-book.js';

const op = fakeOperation('POST', '/community/v1/members');
const SECRET = 'abcd efgh ijkl';

function book(options: Partial<FindingsBookOptions> = {}): { book: FindingsBook; events: RunEvent[] } {
  const events: RunEvent[] = [];
  return { book: new FindingsBook({ seed: 3, secrets: [SECRET], emit: (event) => events.push(event), ...options }), events };
}

function exchange(body: unknown): Exchange {
  const answered = jsonExchange(500, body, { 'x-debug': `password ${SECRET}` });
  return { ...answered, request: { method: 'POST', url: 'http://127.0.0.1/wp-json/community/v1/members', headers: { authorization: 'Basic x' } } };
}

const input = (overrides: Partial<FindingInput> = {}): FindingInput => ({
  check: 'not_a_server_error',
  severity: 'failure',
  operation: op,
  message: 'answered 500',
  cause: '500 internal',
  phase: 'fuzz',
  exchanges: [exchange({ code: 'internal' })],
  ...overrides,
});

describe('the findings book', () => {
  it('counts a rule broken again with the same check, operation, argument and cause as one finding', () => {
    const { book: findings, events } = book();
    findings.report(input());
    findings.report(input({ message: 'answered 500 again' }));
    findings.report(input({ argument: 'name' }));
    findings.report(input({ cause: '500 other' }));
    expect(findings.findings().map((finding) => [finding.id, finding.argument, finding.count])).toEqual([
      ['F1', undefined, 2],
      ['F2', 'name', 1],
      ['F3', undefined, 1],
    ]);
    expect(events.filter((event) => event.type === 'finding')).toHaveLength(3);
    // The cause is kept, so reports can show one cause seen on several operations once; not when it is the message.
    expect(findings.findings().map((finding) => finding.cause)).toEqual(['500 internal', '500 internal', '500 other']);
    const other = book().book;
    other.report(input({ cause: undefined }));
    expect(other.findings()[0]!.cause).toBeUndefined();
    expect(findings.tally()).toEqual({ failures: 3, warnings: 0, known: 0, byCheck: { not_a_server_error: { failures: 3, warnings: 0 } } });
  });

  it('falls back on the message when there is no cause', () => {
    const { book: findings } = book();
    findings.report(input({ cause: undefined, message: 'one' }));
    findings.report(input({ cause: undefined, message: 'two' }));
    expect(findings.findings()).toHaveLength(2);
  });

  it('fingerprints a finding by its key: the first 16 hex digits of its SHA-256', () => {
    const { book: findings } = book();
    findings.report(input({ argument: 'name' }));
    const key = findingKey('not_a_server_error', op.id, 'name', '500 internal');
    expect(key).toBe(['not_a_server_error', op.id, 'name', '500 internal'].join('\u0000'));
    expect(findings.findings()[0]!.fingerprint).toBe(createHash('sha256').update(key).digest('hex').slice(0, 16));
    expect(findingFingerprint(key)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('redacts the secrets in the message, the request, the response headers and body, and the curl line', () => {
    const { book: findings } = book();
    findings.report(input({ message: `echoed ${SECRET}`, exchanges: [exchange({ echoed: SECRET })] }));
    const [finding] = findings.findings();
    expect(JSON.stringify(finding)).not.toContain(SECRET);
    expect(finding!.message).toBe(`echoed ${REDACTED}`);
    expect(finding!.curl).toHaveLength(1);
    expect(finding!.replay).toEqual({ seed: 3, operationId: op.id, phase: 'fuzz', case: undefined });
  });

  it('keeps only enabled checks, applies severity overrides, and marks what the baseline knows', () => {
    const { book: findings } = book({
      selection: new CheckRegistry(CHECKS).selection(['not_a_server_error', 'response_schema'], { response_schema: 'warning' }),
      baseline: { source: 'known.yaml', entries: [{ check: 'not_a_server_error', method: 'POST', route: '/community/v1/members', reason: 'known bug' }] },
    });
    findings.report(input());
    findings.report(input({ check: 'response_schema' }));
    findings.report(input({ check: 'content_type' }));
    expect(findings.findings().map((finding) => [finding.check, finding.severity, finding.known])).toEqual([
      ['not_a_server_error', 'failure', 'known bug'],
      ['response_schema', 'warning', undefined],
    ]);
  });
});
