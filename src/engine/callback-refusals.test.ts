import { describe, expect, it } from 'vitest';
import type { RequestCase } from '../generate/types.js';
import { labelStillHolds } from './labels.js';
import { answered, wordpressOperation } from './testing/wordpress-answers.js';
import { CallbackRefusals } from './callback-refusals.js';
import type { Fault } from './testing/faulty-server.js';

/** WordPress 6.1's answer to a post create whose `template` is not one of the theme's (its check_template callback). */
const TEMPLATE_REFUSED = {
  code: 'rest_invalid_param',
  message: 'Invalid parameter(s): template',
  data: {
    status: 400,
    params: { template: 'template is not one of blank.' },
    details: { template: { code: 'rest_invalid_param', message: 'template is not one of blank.', data: null } },
  },
};

describe('CallbackRefusals', () => {
  const create = wordpressOperation('POST', '/wp/v2/posts');
  const valid = (index: number): RequestCase => ({
    operationId: create.id,
    kind: 'valid',
    path: {},
    query: {},
    body: { template: `t${index}`, status: 'draft', sticky: index % 2 === 0 },
  });

  it('after a callback refused an optional argument in a valid case, leaves it out of about half the later ones, which stay valid', () => {
    const refusals = new CallbackRefusals();
    expect(refusals.lighten(create, valid(0))).toEqual(valid(0));
    refusals.note(create, valid(0), answered(400, TEMPLATE_REFUSED));
    expect(refusals.refused(create)).toEqual(['template']);
    const later = Array.from({ length: 60 }, (_, index) => refusals.lighten(create, valid(index + 1)));
    const without = later.filter((requestCase) => !Object.hasOwn(requestCase.body ?? {}, 'template'));
    expect(without.length).toBeGreaterThan(15);
    expect(without.length).toBeLessThan(45);
    for (const requestCase of without) {
      expect(requestCase.body).toMatchObject({ status: 'draft' });
      expect(labelStillHolds(create, requestCase)).toBe(true);
    }
  });

  it('learns nothing from a schema rejection, another answer or a required argument, and leaves invalid cases alone', () => {
    const refusals = new CallbackRefusals();
    const bySchema = {
      ...TEMPLATE_REFUSED,
      data: { ...TEMPLATE_REFUSED.data, details: { template: { code: 'rest_invalid_type', message: 'template is not of type string.', data: null } } },
    };
    refusals.note(create, valid(0), answered(400, bySchema));
    refusals.note(create, valid(0), answered(201, { id: 5 }));
    expect(refusals.refused(create)).toEqual([]);

    const usersCreate = wordpressOperation('POST', '/wp/v2/users');
    const refusedUsername = {
      code: 'rest_invalid_param',
      data: { status: 400, params: { username: 'x' }, details: { username: { code: 'rest_user_invalid_username' } } },
    };
    refusals.note(
      usersCreate,
      { operationId: usersCreate.id, kind: 'valid', path: {}, query: {}, body: { username: 'x', email: 'a@example.org', password: 'p' } },
      answered(400, refusedUsername),
    );
    expect(refusals.refused(usersCreate)).toEqual([]);

    refusals.note(create, valid(0), answered(400, TEMPLATE_REFUSED));
    const invalid: RequestCase = { ...valid(3), kind: 'invalid', mutation: { param: 'status', location: 'body', rule: 'not_in_enum', description: 'test' } };
    expect(refusals.lighten(create, invalid)).toBe(invalid);
  });

  it('learns from an invalid case whose 400 names an argument it only carried (a callback refused it), never the one it breaks', () => {
    const refusals = new CallbackRefusals();
    const breaking = (param: string): RequestCase => ({
      ...valid(0),
      body: { ...valid(0).body, [param]: 'not one of its values' },
      kind: 'invalid',
      mutation: { param, location: 'body', rule: 'not_in_enum', description: 'test' },
    });
    // WordPress 6.1 answered an invalid media update (its `description` broken) with the callback's refusal of the
    // `template` it carried; in a run whose valid cases had not met that refusal yet, the invalid case was blamed.
    refusals.note(create, breaking('template'), answered(400, TEMPLATE_REFUSED));
    expect(refusals.refused(create)).toEqual([]);
    refusals.note(create, breaking('status'), answered(400, TEMPLATE_REFUSED));
    expect(refusals.refused(create)).toEqual(['template']);
    expect(refusals.adapt(create, breaking('status')).body).not.toHaveProperty('template');
  });

  it('learns from a valid boundary case too, and leaves the argument out of the boundary cases that only carry it', () => {
    const refusals = new CallbackRefusals();
    const aboutSticky: RequestCase = { ...valid(0), kind: 'boundary', subject: 'sticky' };
    expect(refusals.withoutCarried(create, aboutSticky)).toBe(aboutSticky);
    refusals.note(create, aboutSticky, answered(400, TEMPLATE_REFUSED));
    expect(refusals.refused(create)).toEqual(['template']);

    const spared = refusals.withoutCarried(create, aboutSticky);
    expect(spared.body).toEqual({ status: 'draft', sticky: true });
    expect(labelStillHolds(create, spared)).toBe(true);
    // Its own edge cases keep it; valid and invalid cases are the fuzz phase's to lighten (or not).
    const aboutTemplate: RequestCase = { ...valid(1), kind: 'boundary', subject: 'template' };
    expect(refusals.withoutCarried(create, aboutTemplate)).toBe(aboutTemplate);
    const plain = valid(2);
    expect(refusals.withoutCarried(create, plain)).toBe(plain);
    expect(refusals.lighten(create, aboutSticky)).toBe(aboutSticky);
  });

  it('leaves a refused argument out of the invalid cases that only carry it, not out of those that break it', () => {
    const refusals = new CallbackRefusals();
    refusals.note(create, valid(0), answered(400, TEMPLATE_REFUSED));
    const breaksStatus: RequestCase = {
      ...valid(3),
      kind: 'invalid',
      mutation: { param: 'status', location: 'body', rule: 'not_in_enum', description: 'test' },
    };
    (breaksStatus.body as Record<string, unknown>).status = 'nonsense';
    const spared = refusals.adapt(create, breaksStatus);
    expect(spared.body).toEqual({ status: 'nonsense', sticky: false });
    expect(labelStillHolds(create, spared)).toBe(true);
    const breaksTemplate: RequestCase = {
      ...valid(4),
      kind: 'invalid',
      body: { template: 7, status: 'draft' },
      mutation: { param: 'template', location: 'body', rule: 'wrong_type', description: 'test' },
    };
    expect(refusals.adapt(create, breaksTemplate)).toBe(breaksTemplate);
  });
});

