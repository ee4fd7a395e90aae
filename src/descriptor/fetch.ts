/**
 * Reading a root descriptor from a server or a file, then validating and loading it. Every failure becomes a
 * `DescriptorError` with a one-line reason naming the address (the CLI exits 2 with it).
 */
import { readFile } from 'node:fs/promises';
import type { Exchange } from '../http/types.js';
import type { Credentials, HttpRequest } from '../request/types.js';
import { DescriptorError } from './errors.js';
import { loadDescriptor } from './load.js';
import { descriptorUrl } from './location.js';
import type { LoadedDescriptor } from './types.js';
import { validateRootDescriptor } from './validate.js';

/** Anything that sends a request and always resolves an exchange: the `http/` transport fits. */
export interface DescriptorTransport {
  send(request: HttpRequest, signal?: AbortSignal): Promise<Exchange>;
}

/** Where the descriptor is and how to fetch it. */
export interface FetchDescriptorOptions {
  baseUrl: string;
  /** `wp-json` by default in WordPress; slashes around it are ignored. */
  restRoot: string;
  /** The locale path segment, or null for `{base_url}/{rest_root}/`. */
  locale: string | null;
  /** The REST root URL itself, when it is known whole (a replay's recorded one): `baseUrl` and `restRoot` are then not read. */
  restUrl?: string;
  /** Sent as HTTP Basic when given (an authenticated index may list more routes). */
  credentials?: Credentials;
  /** Send through this transport (its timeouts and body cap apply). */
  transport?: DescriptorTransport;
  /** Without a transport: the fetch to use (default: the global `fetch`). */
  fetchImpl?: typeof fetch;
  /** Without a transport: give up after this long (default 30 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_FETCH_TIMEOUT_MS = 30_000;

/** The status, content type and body text of an answer, whichever way it was fetched. */
interface RawAnswer {
  status: number;
  bodyText: string;
  json?: unknown;
}

/**
 * Fetches `GET {base_url}/{locale}/{rest_root}/` (or `{base_url}/{rest_root}/` when `locale` is null),
 * checks its shape and turns it into operations.
 *
 * @throws DescriptorError when it is unreachable, not 200, not JSON, or of the wrong shape
 */
export async function fetchDescriptor(options: FetchDescriptorOptions): Promise<LoadedDescriptor> {
  const url = options.restUrl === undefined ? descriptorUrl(options.baseUrl, options.restRoot, options.locale) : `${options.restUrl.replace(/\/+$/, '')}/`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.credentials) {
    const token = Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64');
    headers.authorization = `Basic ${token}`;
  }
  const answer = options.transport
    ? await viaTransport(options.transport, { method: 'GET', url, headers }, options.signal)
    : await viaFetch(options.fetchImpl ?? fetch, url, headers, options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS, options.signal);
  if (answer.status !== 200) {
    throw new DescriptorError(`descriptor ${url} answered HTTP ${answer.status}${bodyHint(answer.bodyText)}`, { source: url, status: answer.status });
  }
  const json = answer.json !== undefined ? answer.json : parseJson(answer.bodyText, url);
  return loadDescriptor(validateRootDescriptor(json, url), options.locale, url);
}

/**
 * Reads a descriptor saved as JSON (e.g. a fixture), checks it and turns it into operations.
 *
 * @param locale the locale its operations belong to (null for plain WordPress)
 * @throws DescriptorError when the file cannot be read, is not JSON, or has the wrong shape
 */
export async function readDescriptorFile(path: string, locale: string | null = null): Promise<LoadedDescriptor> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new DescriptorError(`cannot read descriptor file ${path}: ${reasonOf(error)}`, { source: path, cause: error });
  }
  return loadDescriptor(validateRootDescriptor(parseJson(text, path), path), locale, path);
}

async function viaTransport(transport: DescriptorTransport, request: HttpRequest, signal: AbortSignal | undefined): Promise<RawAnswer> {
  const exchange = await transport.send(request, signal);
  if (exchange.error && exchange.error.code !== 'body_too_large') {
    throw new DescriptorError(`cannot read descriptor ${request.url}: ${exchange.error.code}: ${exchange.error.message}`, { source: request.url });
  }
  const response = exchange.response;
  if (!response) throw new DescriptorError(`cannot read descriptor ${request.url}: no response`, { source: request.url });
  if (response.truncated && response.status === 200) {
    throw new DescriptorError(`descriptor ${request.url} is larger than the response size cap (${response.bodyText.length} characters read)`, {
      source: request.url,
    });
  }
  return { status: response.status, bodyText: response.bodyText, ...(response.json === undefined ? {} : { json: response.json }) };
}

async function viaFetch(
  fetchImpl: typeof fetch,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchImpl(url, { headers, redirect: 'follow', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    return { status: response.status, bodyText: await response.text() };
  } catch (error) {
    const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : reasonOf(error);
    throw new DescriptorError(`cannot reach descriptor ${url}: ${reason}`, { source: url, cause: error });
  }
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new DescriptorError(`descriptor ${source} is not JSON: ${reasonOf(error)}${bodyHint(text)}`, { source, cause: error });
  }
}

/** The first characters of a body, on one line, so the reason shows what came back instead. */
function bodyHint(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return '';
  return ` (body starts: ${JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line)})`;
}

/** A one-line reason from an error, following fetch's `cause` to the socket error code. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
  const message = error.message.replace(/\s+/g, ' ');
  return code ? `${message} (${code})` : message;
}
