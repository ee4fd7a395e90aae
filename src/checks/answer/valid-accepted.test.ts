import { describe, expect, it } from 'vitest';
import { fakeContext, wpError } from '../testing/exchange-builders.js';
import { validAccepted } from './valid-accepted.js';

const detail = (code: string) => ({ code, message: code, data: null });

describe('valid_accepted and the route’s own callbacks', () => {
  it('reports a parameter rejected by a schema rule', () => {
    const exchange = wpError(400, 'rest_invalid_param', { params: { date_gmt: 'Invalid date.' }, details: { date_gmt: detail('rest_invalid_date') } });
    expect(validAccepted.judge({ context: fakeContext(), exchange: exchange }).map((failure) => failure.cause)).toEqual(['invalid:date_gmt']);
  });

  it("stays quiet when every named parameter was refused by the route's own callback (real WordPress 6.1 answers)", () => {
    const username = wpError(400, 'rest_invalid_param', {
      params: { username: 'illegal characters' },
      details: { username: detail('rest_user_invalid_username') },
    });
    const template = wpError(400, 'rest_invalid_param', {
      params: { template: 'template is not one of blank.' },
      details: { template: detail('rest_invalid_param') },
    });
    // validate_callback returned false: "Invalid parameter." and `details: []`.
    const urlDetails = wpError(400, 'rest_invalid_param', { params: { url: 'Invalid parameter.' }, details: [] });
    for (const exchange of [username, template, urlDetails]) expect(validAccepted.judge({ context: fakeContext(), exchange: exchange })).toEqual([]);
  });

  it('names only the schema rejections when both kinds come together', () => {
    const exchange = wpError(400, 'rest_invalid_param', {
      params: { date_gmt: 'Invalid date.', template: 'template is not one of blank.' },
      details: { date_gmt: detail('rest_invalid_date'), template: detail('rest_invalid_param') },
    });
    const [failure] = validAccepted.judge({ context: fakeContext(), exchange: exchange });
    expect(failure?.message).toMatch(/^valid request rejected as invalid: date_gmt \(/);
  });

  it('reports every named parameter when the server sends no details to tell them apart', () => {
    const exchange = wpError(400, 'rest_invalid_param', { params: { per_page: 'bad', page: 'bad' } });
    expect(validAccepted.judge({ context: fakeContext(), exchange: exchange }).map((failure) => failure.cause)).toEqual(['invalid:page,per_page']);
  });
});
