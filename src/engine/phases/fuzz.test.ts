import { describe, expect, it } from 'vitest';
import { runJob } from '../../cli/run-job.js';
import { loadConfig } from '../../config/index.js';
import type { Operation } from '../../descriptor/types.js';
import { operationSeed } from '../../generate/index.js';
import type { RequestCase } from '../../generate/types.js';
import { syntheticOperation } from '../../schema/testing/synthetic-operations.js';
import { labelStillHolds } from '../labels.js';
import { OwnedResources } from '../owned-resources.js';
import { answered, WORDPRESS, wordpressOperation } from '../testing/wordpress-answers.js';
import { ROUND_SIZE, roundSeed, withRealIds } from './fuzz.js';
import type { PhaseContext } from './phase.js';

describe('fuzz rounds', () => {
  it('keeps the operation seed for round 0, so short runs are unchanged, and gives later rounds their own', () => {
    const op = syntheticOperation('GET', '/x/v1/items', {});
    expect(roundSeed(7, op, 'valid', 0)).toBe(operationSeed(7, `${op.id} valid`));
    expect(roundSeed(7, op, 'valid', 1)).not.toBe(roundSeed(7, op, 'valid', 0));
    expect(roundSeed(7, op, 'invalid', 1)).not.toBe(roundSeed(7, op, 'valid', 1));
  });

  it('reaches every operation before a time budget ends, however many examples were asked for', async () => {
    // Far more examples than the budget allows: spent operation by operation, the first few would take it all.
    // Shard 1/16 holds whole route families (the members family: some 50 operations, so round 0 is some 2,500
    // requests); the budget leaves round 0 room on a loaded machine.
    const settings = loadConfig({
      overrides: { seed: 2, examples: 400 * ROUND_SIZE, timeBudgetSeconds: 25, phases: ['fuzz'], shard: { index: 1, count: 16 }, reportDir: null },
    });
    const { result } = await runJob(settings, { console: false });
    expect(result!.stoppedEarly).toBe('time budget');
    const untouched = result!.coverage.filter((entry) => entry.requests === 0).map((entry) => `${entry.locale} ${entry.method} ${entry.route}`);
    expect(untouched).toEqual([]);
    expect(result!.coverage.length).toBeGreaterThan(10);
  });
});

describe('boundary ids', () => {
  it('sends a boundary id in a valid case, so a route that requires other arguments gets them', async () => {
    const { startFaultyServer } = await import('./testing/faulty-server.js');
    const { editDescriptor, requiresUndeclared } = await import('./testing/faults.js');
    const { runPhase } = await import('./testing/phase-run.js');
    const { fuzzPhase } = await import('./fuzz.js');
    const MEMBER = String.raw`/community/v1/members/(?P<id>[\d]+)`;
    // Deleting a member requires `reassign` (as core's users route does), and the server refuses a delete without it.
    const server = await startFaultyServer({
      seed: 2,
      faults: [
        editDescriptor((root) => {
          const remove = root.routes[MEMBER]!.endpoints.find((endpoint) => (endpoint as { methods?: string[] }).methods?.includes('DELETE'))!;
          remove.args.reassign = { type: 'integer', required: true };
        }),
        requiresUndeclared('DELETE', /^\/community\/v1\/members\/\d+$/, 'reassign'),
      ],
    });
    try {
      const result = await runPhase(fuzzPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin });
      // (invalid_rejected fires too: the fault takes reassign out before the server could validate it.)
      const boundary = result.findings.filter((finding) => finding.route === MEMBER && finding.method === 'DELETE' && finding.check === 'valid_accepted');
      expect(boundary.map((finding) => `${finding.check}: ${finding.message}`)).toEqual([]);
      expect(result.requests).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });


  it('reports a server that answers 500 to a 20-digit id, and keeps quiet on one that answers 404', async () => {
    const { startFaultyServer } = await import('./testing/faulty-server.js');
    const { answerInstead, serverError } = await import('./testing/faults.js');
    const { runPhase } = await import('./testing/phase-run.js');
    const { fuzzPhase, BOUNDARY_IDS } = await import('./fuzz.js');
    expect(BOUNDARY_IDS).toContain('12345678901234567890');
    const broken = await startFaultyServer({ seed: 2, faults: [answerInstead('GET', /^\/community\/v1\/members\/\d{20}$/, serverError('db_error'))] });
    const clean = await startFaultyServer({ seed: 2, faults: [] });
    try {
      const found = await runPhase(fuzzPhase, { url: broken.url, locales: ['en_gb'], credentials: broken.credentials.admin });
      const lines = found.findings.filter((finding) => finding.severity === 'failure').map((finding) => `${finding.check} ${finding.method} ${finding.route} ${finding.curl.at(-1)}`);
      expect(lines.some((line) => line.startsWith('not_a_server_error GET /community/v1/members/(?P<id>[\\d]+)') && line.includes('/members/12345678901234567890'))).toBe(true);
      const quiet = await runPhase(fuzzPhase, { url: clean.url, locales: ['en_gb'], credentials: clean.credentials.admin });
      // Every route quiet, those that require arguments besides the id too: a boundary id is sent in a valid case.
      expect(quiet.findings.filter((finding) => finding.severity === 'failure').map((finding) => `${finding.check} ${finding.method} ${finding.route}: ${finding.message}`)).toEqual([]);
    } finally {
      await Promise.all([broken.close(), clean.close()]);
    }
  });
});

