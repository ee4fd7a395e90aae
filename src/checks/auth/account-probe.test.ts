import { describe, expect, it } from 'vitest';
import { accessOtherAccount } from './access-other-account.js';
import type { AccountProbeEvidence, ReadBack } from './account-probe.js';
import { accessRoleEscalation } from './access-role-escalation.js';

const read = (body: string, status = 200): ReadBack => ({ status, body });

const probe = (write: number, before: ReadBack[], after?: ReadBack, afterAgain?: ReadBack): AccountProbeEvidence => ({
  method: 'POST',
  route: '/community/v1/members/(?P<id>[\\d]+)',
  actor: { name: 'member', role: 'member' },
  attempt: "wrote member2's resource",
  write: { status: write, code: write === 403 ? 'rest_forbidden' : undefined },
  before,
  ...(after === undefined ? {} : { after }),
  ...(afterAgain === undefined ? {} : { afterAgain }),
});

/** Profile field data as BuddyPress answers it: `last_updated` is the time of the read when there is no data. */
const data = (value: string, lastUpdated: string): ReadBack => read(JSON.stringify([{ value: { raw: value }, last_updated: lastUpdated }]));

describe('access_other_account and access_role_escalation', () => {
  it('fail a write that was not refused, saying when a read shows the change', () => {
    expect(accessOtherAccount.judge(probe(200, [read('a'), read('a')], read('b')))).toEqual([
      {
        message:
          "member (member) wrote member2's resource with POST /community/v1/members/(?P<id>[\\d]+) and was not refused (200); a read afterwards shows the change",
        cause: 'member not refused',
      },
    ]);
    expect(accessRoleEscalation.judge(probe(200, []))[0]!.message).toMatch(/and was not refused \(200\)$/);
  });

  it('fail a refusal after which the resource reads differently', () => {
    expect(accessOtherAccount.judge(probe(403, [read('a'), read('a')], read('b')))).toEqual([
      {
        message:
          "member (member) was refused (403 rest_forbidden) when it wrote member2's resource with POST /community/v1/members/(?P<id>[\\d]+), yet a read afterwards shows a change",
        cause: 'member refused, data changed',
      },
    ]);
  });

  it('pass a refusal that changed nothing, and cannot see a change in a resource that reads differently each time', () => {
    expect(accessOtherAccount.judge(probe(403, [read('a'), read('a')], read('a')))).toEqual([]);
    expect(accessOtherAccount.judge(probe(403, [read('a'), read('b')], read('c')))).toEqual([]);
  });

  it('leave out a field that reads differently with no write between, and judge the others', () => {
    // Refused, and only the volatile time moved: unchanged.
    expect(accessOtherAccount.judge(probe(403, [data('', '10:00:01'), data('', '10:00:02')], data('', '10:00:03')))).toEqual([]);
    // Refused, yet the value changed beside a volatile time: changed.
    expect(accessOtherAccount.judge(probe(403, [data('', '10:00:01'), data('', '10:00:02')], data('x', '10:00:03')))[0]!.cause).toBe(
      'member refused, data changed',
    );
    // The time agreed before the write (the same second) and moved after it: the two reads after the write show it volatile.
    expect(accessOtherAccount.judge(probe(403, [data('', '10:00:01'), data('', '10:00:01')], data('', '10:00:02'), data('', '10:00:03')))).toEqual([]);
  });

  it('take a time that only moved forward for a clock, when every read pair fell within one second (seen on BuddyPress)', () => {
    const at = (second: string): string => `2026-11-26T08:05:0${second}`;
    // Both reads before in one second, both after in the next: no pair shows the field moving by itself.
    expect(accessOtherAccount.judge(probe(403, [data('', at('1')), data('', at('1'))], data('', at('2')), data('', at('2'))))).toEqual([]);
    // A time that went back, or a value that changed beside the clock, is still a change.
    expect(accessOtherAccount.judge(probe(403, [data('', at('2')), data('', at('2'))], data('', at('1')), data('', at('1'))))).toHaveLength(1);
    expect(accessOtherAccount.judge(probe(403, [data('', at('1')), data('', at('1'))], data('x', at('2')), data('x', at('2'))))).toHaveLength(1);
  });
});
