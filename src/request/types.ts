/** A concrete HTTP request, ready for the transport and for a curl line. */
import type { HttpMethod } from '../descriptor/types.js';

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL including the encoded query string. */
  url: string;
  headers: Record<string, string>;
  /** The body, if any: JSON (`content-type: application/json`), or an uploaded file's content (see `UploadBody`). */
  body?: string;
}

/**
 * A file sent as a request's raw body, as WordPress's media create takes it: the content with its
 * `content-type`, and `content-disposition: attachment; filename="…"` naming the file. The request's other
 * values then travel in the query string, where WordPress reads them.
 */
export interface UploadBody {
  /** The file's name (no quotes, slashes or line breaks: it goes in a header). */
  filename: string;
  /** Its media type, e.g. `text/plain`. */
  contentType: string;
  /** Its content, as text. */
  content: string;
}

/** Credentials for HTTP Basic (application passwords). Never logged: use `redact` before printing. */
export interface Credentials {
  user: string;
  password: string;
}
