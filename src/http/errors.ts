/** undici and socket errors → the transport's stable error codes. */
import type { TransportError, TransportErrorCode } from './types.js';

const CODES: Record<string, TransportErrorCode> = {
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  ETIMEDOUT: 'timeout',
  ECONNREFUSED: 'connection_refused',
  // The host name did not resolve (no such name, or no answer from the resolver): no connection was even tried.
  ENOTFOUND: 'name_not_resolved',
  EAI_AGAIN: 'name_not_resolved',
  EAI_FAIL: 'name_not_resolved',
  EAI_NONAME: 'name_not_resolved',
  EHOSTUNREACH: 'connection_refused',
  ENETUNREACH: 'connection_refused',
  EADDRNOTAVAIL: 'connection_refused',
  ECONNRESET: 'connection_reset',
  EPIPE: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'body_too_large',
  UND_ERR_ABORTED: 'aborted',
  UND_ERR_ABORT: 'aborted',
  ABORT_ERR: 'aborted',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'protocol_error',
  UND_ERR_REQ_CONTENT_LENGTH_MISMATCH: 'protocol_error',
  UND_ERR_HEADERS_OVERFLOW: 'protocol_error',
  UND_ERR_INFO: 'protocol_error',
};

/** What the caller knows when an error arrives, for a message that says what happened. */
export interface ErrorContext {
  timeoutMs: number;
  /** The status, when the error came while reading the body. */
  status?: number;
  bodyBytes?: number;
  signal?: AbortSignal | undefined;
}

/** Maps any error thrown while sending to a `TransportError`; unknown ones are `protocol_error`. */
export function toTransportError(error: unknown, context: ErrorContext): TransportError {
  const code = errorCode(error);
  const name = error instanceof Error ? error.name : '';
  let mapped: TransportErrorCode;
  if (context.signal?.aborted || name === 'AbortError') mapped = 'aborted';
  else if (code !== undefined && code in CODES) mapped = CODES[code] as TransportErrorCode;
  else mapped = 'protocol_error'; // HTTP parser errors (HPE_*) and anything unforeseen
  return { code: mapped, message: describe(mapped, code, error, context) };
}

function errorCode(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // fetch-style wrappers keep the socket error in `cause`.
  return errorCode((error as { cause?: unknown }).cause);
}

function describe(mapped: TransportErrorCode, code: string | undefined, error: unknown, context: ErrorContext): string {
  const detail = `${error instanceof Error ? error.message : String(error)}${code === undefined ? '' : ` (${code})`}`;
  const during = context.status === undefined ? '' : ` after status ${context.status} and ${context.bodyBytes ?? 0} body bytes`;
  switch (mapped) {
    case 'timeout':
      return code === 'UND_ERR_CONNECT_TIMEOUT'
        ? `no connection within ${context.timeoutMs} ms`
        : code === 'UND_ERR_BODY_TIMEOUT'
          ? `body stalled for ${context.timeoutMs} ms${during}`
          : `no response headers within ${context.timeoutMs} ms`;
    case 'aborted':
      return `request aborted${during}`;
    case 'name_not_resolved':
      // A name lookup, not a connection: nothing was refused, the address of the host is unknown (or the resolver silent).
      return `the host name did not resolve (DNS${code === 'EAI_AGAIN' ? ': the resolver did not answer; try again' : ''}): ${detail}`;
    default:
      return `${detail}${during}`;
  }
}