describe('real ids in generated cases', () => {
  const wordpress = WORDPRESS;
  const op = wordpressOperation;
  const answer = answered;
  const valid = (target: Operation, query: Record<string, unknown>, body?: Record<string, unknown>): RequestCase => ({ operationId: target.id, kind: 'valid', path: {}, query, body });

  it('puts an id the run made into an argument that names a parent family, for about half the cases, and every case stays valid', () => {
    const owned = new OwnedResources([wordpress]);
    owned.observe(op('POST', '/wp/v2/posts'), answer(201, { id: 4242 }), [], undefined);
    owned.observe(op('GET', '/wp/v2/posts'), answer(200, [{ id: 1 }]), [], undefined);
    const ctx = { run: { owned } } as unknown as PhaseContext;

    // A write takes only ids the run made: a comment is put on the run's own post, never on post 1.
    const create = op('POST', '/wp/v2/comments');
    const writes = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, create, valid(create, {}, { post: index + 10 })));
    const madeDrawn = writes.filter((requestCase) => requestCase.body?.post === 4242).length;
    expect(madeDrawn).toBeGreaterThan(15);
    expect(madeDrawn).toBeLessThan(45);
    expect(writes.some((requestCase) => requestCase.body?.post === 1)).toBe(false);
    for (const requestCase of writes) expect(labelStillHolds(create, requestCase)).toBe(true);

    // A read's filter (a list of ids) also takes ids seen in answers, in a form the rule book accepts there.
    const list = op('GET', '/wp/v2/comments');
    const reads = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, list, valid(list, { post: [index + 10] })));
    const drawn = new Set(reads.map((requestCase) => JSON.stringify(requestCase.query.post)).filter((value) => ['4242', '1', '[4242]', '[1]'].includes(value)));
    expect(drawn.size).toBeGreaterThanOrEqual(2);
    for (const requestCase of reads) expect(labelStillHolds(list, requestCase)).toBe(true);
  });

  it('gives every other argument the model finds taking ids one the run made or saw: a post\'s author, terms and image, a list\'s include', () => {
    const owned = new OwnedResources([wordpress]);
    owned.observe(op('POST', '/wp/v2/users'), answer(201, { id: 77 }), [], undefined);
    owned.observe(op('POST', '/wp/v2/categories'), answer(201, { id: 88 }), [], undefined);
    owned.observe(op('GET', '/wp/v2/media'), answer(200, [{ id: 99 }]), [], undefined);
    owned.observe(op('GET', '/wp/v2/posts'), answer(200, [{ id: 1 }]), [], undefined);
    const ctx = { run: { owned } } as unknown as PhaseContext;

    // A write names them, made or only seen (the media item): a post's author or image is not changed by it.
    const create = op('POST', '/wp/v2/posts');
    const writes = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, create, valid(create, {}, { author: index + 2, categories: [index + 2], featured_media: index + 2 })));
    expect(writes.filter((requestCase) => requestCase.body?.author === 77).length).toBeGreaterThan(15);
    // A list of ids takes one in the first form the rule book accepts (WordPress reads a lone number as a list).
    const one = (value: unknown): string => String([value].flat()[0]);
    expect(writes.filter((requestCase) => one(requestCase.body?.categories) === '88').length).toBeGreaterThan(15);
    expect(writes.filter((requestCase) => requestCase.body?.featured_media === 99).length).toBeGreaterThan(15);
    for (const requestCase of writes) expect(labelStillHolds(create, requestCase)).toBe(true);

    // A read's include takes the list's own ids it saw; its page number is no id and stays as drawn.
    const list = op('GET', '/wp/v2/posts');
    const reads = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, list, valid(list, { include: [index + 2], page: index + 2 })));
    expect(reads.filter((requestCase) => one(requestCase.query.include) === '1').length).toBeGreaterThan(15);
    expect(reads.map((requestCase) => requestCase.query.page)).toEqual(Array.from({ length: 60 }, (_, index) => index + 2));
    for (const requestCase of reads) expect(labelStillHolds(list, requestCase)).toBe(true);
  });

  it('sends half the invalid cases of an item route to an item that exists, unless the path is what they break', () => {
    const owned = new OwnedResources([wordpress]);
    owned.observe(op('GET', '/wp/v2/posts'), answer(200, [{ id: 1 }]), [], undefined);
    const ctx = { run: { owned } } as unknown as PhaseContext;
    const read = op('GET', String.raw`/wp/v2/posts/(?P<id>[\d]+)`);
    const invalid = (index: number, location: 'query' | 'path'): RequestCase => ({
      operationId: read.id,
      kind: 'invalid',
      path: { id: location === 'path' ? `x${index}` : String(index + 10) },
      query: location === 'query' ? { password: { key: `value ${index}` } } : {},
      body: undefined,
      mutation: { param: location === 'path' ? 'id' : 'password', location, rule: 'wrong_type', description: 'test' },
    });
    const onExisting = Array.from({ length: 60 }, (_, index) => withRealIds(ctx, read, invalid(index, 'query'))).filter((requestCase) => requestCase.path.id === '1');
    expect(onExisting.length).toBeGreaterThan(15);
    expect(onExisting.length).toBeLessThan(45);
    for (const requestCase of onExisting) expect(labelStillHolds(read, requestCase)).toBe(true);
    for (let index = 0; index < 20; index += 1) {
      const brokenPath = invalid(index, 'path');
      expect(withRealIds(ctx, read, brokenPath)).toBe(brokenPath);
    }
  });

  it('leaves alone an invalid argument naming a parent, a case without the argument, and a route of no family', () => {
    const owned = new OwnedResources([wordpress]);
    owned.observe(op('POST', '/wp/v2/posts'), answer(201, { id: 4242 }), [], undefined);
    const ctx = { run: { owned } } as unknown as PhaseContext;
    const create = op('POST', '/wp/v2/comments');
    for (let index = 0; index < 20; index += 1) {
      const invalid: RequestCase = { ...valid(create, {}, { post: `x${index}` }), kind: 'invalid' };
      expect(withRealIds(ctx, create, invalid)).toBe(invalid);
      const without = valid(create, {}, { author_name: `A ${index}` });
      expect(withRealIds(ctx, create, without)).toBe(without);
      const search = op('GET', '/wp/v2/search');
      const unrelated = valid(search, { search: `post ${index}` });
      expect(withRealIds(ctx, search, unrelated)).toBe(unrelated);
    }
  });
});

