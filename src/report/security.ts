/**
 * Which findings are security findings, and who did what in each. A check declares itself a security check
 * (`concern: 'security'` in its own file); reports put its findings first, with the identity that acted and the
 * request it sent. Both are read from the finding's reproduction: its curl lines name each request's account
 * (`-u "$RESTCONFORM_USER:…"` the run's own, `-u "LOGIN:$VAR"` a further account, no credentials anonymous).
 */
import { canonicalCheckName } from '../checks/aliases.js';
import { CHECKS } from '../checks/index.js';
import type { Concern, Finding } from '../checks/types.js';

const CONCERNS: ReadonlyMap<string, Concern> = new Map(CHECKS.flatMap((check) => (check.concern === undefined ? [] : [[check.name, check.concern]])));

/** The concern a check declares (by its name or a former one), undefined for conformance alone or an unknown name. */
export function concernOf(check: string): Concern | undefined {
  return CONCERNS.get(canonicalCheckName(check));
}

/** The names of the checks that declare themselves security checks, in registry order. */
export function securityCheckNames(): string[] {
  return [...CONCERNS].filter(([, concern]) => concern === 'security').map(([name]) => name);
}

export function isSecurityFinding(finding: Pick<Finding, 'check'>): boolean {
  return concernOf(finding.check) === 'security';
}

/** Who sent a request: nobody logged in, the run's own account (`--user`), a further account, or other credentials. */
export type Identity = { kind: 'anonymous' } | { kind: 'run account' } | { kind: 'account'; login: string } | { kind: 'other credentials' };

/** How a person reads an identity: `anonymous (no credentials)`, `member (a further account, --account)`. */
export function describeIdentity(identity: Identity): string {
  switch (identity.kind) {
    case 'anonymous':
      return 'anonymous (no credentials)';
    case 'run account':
      return "the run's own account (--user)";
    case 'account':
      return `${identity.login} (a further account, --account)`;
    case 'other credentials':
      return 'credentials of another scheme (redacted)';
  }
}

/** `-u "LOGIN:$VARIABLE"` as `toCurl` writes Basic credentials; a login's `"`, `$`, `` ` `` and `\` come escaped. */
const BASIC_USER = /\s-u "((?:[^"\\]|\\.)*):\$[A-Za-z_][A-Za-z0-9_]*"/;
const MAIN_USER = '$RESTCONFORM_USER';

/** The identity a curl line sends as. */
export function identityOfCurl(line: string): Identity {
  const basic = BASIC_USER.exec(line);
  if (basic) {
    const user = basic[1]!;
    return user === MAIN_USER ? { kind: 'run account' } : { kind: 'account', login: user.replace(/\\(.)/g, '$1') };
  }
  return /\s-H 'authorization: /i.test(line) ? { kind: 'other credentials' } : { kind: 'anonymous' };
}

/** The method a curl line sends: `-X METHOD`, `-I` for HEAD, else GET (the options come before the URL). */
export function methodOfCurl(line: string): string {
  const options = /\bcurl -sS((?: -g)?(?: -I| -X [A-Z]+)?)/.exec(line)?.[1] ?? '';
  if (options.endsWith(' -I')) return 'HEAD';
  return / -X ([A-Z]+)/.exec(options)?.[1] ?? 'GET';
}

/** The request of a security finding that did the harm, and who sent it. */
export interface ActingRequest {
  /** Its place among the finding's requests (`finding.curl`). */
  index: number;
  curl: string;
  identity: Identity;
  /** True when it is the finding's last request, so the finding's response is its answer. */
  last: boolean;
}

/**
 * The request that acted: of the requests with the finding's method, the first a caller other than the run's own
 * account sent (a security rule is about what a less privileged caller could do; the run's account makes, reads
 * back and compares around it), else the first with that method, else the last request.
 */
export function actingRequest(finding: Pick<Finding, 'method' | 'curl'>): ActingRequest | undefined {
  const lines = finding.curl.map((curl, index) => ({ curl, index, identity: identityOfCurl(curl) }));
  if (lines.length === 0) return undefined;
  const sameMethod = lines.filter((line) => methodOfCurl(line.curl) === finding.method);
  const chosen = sameMethod.find((line) => line.identity.kind !== 'run account') ?? sameMethod[0] ?? lines.at(-1)!;
  return { ...chosen, last: chosen.index === lines.length - 1 };
}
