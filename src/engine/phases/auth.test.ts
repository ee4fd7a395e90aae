import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../request/index.js';
import { startReferenceServer, type ReferenceServer } from '../../server/index.js';
import { authPhase } from './auth.js';
import { anonymousWritesAllowed, badCredentialsTreatedAsAnonymous, permissionBeforeValidation } from './testing/faults.js';
import { startFaultyServer, type FaultyServer } from './testing/faulty-server.js';
import { wrongCredentialsAccepted } from './testing/login-faults.js';
import { findingLines, runPhase } from './testing/phase-run.js';

const LOCALES = ['en_gb', 'el'];
const GROUPS = '/community/v1/profile/groups';

describe('phase auth', () => {
  let reference: ReferenceServer;
  let anonymousGroups: FaultyServer;
  let lenientLogin: FaultyServer;
  let permissionFirst: FaultyServer;
  let anyLogin: FaultyServer;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, seed: 3 });
    // The wrapper's accounts are the reference server's: the same seed derives the same passwords.
    anonymousGroups = await startFaultyServer({ seed: 3, faults: [anonymousWritesAllowed(/^\/community\/v1\/profile\/groups$/, basicAuthorization(reference.credentials.admin))] });
    lenientLogin = await startFaultyServer({ seed: 3, faults: [badCredentialsTreatedAsAnonymous()] });
    permissionFirst = await startFaultyServer({ seed: 3, faults: [permissionBeforeValidation(/^\/community\/v1\/moderation$/)] });
    anyLogin = await startFaultyServer({ seed: 3, faults: [wrongCredentialsAccepted(basicAuthorization(reference.credentials.admin))] });
  });
  afterAll(async () => {
    await Promise.all([reference.close(), anonymousGroups.close(), lenientLogin.close(), permissionFirst.close(), anyLogin.close()]);
  });

  it('passes on the reference server in both locales', async () => {
    const result = await runPhase(authPhase, { url: reference.url, locales: LOCALES, credentials: reference.credentials.admin });
    expect(result.skipped).toBeUndefined();
    expect(findingLines(result.findings)).toEqual([]);
    expect(result.requests).toBeGreaterThan(500);
  });

  it('is skipped without credentials', async () => {
    const result = await runPhase(authPhase, { url: reference.url, locales: LOCALES });
    expect(result.skipped).toBe('no credentials given (--user and the application password)');
  });

  it('warns ignored_auth for a write that succeeds anonymously, with both requests as reproduction', async () => {
    const result = await runPhase(authPhase, { url: anonymousGroups.url, locales: LOCALES, credentials: anonymousGroups.credentials.admin });
    expect(result.findings.map((finding) => [finding.check, finding.severity, finding.locale, finding.method, finding.route]).sort()).toEqual([
      ['ignored_auth', 'warning', 'el', 'POST', GROUPS],
      ['ignored_auth', 'warning', 'en_gb', 'POST', GROUPS],
    ]);
    for (const finding of result.findings) {
      expect(finding.message).toBe('POST /community/v1/profile/groups succeeded with credentials and again without them (201)');
      expect(finding.curl).toHaveLength(2);
      expect(finding.curl[0]).toContain('-u ');
      expect(finding.curl[1]).not.toContain('-u ');
      expect(finding.curl.join('\n')).not.toContain(anonymousGroups.credentials.admin.password);
    }
  });

  it('makes ignored_auth a failure with strictAuth', async () => {
    const result = await runPhase(authPhase, { url: anonymousGroups.url, locales: ['en_gb'], credentials: anonymousGroups.credentials.admin, strictAuth: true });
    expect(result.findings.map((finding) => [finding.check, finding.severity])).toEqual([['ignored_auth', 'failure']]);
  });

  it('warns auth_wrong_credentials when wrong credentials are treated as none, as real WordPress 6.1 does', async () => {
    const result = await runPhase(authPhase, { url: lenientLogin.url, locales: ['en_gb'], credentials: lenientLogin.credentials.admin });
    const wrong = result.findings.filter((finding) => finding.check === 'auth_wrong_credentials');
    expect(wrong.length).toBeGreaterThan(3);
    // Each with the anonymous request that answered the same.
    expect(wrong.every((finding) => finding.severity === 'warning' && finding.curl.length === 2)).toBe(true);
    // Unknown routes too: authentication comes before routing.
    expect(findingLines(wrong.filter((finding) => finding.route === '/restconform/no-such-route')).sort()).toEqual([
      expect.stringMatching(/^auth_wrong_credentials warning en_gb GET \/restconform\/no-such-route: GET \/restconform\/no-such-route \(no such route\) with (a wrong password for admin|an unknown user) answered 404 rest_no_route, as without credentials: they were ignored, not refused with 401 before routing$/),
      expect.stringMatching(/^auth_wrong_credentials warning en_gb POST \/restconform\/no-such-route: POST .* answered 404 rest_no_route, as without credentials/),
    ]);
    expect(result.findings.filter((finding) => finding.check !== 'auth_wrong_credentials')).toEqual([]);
  });

  it('fails auth_wrong_credentials when wrong credentials act as the account', async () => {
    const result = await runPhase(authPhase, { url: anyLogin.url, locales: ['en_gb'], credentials: anyLogin.credentials.admin });
    const failures = result.findings.filter((finding) => finding.check === 'auth_wrong_credentials' && finding.severity === 'failure');
    expect(failures.length).toBeGreaterThan(0);
    for (const finding of failures) {
      expect(finding.message).toMatch(/answered \d{3}.*, without credentials \d{3}.*; expected 401 before routing$/);
      expect(finding.curl).toHaveLength(2);
    }
  });

  it('fires invalid_rejected_anonymous when a route checks permission before validating', async () => {
    const result = await runPhase(authPhase, { url: permissionFirst.url, locales: ['en_gb'], credentials: permissionFirst.credentials.admin });
    expect(result.findings.map((finding) => [finding.check, finding.severity, finding.method, finding.route, finding.curl.length]).sort()).toEqual([
      ['invalid_rejected_anonymous', 'failure', 'GET', '/community/v1/moderation', 1],
      ['invalid_rejected_anonymous', 'failure', 'POST', '/community/v1/moderation', 1],
    ]);
    for (const finding of result.findings) expect(finding.message).toMatch(/^invalid input \(.+\) without credentials answered 401 rest_forbidden; expected 400/);
  });
});
