/** A concrete HTTP request, ready for the transport and for a curl line. */
import type { HttpMethod } from '../descriptor/types.js';

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL including the encoded query string. */
  url: string;
  headers: Record<string, string>;
  /** The JSON-encoded body, if any. */
  body?: string;
}

/** Credentials for HTTP Basic (application passwords). Never logged: use `redact` before printing. */
export interface Credentials {
  user: string;
  password: string;
}