describe('the fuzz phase with a route whose callback refuses an argument', () => {
  /**
   * Fuzzes the member list on a server that logs whether each list request sent `search` and, with `detailCode`,
   * refuses those that did as WordPress refuses an argument its callback rejects (or, by the code, its schema):
   * `search` named in a 400 rest_invalid_param, beside whatever else the request got wrong.
   */
  async function searchesSent(
    detailCode: string | undefined,
    options: { examplesFirst?: boolean; examples?: number; alone?: boolean; faults?: Fault[] } = {},
  ): Promise<{ sent: boolean[]; failures: string[]; refused: string[]; allFailures: string[] }> {
    const { startFaultyServer } = await import('./testing/faulty-server.js');
    const { runPhases } = await import('./testing/phase-run.js');
    const { fuzzPhase } = await import('./phases/fuzz/index.js');
    const { examplesPhase } = await import('./phases/examples/index.js');
    const sent: boolean[] = [];
    const refuseSearch: Fault = async (request, forward) => {
      const answer = await forward(request);
      if (request.method !== 'GET' || !/^\/en_gb\/wp-json\/community\/v1\/members(\?|$)/.test(request.path)) return answer;
      const searched = /[?&]search=/.test(request.path);
      sent.push(searched);
      if (!searched || detailCode === undefined) return answer;
      const error = answer.status === 400 ? (JSON.parse(answer.body) as { code: string; data: { params?: object; details?: object } }) : undefined;
      // WordPress 6.1 names only `template` when its callback refuses it, whatever else the request broke.
      const others = error?.code === 'rest_invalid_param' && options.alone !== true ? error.data : { params: {}, details: {} };
      const data = {
        status: 400,
        params: { ...others.params, search: 'search is not allowed.' },
        details: { ...others.details, search: { code: detailCode, message: 'search is not allowed.', data: null } },
      };
      return {
        status: 400,
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ code: 'rest_invalid_param', message: 'Invalid parameter(s): search', data }),
      };
    };
    const server = await startFaultyServer({ seed: 2, faults: [refuseSearch, ...(options.faults ?? [])] });
    try {
      const phases = options.examplesFirst ? [examplesPhase, fuzzPhase] : [fuzzPhase];
      const only = /^GET \/community\/v1\/members$/;
      const result = await runPhases(phases, {
        url: server.url,
        locales: ['en_gb'],
        credentials: server.credentials.admin,
        only,
        examples: options.examples ?? 50,
      });
      const fuzzFrom = result.events.findIndex((event) => event.type === 'phase_started' && event.phase === 'fuzz');
      const listedBefore = (event: (typeof result.events)[number]): boolean =>
        event.type === 'exchange' && event.operation.method === 'GET' && event.operation.route === '/community/v1/members';
      const examplesSent = result.events.slice(0, Math.max(0, fuzzFrom)).filter(listedBefore).length;
      return {
        // The phases run one after the other: the examples phase's requests come first.
        sent: sent.slice(examplesSent),
        // The fuzz phase's: with one operation kept, the examples phase probes the route's other methods as undeclared.
        failures: result.findings
          .filter((finding) => finding.severity === 'failure' && finding.replay.phase === 'fuzz')
          .map((finding) => `${finding.check}: ${finding.message}`),
        refused: result.refusals.refused({ id: 'en_gb GET /community/v1/members' }),
        allFailures: result.findings
          .filter((finding) => finding.severity === 'failure')
          .map((finding) => `${finding.replay.phase} ${finding.check}: ${finding.message}`),
      };
    } finally {
      await server.close();
    }
  }

  it('sends the refused argument in fewer valid cases once a callback refused it, and reports nothing', async () => {
    const refusedByCallback = await searchesSent('rest_invalid_param');
    const neverRefused = await searchesSent(undefined);
    // The same seed draws the same cases: only what the run learnt from the answers differs.
    expect(refusedByCallback.sent.length).toBe(neverRefused.sent.length);
    const count = (flags: boolean[]): number => flags.filter(Boolean).length;
    expect(count(refusedByCallback.sent)).toBeLessThan(count(neverRefused.sent) - 5);
    expect(refusedByCallback.failures).toEqual([]);
    expect(neverRefused.failures).toEqual([]);
  });

  it('learns from the examples phase, so a short fuzz phase leaves the refused argument out from its first cases', async () => {
    const taught = await searchesSent('rest_invalid_param', { examplesFirst: true, examples: 10 });
    const untaught = await searchesSent('rest_invalid_param', { examples: 10 });
    expect(taught.refused).toEqual(['search']);
    // The same seed draws the same fuzz cases: only when the run learnt of the refusal differs.
    expect(taught.sent.length).toBe(untaught.sent.length);
    const count = (flags: boolean[]): number => flags.filter(Boolean).length;
    expect(count(taught.sent)).toBeLessThan(count(untaught.sent));
    expect(taught.failures).toEqual([]);
  });

  it('leaves the refused argument out of invalid cases, so the 400 names what they broke, and still reports an invalid value taken', async () => {
    // A real fault beside the refusal: a per_page over the maximum is taken (the list answers 100 at most).
    const perPageTaken: Fault = async (request, forward) => {
      const match = /^(\/en_gb\/wp-json\/community\/v1\/members\?(?:.*&)?per_page=)(\d+)(.*)$/.exec(request.path);
      if (request.method !== 'GET' || match === null || Number(match[2]) <= 100) return forward(request);
      return forward({ ...request, path: `${match[1]}100${match[3]}` });
    };
    const result = await searchesSent('rest_invalid_param', { examplesFirst: true, alone: true, faults: [perPageTaken] });
    expect(result.refused).toEqual(['search']);
    expect(result.allFailures.filter((failure) => failure.includes('does not name'))).toEqual([]);
    expect(
      result.allFailures.some((failure) => /^\w+ invalid_rejected: "per_page" given a value the descriptor declares invalid was accepted/.test(failure)),
    ).toBe(true);
  });

  it('keeps sending an argument the declared schema was said to refuse, and reports that refusal', async () => {
    const bySchema = await searchesSent('rest_invalid_type');
    expect(bySchema.failures.some((failure) => failure.startsWith('valid_accepted: valid request rejected as invalid: search'))).toBe(true);
  });
});
