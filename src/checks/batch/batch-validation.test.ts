import { describe, expect, it } from 'vitest';
import { batchValidation } from './batch-validation.js';

const validate = { step: 'require-all-validate', family: 'community/v1 members' } as const;

describe('batch_validation', () => {
  it('fails require-all-validate that ran its valid item or did not answer failed "validation"', () => {
    expect(batchValidation.judge({ ...validate, answer: { status: 207, code: undefined }, failed: 'validation', created: ['27'] })).toEqual([
      { message: 'a require-all-validate batch with one invalid item ran its valid item (community/v1 members 27 exists afterwards)' },
    ]);
    expect(batchValidation.judge({ ...validate, answer: { status: 207, code: undefined }, failed: undefined, created: [] })).toEqual([
      { message: 'a require-all-validate batch with one invalid item answered 207 with failed undefined; expected 207 with failed "validation"' },
    ]);
  });

  it('fails a read of what a normal batch created that does not succeed', () => {
    const what = 'read the community/v1 members item 1 of a normal batch created';
    expect(batchValidation.judge({ step: 'read back', what, answer: { status: 404, code: 'rest_member_invalid_id' } })).toEqual([
      { message: `${what}: expected a 2xx answer, got 404 rest_member_invalid_id` },
    ]);
    expect(batchValidation.judge({ step: 'read back', what, answer: { status: 200, code: undefined } })).toEqual([]);
  });

  it('passes require-all-validate that ran nothing and said why', () => {
    expect(batchValidation.judge({ ...validate, answer: { status: 207, code: undefined }, failed: 'validation', created: [] })).toEqual([]);
    expect(batchValidation.judge({ ...validate, answer: { status: 207, code: undefined }, failed: 'validation', created: undefined })).toEqual([]);
  });
});
