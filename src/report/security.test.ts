import { describe, expect, it } from 'vitest';
import { CHECKS } from '../checks/index.js';
import { actingRequest, concernOf, describeIdentity, identityOfCurl, isSecurityFinding, methodOfCurl, securityCheckNames } from './security.js';
import { ANONYMOUS_WRITE, EMAIL_SHOWN, ROLE_ESCALATION } from './testing/security-findings.js';

describe('security checks', () => {
  it('are the checks that declare themselves so, each in its own file', () => {
    expect(securityCheckNames()).toEqual(CHECKS.filter((check) => check.concern === 'security').map((check) => check.name));
    expect([...securityCheckNames()].sort()).toEqual([
      'access_other_account',
      'access_other_resource',
      'access_privilege',
      'access_role_escalation',
      'edit_context_rights',
      'embed_exposure',
      'ignored_auth',
      'list_exposure',
      'no_sensitive_data',
      'parent_exposure',
      'query_oracle',
      'readonly_field_write',
      'total_exposure',
      'unauthorised_write_effect',
    ]);
  });

  it('are known by their former names too, and a conformance check or an unknown name has no concern', () => {
    expect(concernOf('no_password_leak')).toBe('security');
    expect(concernOf('json_content_type')).toBeUndefined();
    expect(concernOf('invalid_rejected_anonymous')).toBeUndefined();
    expect(concernOf('no_such_check')).toBeUndefined();
    expect(isSecurityFinding({ check: 'access_role_escalation' })).toBe(true);
    expect(isSecurityFinding({ check: 'not_a_server_error' })).toBe(false);
  });
});

describe('the identity of a curl line', () => {
  it('reads anonymous, the run account, a further account and another scheme', () => {
    expect(identityOfCurl(`curl -sS 'http://h/wp-json/x' -H 'accept: application/json'`)).toEqual({ kind: 'anonymous' });
    expect(identityOfCurl(`curl -sS 'http://h/x' -u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD"`)).toEqual({ kind: 'run account' });
    expect(identityOfCurl(`curl -sS -X PATCH 'http://h/x' -u "member:$RC_MEMBER" --data-raw '{}'`)).toEqual({ kind: 'account', login: 'member' });
    expect(identityOfCurl(`curl -sS 'http://h/x' -u "a\\"b\\$c:$RC_ODD"`)).toEqual({ kind: 'account', login: 'a"b$c' });
    expect(identityOfCurl(`curl -sS 'http://h/x' -H 'authorization: <redacted>'`)).toEqual({ kind: 'other credentials' });
  });

  it('says who it is in words', () => {
    expect(describeIdentity({ kind: 'anonymous' })).toBe('anonymous (no credentials)');
    expect(describeIdentity({ kind: 'account', login: 'member' })).toBe('member (a further account, --account)');
    expect(describeIdentity({ kind: 'run account' })).toBe("the run's own account (--user)");
  });

  it('reads the method from the options before the URL, not from the body', () => {
    expect(methodOfCurl(`curl -sS 'http://h/x'`)).toBe('GET');
    expect(methodOfCurl(`curl -sS -I 'http://h/x'`)).toBe('HEAD');
    expect(methodOfCurl(`curl -sS -g -X DELETE 'http://h/x?a[]=1'`)).toBe('DELETE');
    expect(methodOfCurl(`curl -sS 'http://h/x' --data-raw ' -X PATCH'`)).toBe('GET');
    expect(methodOfCurl(`printf 'a\\nb' | curl -sS -X POST 'http://h/x' --data-binary @-`)).toBe('POST');
  });
});

describe('the request that acted', () => {
  it('is the member’s write between the run account’s reads', () => {
    const acting = actingRequest(ROLE_ESCALATION)!;
    expect(acting.index).toBe(1);
    expect(acting.identity).toEqual({ kind: 'account', login: 'member' });
    expect(acting.curl).toContain(`'{"roles":["administrator"]}'`);
    expect(acting.last).toBe(false);
  });

  it('is the anonymous write, not the refused account’s same request after it', () => {
    const acting = actingRequest(ANONYMOUS_WRITE)!;
    expect(acting).toMatchObject({ index: 0, identity: { kind: 'anonymous' }, last: false });
  });

  it('is the run account’s own request when it sent the only one, whose answer is the finding’s', () => {
    expect(actingRequest({ method: 'GET', curl: [`curl -sS 'http://h/x' -u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD"`] })).toMatchObject({
      index: 0,
      identity: { kind: 'run account' },
      last: true,
    });
    expect(actingRequest(EMAIL_SHOWN)).toMatchObject({ index: 0, identity: { kind: 'anonymous' }, last: true });
  });

  it('is the last request when none has the finding’s method, and none for a finding without requests', () => {
    expect(actingRequest({ method: 'PUT', curl: [`curl -sS 'http://h/a'`, `curl -sS -X POST 'http://h/b'`] })).toMatchObject({ index: 1, last: true });
    expect(actingRequest({ method: 'GET', curl: [] })).toBeUndefined();
  });
});
