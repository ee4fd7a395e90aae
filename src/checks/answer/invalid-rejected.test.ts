import { describe, expect, it } from 'vitest';
import { fakeContext, fakeOperation, wpError } from '../testing/exchange-builders.js';
import { invalidRejected } from './invalid-rejected.js';

const operation = fakeOperation('POST', '/wp/v2/users/1');
const mutation = { param: 'name', location: 'body' as const, rule: 'wrong_type' as const, description: 'name = 2 (type string)' };

function judge(status: number, credentialsWithheld = false) {
  const context = fakeContext({ operation, credentialsWithheld, requestCase: { kind: 'invalid', mutation } });
  return invalidRejected.judge({ context, exchange: wpError(status, status === 400 ? 'rest_invalid_param' : 'rest_cannot_edit', { params: {} }) });
}

describe('invalid_rejected', () => {
  it('fails a 401 or 403 to an invalid request sent with the credentials it was built with: permission came before validation', () => {
    expect(judge(401)).toEqual([
      expect.objectContaining({ message: expect.stringContaining('invalid request answered 401, expected 400'), cause: 'wrong_type:401' }),
    ]);
    expect(judge(403)[0]?.note).toBeUndefined();
  });

  it('notes a 401 or 403 to an invalid request the run itself sent without credentials: it judges nothing', () => {
    for (const status of [401, 403]) {
      const [note, ...rest] = judge(status, true);
      expect(rest).toEqual([]);
      expect(note).toEqual({ message: expect.stringContaining(`sent without credentials were refused with ${status}`), note: true });
    }
  });

  it('still judges any other answer to such a request', () => {
    expect(judge(400, true)).toEqual([expect.objectContaining({ cause: 'wrong_type:not-named' })]);
  });
});
