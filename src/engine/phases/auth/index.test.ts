import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../../request/index.js';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { authPhase } from './index.js';
import {
  actsAs,
  anonymousWritesAllowed,
  anotherArgumentRefused,
  badCredentialsTreatedAsAnonymous,
  permissionBeforeValidation,
  rewriteAnswers,
  sanitizedNotValidated,
} from '../../testing/faults.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';
import { wrongCredentialsAccepted } from './testing/login-faults.js';
import { asAdministratorWithSeededAccounts, findingLines, runPhase } from '../../testing/phase-run.js';

const LOCALES = ['en_gb', 'el'];
const GROUPS = '/community/v1/profile/groups';
const COMPONENTS = '/community/v1/components';

/** Signing up is open to anonymous visitors by design, as the built-in resource hint for signups says. */
const openSignupNotes = (notes: readonly string[]): string[] =>
  notes.filter((note) => note.includes('/community/v1/signup') && note.includes('ignored_auth: succeeded without credentials'));

describe('phase auth', () => {
  let reference: ReferenceServer;
  let anonymousGroups: FaultyServer;
  let lenientLogin: FaultyServer;
  let permissionFirst: FaultyServer;
  let notValidated: FaultyServer;
  let otherNamed: FaultyServer;
  let anyLogin: FaultyServer;
  let memberAsAdministrator: FaultyServer;
  let allowWithoutPost: FaultyServer;
  let forbiddenForAnonymous: FaultyServer;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, seed: 3 });
    // The wrapper's accounts are the reference server's: the same seed derives the same passwords.
    anonymousGroups = await startFaultyServer({
      seed: 3,
      faults: [anonymousWritesAllowed(/^\/community\/v1\/profile\/groups$/, basicAuthorization(reference.credentials.admin))],
    });
    lenientLogin = await startFaultyServer({ seed: 3, faults: [badCredentialsTreatedAsAnonymous()] });
    permissionFirst = await startFaultyServer({ seed: 3, faults: [permissionBeforeValidation(/^\/community\/v1\/moderation$/)] });
    notValidated = await startFaultyServer({ seed: 3, faults: [sanitizedNotValidated(/^\/community\/v1\/moderation$/)] });
    otherNamed = await startFaultyServer({ seed: 3, faults: [anotherArgumentRefused(/^\/community\/v1\/moderation$/, 'template')] });
    anyLogin = await startFaultyServer({ seed: 3, faults: [wrongCredentialsAccepted(basicAuthorization(reference.credentials.admin))] });
    // A member's requests to the SEO plugin (administrators only) go through as the administrator's.
    memberAsAdministrator = await startFaultyServer({
      seed: 3,
      faults: [actsAs(/^\/seo\/v1\//, basicAuthorization(reference.credentials.member), basicAuthorization(reference.credentials.admin))],
    });
    allowWithoutPost = await startFaultyServer({
      seed: 3,
      faults: [rewriteAnswers('POST', /^\/community\/v1\/profile\/groups$/, (answer) => ({ ...answer, headers: { ...answer.headers, allow: 'GET' } }))],
    });
    forbiddenForAnonymous = await startFaultyServer({
      seed: 3,
      faults: [rewriteAnswers('POST', /^\/community\/v1\/moderation$/, (answer) => (answer.status === 401 ? { ...answer, status: 403 } : answer))],
    });
  });
  afterAll(async () => {
    await Promise.all([
      reference.close(),
      anonymousGroups.close(),
      lenientLogin.close(),
      permissionFirst.close(),
      notValidated.close(),
      otherNamed.close(),
      anyLogin.close(),
      memberAsAdministrator.close(),
      allowWithoutPost.close(),
      forbiddenForAnonymous.close(),
    ]);
  });

  it('passes on the reference server in both locales, noting (not warning) that signing up is open to anonymous visitors', async () => {
    const result = await runPhase(authPhase, { url: reference.url, locales: LOCALES, credentials: reference.credentials.admin });
    expect(result.skipped).toBeUndefined();
    expect(findingLines(result.findings)).toEqual([]);
    expect(openSignupNotes(result.notes).length).toBeGreaterThan(0);
    expect(result.requests).toBeGreaterThan(500);
  });

  it('runs the matrix with every seeded account on the reference server: rights by role, no failure', async () => {
    // A server of its own: the other tests' administrator-only runs may have deleted a member.
    const fresh = await startReferenceServer({ port: 0, seed: 3 });
    const result = await runPhase(authPhase, asAdministratorWithSeededAccounts(fresh)).finally(() => fresh.close());
    expect(findingLines(result.findings)).toEqual([]);
    const row = (method: string, route: string) =>
      result.access.find((entry) => entry.method === method && entry.route === route)!.cells.map((cell) => `${cell.identity} ${cell.status} ${cell.allow}`);
    // Less privileged first; each caller's Allow lists what it may use.
    // Components are the administrator's alone (the generated component may not exist: 400 or 404 then).
    expect(row('PATCH', COMPONENTS)).toEqual([
      'anonymous 401 ',
      'member 403 ',
      'member2 403 ',
      'moderator 403 ',
      expect.stringMatching(/^admin (200|400|404) GET, POST, PUT, PATCH$/),
    ]);
    expect(row('POST', GROUPS)).toEqual(['anonymous 401 GET', 'member 403 GET', 'member2 403 GET', 'moderator 201 GET, POST', 'admin 201 GET, POST']);
    expect(result.access.length).toBeGreaterThan(100);
  });

  it('is skipped without credentials', async () => {
    const result = await runPhase(authPhase, { url: reference.url, locales: LOCALES });
    expect(result.skipped).toBe('no credentials given (--user or --account with the application password)');
  });

  it('warns ignored_auth for a write that succeeds anonymously when no account is refused, with the anonymous request as reproduction', async () => {
    const result = await runPhase(authPhase, { url: anonymousGroups.url, locales: LOCALES, credentials: anonymousGroups.credentials.admin });
    const groups = result.findings.filter((finding) => finding.route === GROUPS);
    expect(groups.map((finding) => [finding.check, finding.severity, finding.locale, finding.method]).sort()).toEqual([
      ['ignored_auth', 'warning', 'el', 'POST'],
      ['ignored_auth', 'warning', 'en_gb', 'POST'],
    ]);
    for (const finding of groups) {
      expect(finding.message).toBe('POST /community/v1/profile/groups succeeded without credentials (201); with credentials it answered 201');
      expect(finding.curl).toHaveLength(1);
      expect(finding.curl[0]).not.toContain('-u ');
    }
  });

  it('fails ignored_auth when an anonymous write succeeds that a named account is refused, tried first on fresh state', async () => {
    const fresh = await startFaultyServer({
      seed: 3,
      faults: [anonymousWritesAllowed(/^\/community\/v1\/profile\/groups$/, basicAuthorization(reference.credentials.admin))],
    });
    const result = await runPhase(authPhase, asAdministratorWithSeededAccounts(fresh)).finally(() => fresh.close());
    const groups = result.findings.filter((finding) => finding.route === GROUPS);
    expect(groups.map((finding) => [finding.check, finding.severity, finding.method])).toEqual([['ignored_auth', 'failure', 'POST']]);
    expect(groups[0]!.message).toBe(
      'POST /community/v1/profile/groups succeeded without credentials (201) while member (member) was refused the same request (403 bp_rest_authorization_required)',
    );
    expect(groups[0]!.curl[1]).toContain('-u "member:$RESTCONFORM_MEMBER_APP_PASSWORD"');
    expect(groups[0]!.curl.join('\n')).not.toContain(reference.credentials.member.password);
  });

  it('makes ignored_auth a failure with strictAuth', async () => {
    const result = await runPhase(authPhase, {
      url: anonymousGroups.url,
      locales: ['en_gb'],
      credentials: anonymousGroups.credentials.admin,
      strictAuth: true,
    });
    // Open signup becomes a failure too: with --strict-auth no write may succeed anonymously.
    expect(result.findings.filter((finding) => finding.route === GROUPS).map((finding) => [finding.check, finding.severity])).toEqual([
      ['ignored_auth', 'failure'],
    ]);
    expect(
      result.findings
        .filter((finding) => finding.route !== GROUPS)
        .every((finding) => finding.route.startsWith('/community/v1/signup') && finding.severity === 'failure'),
    ).toBe(true);
  });

  it('fails access_privilege when a member succeeds at a write a moderator is refused', async () => {
    const result = await runPhase(authPhase, asAdministratorWithSeededAccounts(memberAsAdministrator));
    const privilege = result.findings.filter((finding) => finding.check === 'access_privilege');
    expect(privilege.length).toBeGreaterThan(0);
    for (const finding of privilege) {
      expect(finding.route).toMatch(/^\/seo\/v1\//);
      expect(finding.severity).toBe('failure');
      expect(finding.message).toMatch(
        /succeeded for member \(member\) \(2\d\d\) while moderator \(moderator\) was refused the same request \(403 rest_forbidden\)$/,
      );
    }
  });

  it('fails allow_header when Allow leaves out a method the caller just used', async () => {
    const result = await runPhase(authPhase, asAdministratorWithSeededAccounts(allowWithoutPost));
    const allow = result.findings.filter((finding) => finding.check === 'allow_header');
    expect(allow.map((finding) => [finding.severity, finding.method, finding.route, finding.message]).sort()).toEqual([
      ['failure', 'POST', GROUPS, 'POST /community/v1/profile/groups succeeded for admin (administrator) (201) but its Allow header (GET) does not list POST'],
      ['failure', 'POST', GROUPS, 'POST /community/v1/profile/groups succeeded for moderator (moderator) (201) but its Allow header (GET) does not list POST'],
    ]);
  });

  it('warns auth_refusal_status when an anonymous caller is refused with 403 instead of 401', async () => {
    const result = await runPhase(authPhase, { url: forbiddenForAnonymous.url, locales: ['en_gb'], credentials: forbiddenForAnonymous.credentials.admin });
    const status = result.findings.filter((finding) => finding.check === 'auth_refusal_status');
    expect(status.map((finding) => [finding.severity, finding.method, finding.route])).toEqual([['warning', 'POST', '/community/v1/moderation']]);
    expect(status[0]!.message).toBe(
      'POST /community/v1/moderation refused an anonymous caller with 403; expected 401 (not logged in): 403 bp_rest_authorization_required',
    );
  });

  it('warns auth_wrong_credentials when wrong credentials are treated as none, as real WordPress 6.1 does', async () => {
    const result = await runPhase(authPhase, { url: lenientLogin.url, locales: ['en_gb'], credentials: lenientLogin.credentials.admin });
    const wrong = result.findings.filter((finding) => finding.check === 'auth_wrong_credentials');
    expect(wrong.length).toBeGreaterThan(3);
    // Each with the anonymous request that answered the same.
    expect(wrong.every((finding) => finding.severity === 'warning' && finding.curl.length === 2)).toBe(true);
    // Unknown routes too: authentication comes before routing.
    expect(findingLines(wrong.filter((finding) => finding.route === '/restconform/no-such-route')).sort()).toEqual([
      expect.stringMatching(
        /^auth_wrong_credentials warning en_gb GET \/restconform\/no-such-route: GET \/restconform\/no-such-route \(no such route\) with (a wrong password for admin|an unknown user) answered 404 rest_no_route, as without credentials: they were ignored, not refused with 401 before routing$/,
      ),
      expect.stringMatching(
        /^auth_wrong_credentials warning en_gb POST \/restconform\/no-such-route: POST .* answered 404 rest_no_route, as without credentials/,
      ),
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

  // The reproduction is both requests: the refusal without credentials and the validation's 400 with them.
  it('fires invalid_rejected_anonymous when a route checks permission before validating', async () => {
    const result = await runPhase(authPhase, { url: permissionFirst.url, locales: ['en_gb'], credentials: permissionFirst.credentials.admin });
    expect(result.findings.map((finding) => [finding.check, finding.severity, finding.method, finding.route, finding.curl.length]).sort()).toEqual([
      ['invalid_rejected_anonymous', 'failure', 'GET', '/community/v1/moderation', 2],
      ['invalid_rejected_anonymous', 'failure', 'POST', '/community/v1/moderation', 2],
    ]);
    for (const finding of result.findings)
      expect(finding.message).toMatch(/^invalid input \(.+\) without credentials answered 401 rest_forbidden; expected 400/);
  });

  it('notes, without a finding, a refusal of input the route does not validate even with credentials (its own sanitize_callback)', async () => {
    const result = await runPhase(authPhase, { url: notValidated.url, locales: ['en_gb'], credentials: notValidated.credentials.admin });
    expect(result.findings.filter((finding) => finding.check === 'invalid_rejected_anonymous')).toEqual([]);
    const notes = result.notes.filter((note) => note.includes('/community/v1/moderation:') && note.includes('not validated before the permission check'));
    expect(notes.map((note) => note.split(':')[0]).sort()).toEqual(['en_gb GET /community/v1/moderation', 'en_gb POST /community/v1/moderation']);
  });

  it('notes, without a finding, a refusal whose credentialed 400 names another argument than the broken one (WordPress 6.1: excerpt)', async () => {
    const result = await runPhase(authPhase, { url: otherNamed.url, locales: ['en_gb'], credentials: otherNamed.credentials.admin });
    expect(result.findings.filter((finding) => finding.check === 'invalid_rejected_anonymous')).toEqual([]);
    const notes = result.notes.filter((note) => note.includes('/community/v1/moderation:') && note.includes('not validated before the permission check'));
    expect(notes.map((note) => note.split(':')[0]).sort()).toEqual(['en_gb GET /community/v1/moderation', 'en_gb POST /community/v1/moderation']);
  });
});
