import { describe, expect, it } from 'vitest';
import { batchSizeLimit } from './batch-size-limit.js';

describe('batch_size_limit', () => {
  it('fails the largest batch refused or answered item by item wrongly', () => {
    const largest = { step: 'largest', items: 25 } as const;
    expect(batchSizeLimit.judge({ ...largest, answer: { status: 400, code: 'rest_invalid_param' }, answers: undefined })).toEqual([
      { message: 'a batch of 25 items: expected a 2xx answer, got 400 rest_invalid_param' },
    ]);
    expect(batchSizeLimit.judge({ ...largest, answer: { status: 200, code: undefined }, answers: 25 })).toEqual([
      { message: 'a batch of 25 items answered 200; expected 207' },
    ]);
    expect(batchSizeLimit.judge({ ...largest, answer: { status: 207, code: undefined }, answers: undefined })).toEqual([
      { message: 'a batch of 25 items got no list of answers' },
    ]);
  });

  it('fails one item too many accepted, or rejected after some of its items ran', () => {
    const oversized = { step: 'oversized', items: 26 } as const;
    expect(batchSizeLimit.judge({ ...oversized, answer: { status: 207, code: undefined }, ran: 26 })).toEqual([
      { message: 'a batch of 26 items answered 207; expected 400; 26 of its items ran (read back afterwards)' },
    ]);
    expect(batchSizeLimit.judge({ ...oversized, answer: { status: 400, code: undefined }, ran: 3 })).toEqual([
      { message: 'a batch of 26 items was rejected with 400, but; 3 of its items ran (read back afterwards)' },
    ]);
  });

  it('passes the limit kept, and a largest batch the credentials may not send', () => {
    expect(batchSizeLimit.judge({ step: 'largest', items: 25, answer: { status: 207, code: undefined }, answers: 25 })).toEqual([]);
    expect(batchSizeLimit.judge({ step: 'largest', items: 25, answer: { status: 403, code: 'rest_forbidden' }, answers: undefined })).toEqual([]);
    expect(batchSizeLimit.judge({ step: 'oversized', items: 26, answer: { status: 400, code: undefined }, ran: 0 })).toEqual([]);
  });
});
