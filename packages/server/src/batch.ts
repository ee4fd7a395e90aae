/**
 * `POST /batch/v1` (`WP_REST_Server::serve_batch_request_v1`): every item is routed and validated first; with
 * `require-all-validate` one invalid item stops them all, otherwise each item runs in order (permission, then
 * handler) as the batch's caller, in the batch's locale. The batch's own args were validated by the pipeline.
 */
import { batchNotAllowedError } from './errors.js';
import { errorResponse, rawParams, type ResolvedRequest, type RestPipeline, type RestRequest, type ValidatedArgs } from './pipeline.js';
import { WpError, type ServerRequest, type ServerResponse } from './types.js';
import { parsePhpQuery } from './validation/index.js';

/** One item of `requests`, after the batch args were validated (so `path` is a string). */
interface BatchItem {
  method?: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string | string[]>;
}

/** A batch item's answer as WordPress envelopes it; PHP encodes empty headers as `[]`. */
interface ItemEnvelope {
  body: unknown;
  status: number;
  headers: Record<string, string> | [];
}

/** An item that passed routing and validation, ready to run. */
interface ReadyItem {
  request: RestRequest;
  resolved: ResolvedRequest;
  args: ValidatedArgs;
}

/** An item that failed routing or validation; `allow` is set when a route matched. */
interface FailedItem {
  error: WpError;
  allow: string | undefined;
}

/** Runs a batch through the pipeline's steps, item by item. */
export async function runBatch(pipeline: RestPipeline, batch: ServerRequest): Promise<ServerResponse> {
  const items = batch.params.requests as BatchItem[];
  const prepared = items.map((item) => prepareItem(pipeline, item, batch));
  const failed = prepared.some((item) => 'error' in item);
  if (failed && batch.params.validation === 'require-all-validate') {
    const responses = prepared.map((item) => ('error' in item ? envelope(errorResponse(item.error), undefined) : null));
    return { status: 207, body: { failed: 'validation', responses } };
  }
  const responses: ItemEnvelope[] = [];
  for (const item of prepared) {
    if ('error' in item) {
      responses.push(envelope(errorResponse(item.error), item.allow));
    } else {
      const response = await pipeline.execute(item.resolved, item.args, item.request);
      responses.push(envelope(response, pipeline.allowFor(item.resolved.route, item.request, item.args.params)));
    }
  }
  return { status: 207, body: { responses } };
}

function prepareItem(pipeline: RestPipeline, item: BatchItem, batch: ServerRequest): ReadyItem | FailedItem {
  const method = item.method ?? 'POST';
  const queryStart = item.path.indexOf('?');
  const path = queryStart === -1 ? item.path : item.path.slice(0, queryStart);
  const query = queryStart === -1 ? {} : parsePhpQuery(item.path.slice(queryStart + 1));
  const resolved = pipeline.resolve(method, path);
  if (resolved instanceof WpError) return { error: resolved, allow: undefined };
  // The item's body is its form-body slot; an empty one counts as absent.
  const body = isNonEmptyObject(item.body) ? item.body : undefined;
  const request: RestRequest = {
    method,
    path,
    query,
    body: body === undefined ? { kind: 'none' } : { kind: 'form', params: body },
    headers: lowerCaseKeys(item.headers),
    user: batch.user,
    locale: batch.locale,
  };
  const allow = (): string => pipeline.allowFor(resolved.route, request, rawParams(request, resolved.captures));
  if (!resolved.method.allowBatch) return { error: batchNotAllowedError(), allow: allow() };
  const args = pipeline.validate(resolved, query, body);
  if (args instanceof WpError) return { error: args, allow: allow() };
  return { request, resolved, args };
}

function envelope(response: ServerResponse, allow: string | undefined): ItemEnvelope {
  const headers: Record<string, string> = { ...response.headers };
  if (allow !== undefined) headers.Allow = allow;
  return { body: response.body, status: response.status, headers: Object.keys(headers).length === 0 ? [] : headers };
}

function isNonEmptyObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}

function lowerCaseKeys(headers: BatchItem['headers']): Record<string, string | string[]> {
  const lowered: Record<string, string | string[]> = {};
  if (headers === undefined || typeof headers !== 'object') return lowered;
  for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = value;
  return lowered;
}
