/** Builders of operations, cases and exchanges for check tests. Test-only. */
import { readFileSync } from 'node:fs';
import type { ArgDescriptor, HttpMethod, Operation } from '../../descriptor/types.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange, HttpResponse } from '../../http/types.js';
import type { CheckContext } from '../types.js';

export function fakeOperation(method: HttpMethod, route: string, args: Record<string, ArgDescriptor> = {}): Operation {
  return {
    id: `en_gb ${method} ${route}`,
    locale: 'en_gb',
    method,
    route,
    namespace: route.split('/').slice(1, 3).join('/'),
    pattern: { key: route, template: route, variables: [], matcher: new RegExp(`^${route}$`, 'i'), build: () => route },
    args,
    allowBatch: false,
  };
}

export function fakeContext(overrides: Partial<Omit<CheckContext, 'requestCase'>> & { requestCase?: Partial<RequestCase> } = {}): CheckContext {
  const operation = overrides.operation ?? fakeOperation('GET', '/community/v1/members');
  return {
    operation,
    routeMethods: overrides.routeMethods ?? [operation.method],
    secrets: overrides.secrets ?? [],
    requestCase: { operationId: operation.id, kind: 'valid', path: {}, query: {}, body: undefined, ...overrides.requestCase },
    ...(overrides.answerSchemas ? { answerSchemas: overrides.answerSchemas } : {}),
    ...(overrides.credentialsWithheld ? { credentialsWithheld: true } : {}),
  };
}

export function jsonExchange(status: number, body: unknown, headers: Record<string, string> = {}): Exchange {
  const bodyText = JSON.stringify(body);
  return withResponse({ status, headers: { 'content-type': 'application/json; charset=UTF-8', ...headers }, bodyText, truncated: false, json: body });
}

export function withResponse(response: HttpResponse): Exchange {
  return { request: { method: 'GET', url: 'http://127.0.0.1/x', headers: {} }, response, durationMs: 1 };
}

export function wpError(status: number, code: string, data: Record<string, unknown> = {}): Exchange {
  return jsonExchange(status, { code, message: code, data: { status, ...data } });
}

/** One answer recorded from a real WordPress 6.1 by `scripts/wordpress/record-answers.js`. */
export interface RecordedAnswer {
  name: string;
  why: string;
  method: HttpMethod;
  path: string;
  body?: unknown;
  credentials: 'admin' | 'anonymous';
  response: { status: number; headers: Record<string, string>; body: string };
}

const RECORDED: { answers: RecordedAnswer[] } = JSON.parse(readFileSync(new URL('../../../fixtures/wordpress-6.1-answers.json', import.meta.url), 'utf8')) as {
  answers: RecordedAnswer[];
};

/** The recorded real answer named `name`, as the exchange a check sees. */
export function recordedExchange(name: string): Exchange {
  const answer = RECORDED.answers.find((entry) => entry.name === name);
  if (!answer) throw new Error(`no recorded answer "${name}" in fixtures/wordpress-6.1-answers.json`);
  const { status, headers, body } = answer.response;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return {
    request: {
      method: answer.method,
      url: `http://127.0.0.1/wp-json${answer.path}`,
      headers: {},
      ...(answer.body === undefined ? {} : { body: JSON.stringify(answer.body) }),
    },
    response: { status, headers, bodyText: body, truncated: false, json },
    durationMs: 1,
  };
}
