/**
 * An answer as the checks over gathered evidence see it: its status and WordPress error code, or the transport error
 * when none came back. Plain data, so a phase hands it over and a test writes it down.
 */
import type { Exchange } from '../http/types.js';

export interface SeenAnswer {
  /** Undefined when no response arrived. */
  status: number | undefined;
  /** The `code` of a WordPress error body. */
  code: string | undefined;
  /** The transport error's code when no response arrived (`timeout`, `connection_refused`…). */
  error?: string;
}

/** What `exchange` answered. */
export function seenAnswer(exchange: Exchange): SeenAnswer {
  const json = exchange.response?.json;
  const body = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  const seen: SeenAnswer = { status: exchange.response?.status, code: typeof body?.code === 'string' ? body.code : undefined };
  if (exchange.error !== undefined) seen.error = exchange.error.code;
  return seen;
}

/** `404 rest_no_route`, or the transport error when nothing came back. */
export function describeSeen(answer: SeenAnswer): string {
  if (answer.status === undefined) return `no response (${answer.error ?? 'unknown error'})`;
  return answer.code === undefined ? String(answer.status) : `${answer.status} ${answer.code}`;
}

/** A 2xx answer. */
export const isSuccess = (status: number | null | undefined): boolean => status != null && status >= 200 && status < 300;

/** A 401 or 403: the caller was refused. */
export const isRefusal = (status: number | null | undefined): boolean => status === 401 || status === 403;
