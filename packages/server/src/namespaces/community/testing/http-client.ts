/**
 * A small REST client for HTTP tests against a running reference server: Basic auth with an application
 * password, PHP-style query arrays, JSON bodies. It keeps every answer so a test can check them all at the end.
 */
import type { HttpMethod } from '@restconform/interface';
import type { Locale } from '../../../types.js';

/** Login and application password of an account the client may act as. */
export interface Account {
  user: string;
  password: string;
}

/** What a test needs of a running server. */
export interface ServerAddress {
  restUrl(locale: Locale): string;
}

export interface CallOptions {
  /** Who calls; null or absent for an anonymous request. */
  as?: Account | null;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  locale?: Locale;
}

export interface RestReply {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the answer is not JSON. */
  body: any;
}

/** `a[]=1&a[]=2` for lists and `o[k]=v` for objects, as PHP reads them; null cannot travel in a query. */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  const append = (name: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item) => append(`${name}[]`, item));
    else if (typeof value === 'object') for (const [key, item] of Object.entries(value)) append(`${name}[${key}]`, item);
    else search.append(name, String(value));
  };
  for (const [name, value] of Object.entries(query)) append(name, value);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export class RestClient {
  /** Every answer received, in order. */
  readonly replies: RestReply[] = [];

  constructor(private readonly server: ServerAddress) {}

  async call(method: HttpMethod, path: string, options: CallOptions = {}): Promise<RestReply> {
    const headers: Record<string, string> = {};
    if (options.as) headers.Authorization = `Basic ${Buffer.from(`${options.as.user}:${options.as.password}`).toString('base64')}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const url = `${this.server.restUrl(options.locale ?? 'en_gb')}${path}${queryString(options.query ?? {})}`;
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').startsWith('application/json');
    const reply: RestReply = { status: response.status, headers: response.headers, body: isJson && text !== '' ? JSON.parse(text) : text };
    this.replies.push(reply);
    return reply;
  }
}

/** True when `value` holds an object with key `key` at any depth. */
export function hasKeyDeep(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((item) => hasKeyDeep(item, key));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([name, child]) => name === key || hasKeyDeep(child, key));
  }
  return false;
}
