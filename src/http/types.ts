/** One request and what came back: the unit every check looks at. */
import type { HttpRequest } from '../request/types.js';

export interface HttpResponse {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body as text, cut at the size cap. */
  bodyText: string;
  /** True when the body was longer than the cap and was cut. */
  truncated: boolean;
  /** The parsed body when it is valid JSON, else undefined. */
  json?: unknown;
}

/** Why no (complete) response arrived. Stable codes, for checks and reports. */
export type TransportErrorCode =
  | 'timeout'
  | 'connection_refused'
  /** The target's host name did not resolve (DNS). */
  | 'name_not_resolved'
  | 'connection_reset'
  | 'body_too_large'
  | 'redirect_loop'
  | 'protocol_error'
  | 'aborted';

export interface TransportError {
  code: TransportErrorCode;
  message: string;
}

export interface Exchange {
  request: HttpRequest;
  response?: HttpResponse;
  error?: TransportError;
  durationMs: number;
  /** The `Location` URLs followed to reach `response`, in order; absent when there was no redirect. */
  redirects?: string[];
}

/** Sends one request and always resolves an exchange (never rejects). The shape every transport layer has. */
export type SendFn = (request: HttpRequest, signal?: AbortSignal) => Promise<Exchange>;

/** A transport: `send` never rejects; `close` lets in-flight requests finish, then closes the connections. */
export interface Transport {
  send: SendFn;
  /**
   * Sends requests together (see `together.ts`): a connection each, opened first, then every request written in
   * one turn of the event loop, each through the layers every request passes (the rate limit, the body cap, the
   * timeouts). Never rejects; the exchanges are in the order of the requests. Redirects are not followed, 429s not
   * retried: a race is judged as it was answered.
   */
  together(requests: readonly HttpRequest[], signal?: AbortSignal): Promise<Exchange[]>;
  /**
   * Sends over the same connections and layers with another body cap: what a body larger than the run's answers
   * needs (a descriptor, tens of megabytes on a large site), without a second transport of its own.
   */
  withBodyCap(maxBodyBytes: number): { send: SendFn };
  close(): Promise<void>;
}
