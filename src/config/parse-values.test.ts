import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from './did-you-mean.js';
import { ConfigError } from './errors.js';
import { parseAccount, parseChecks, parseLocales, parsePhases, parseShard } from './parse-values.js';

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('parseShard', () => {
  it('reads I/N with a 1-based index', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
  });

  it.each(['0/4', '5/4', '2/0', '2', '2/4/8', 'a/b', '-1/4', ''])('rejects %j', (text) => {
    expect(messageOf(() => parseShard(text, '--shard', {}))).toMatch(/^--shard: expected I\/N/);
  });

  it('reads auto from GitLab parallel: jobs (CI_NODE_INDEX is 1-based)', () => {
    const gitlab = { CI_NODE_INDEX: '3', CI_NODE_TOTAL: '4' };
    expect(parseShard('auto', '--shard', gitlab)).toEqual({ index: 3, count: 4 });
    expect(parseShard('auto/4', '--shard', gitlab)).toEqual({ index: 3, count: 4 });
    expect(messageOf(() => parseShard('auto/5', '--shard', gitlab))).toBe('--shard: auto/5 disagrees with CI_NODE_TOTAL=4');
    expect(messageOf(() => parseShard('auto', '--shard', { CI_NODE_INDEX: '5', CI_NODE_TOTAL: '4' }))).toMatch(
      /1 ≤ I ≤ N, got CI_NODE_INDEX=5 CI_NODE_TOTAL=4/,
    );
  });

  it('reads auto from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX is 0-based), the total from auto/N or a variable', () => {
    expect(parseShard('auto/4', '--shard', { JOB_COMPLETION_INDEX: '0' })).toEqual({ index: 1, count: 4 });
    expect(parseShard('auto', '--shard', { JOB_COMPLETION_INDEX: '3', RESTCONFORM_SHARD_TOTAL: '4' })).toEqual({ index: 4, count: 4 });
    expect(messageOf(() => parseShard('auto', '--shard', { JOB_COMPLETION_INDEX: '1' }))).toMatch(
      /gives the index but not the total: use auto\/N .* RESTCONFORM_SHARD_TOTAL/,
    );
    expect(messageOf(() => parseShard('auto/2', '--shard', { JOB_COMPLETION_INDEX: '2' }))).toMatch(/1 ≤ I ≤ N/);
  });

  it('refuses auto where no CI system names the shard, and says what GitHub Actions does instead', () => {
    expect(messageOf(() => parseShard('auto', 'shard', { GITHUB_ACTIONS: 'true' }))).toMatch(
      /^shard: auto found no CI shard variables .* on GitHub Actions pass --shard \$\{\{ matrix\.shard \}\}\/N$/,
    );
  });
});

describe('parseLocales', () => {
  it('reads a list, or none', () => {
    expect(parseLocales('en_gb,el')).toEqual(['en_gb', 'el']);
    expect(parseLocales(' en_gb , pt-br ')).toEqual(['en_gb', 'pt-br']);
    expect(parseLocales('none')).toBeNull();
    expect(parseLocales('NONE')).toBeNull();
  });

  it('rejects empty lists, duplicates, "none" mixed with locales and malformed segments', () => {
    expect(messageOf(() => parseLocales(''))).toContain('expected a comma-separated list of locales');
    expect(messageOf(() => parseLocales('el,el'))).toContain('locale "el" is listed twice');
    expect(messageOf(() => parseLocales('en_gb,none'))).toContain('"none" cannot be combined');
    expect(messageOf(() => parseLocales('en/gb'))).toContain('"en/gb" is not a locale path segment');
  });
});

describe('parsePhases', () => {
  const known = ['contract', 'locale', 'examples', 'fuzz', 'auth'];

  it('returns known phases in running order, without duplicates; "all" stays all until the phases are known', () => {
    expect(parsePhases('fuzz,contract,fuzz', known)).toEqual(['contract', 'fuzz']);
    expect(parsePhases('fuzz,contract,fuzz')).toEqual(['fuzz', 'contract']);
    expect(parsePhases('all', known)).toBe('all');
  });

  it('names an unknown phase and suggests the closest', () => {
    expect(messageOf(() => parsePhases('contract,fuz', known))).toBe(
      '--phases: unknown phase "fuz" (did you mean "fuzz"?); phases: contract, locale, examples, fuzz, auth',
    );
    expect(messageOf(() => parsePhases(' , ', known))).toContain('expected "all" or a comma-separated list of phases (contract, locale');
  });
});

describe('parseChecks', () => {
  const known = ['error_shape', 'invalid_rejected'];

  it('reads all or a list', () => {
    expect(parseChecks('all')).toBe('all');
    expect(parseChecks('error_shape, invalid_rejected,error_shape', known)).toEqual(['error_shape', 'invalid_rejected']);
    expect(parseChecks('anything')).toEqual(['anything']);
  });

  it('rejects unknown names when the registry is known', () => {
    expect(messageOf(() => parseChecks('invalid_rejectd', known))).toBe(
      '--checks: unknown check "invalid_rejectd" (did you mean "invalid_rejected"?); checks: error_shape, invalid_rejected',
    );
    expect(messageOf(() => parseChecks(''))).toContain('expected "all" or a comma-separated list');
  });
});

describe('--account', () => {
  it('reads role, login and the name of the password variable', () => {
    expect(parseAccount('member:alice:ALICE_APP_PASSWORD')).toEqual({ user: 'alice', role: 'member', appPasswordEnv: 'ALICE_APP_PASSWORD' });
    expect(parseAccount('moderator:mod@example.org:MOD_PW')).toEqual({ user: 'mod@example.org', role: 'moderator', appPasswordEnv: 'MOD_PW' });
  });

  it("takes WordPress's own role names", () => {
    for (const role of ['subscriber', 'contributor', 'author', 'editor', 'administrator'])
      expect(parseAccount(`${role}:wp_${role}:WP_PW`)).toEqual({ user: `wp_${role}`, role, appPasswordEnv: 'WP_PW' });
  });

  it('refuses an unknown role, a missing part, and anything that is not a variable name (a password)', () => {
    expect(messageOf(() => parseAccount('membr:alice:ALICE_PW'))).toBe(
      '--account: unknown role "membr" (did you mean "member"?); roles: subscriber, member, contributor, author, editor, moderator, administrator',
    );
    expect(messageOf(() => parseAccount('member:alice'))).toContain('expected ROLE:LOGIN:ENV_VAR');
    expect(messageOf(() => parseAccount('member::ALICE_PW'))).toBe('--account: no login in "member::ALICE_PW"');
    expect(messageOf(() => parseAccount('member:alice:abcd EFGH ijkl'))).toContain(
      'is not an environment variable name: give the name of the variable holding the password, never the password',
    );
  });
});

describe('did you mean', () => {
  it('counts edits, with a swap of neighbours as one', () => {
    expect(editDistance('concurency', 'concurrency')).toBe(1);
    expect(editDistance('fzuz', 'fuzz')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests only plausible typos', () => {
    expect(closestName('concurency', ['concurrency', 'contract'])).toBe('concurrency');
    expect(closestName('banana', ['concurrency', 'contract'])).toBeUndefined();
  });
});
