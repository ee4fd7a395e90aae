/**
 * Why no check holds batch answers to who may read what: the batch route cannot carry a read. WordPress's
 * `POST /batch/v1` takes only POST, PUT, PATCH and DELETE items (its descriptor's `method` enum), and a GET item
 * rejects the whole batch with 400 `rest_invalid_param` before any item runs; the reference server keeps that rule,
 * so a batch answer never carries an item a read would have answered. If this test fails, a batch can read, and
 * batch answers need judging as lists and `_embed` are.
 */
import { describe, expect, it } from 'vitest';
import { faultyServerPerTest } from './testing/visibility-faults.js';

const servers = faultyServerPerTest(3);

describe('the batch route cannot carry a read', () => {
  it('declares no GET item, and refuses a batch with one whole, carrying no item', async () => {
    const server = await servers.start([]);
    const rest = server.restUrl('en_gb');
    const root = (await (await fetch(`${rest}/`)).json()) as {
      routes: Record<string, { endpoints: Array<{ args: { requests: { items: { properties: { method: { enum: string[] } } } } } }> }>;
    };
    expect(root.routes['/batch/v1']!.endpoints[0]!.args.requests.items.properties.method.enum).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    const members = (await (await fetch(`${rest}/community/v1/members`)).json()) as Array<{ id: number; user_login: string }>;
    const member = members[0]!;
    const answer = await fetch(`${rest}/batch/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ method: 'GET', path: `/community/v1/members/${member.id}` }] }),
    });
    const text = await answer.text();
    expect(answer.status).toBe(400);
    expect((JSON.parse(text) as { code: string }).code).toBe('rest_invalid_param');
    expect(text).not.toContain(member.user_login);
  });
});