describe('a failing delete that was carried out', () => {
  it('is reported as a failure as it was sent: a re-send would meet a resource already gone', async () => {
    const { startFaultyServer } = await import('./testing/faulty-server.js');
    const { rewriteAnswers } = await import('./testing/faults.js');
    const { runPhase } = await import('./testing/phase-run.js');
    const { fuzzPhase } = await import('./fuzz.js');
    // Carried-out deletes of profile groups answer HTML; the re-send of one meets a 404 in JSON.
    const htmlDeletes = rewriteAnswers('DELETE', /^\/community\/v1\/profile\/groups\/\d+$/, (answer) => (answer.status === 200 ? { ...answer, headers: { ...answer.headers, 'content-type': 'text/html; charset=UTF-8' } } : answer));
    const server = await startFaultyServer({ seed: 2, faults: [htmlDeletes] });
    try {
      const result = await runPhase(fuzzPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, examples: 2 * ROUND_SIZE, only: /^(GET|POST|DELETE) \/community\/v1\/profile\/groups/ });
      const deletes = result.findings.filter((finding) => finding.method === 'DELETE' && finding.check === 'json_content_type');
      expect(deletes.map((finding) => [finding.severity, finding.response?.status, finding.message.includes('did not fail again')])).toEqual([['failure', 200, false]]);
    } finally {
      await server.close();
    }
  });
});
