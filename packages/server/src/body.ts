/**
 * Request bodies: reading them with a size cap, and parsing them the way WordPress does (JSON for a JSON media
 * type, PHP form decoding for `application/x-www-form-urlencoded`).
 */
import type { IncomingMessage } from 'node:http';
import { invalidJsonError } from './errors.js';
import { parsePhpQuery } from './validation/index.js';
import type { WpError } from './types.js';

/** Bodies larger than this are refused with 413 (WordPress leaves this to PHP's `post_max_size`). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** PHP's `json_decode` default depth: deeper nesting is a decoding error. */
export const MAX_JSON_DEPTH = 512;

/** A parsed body: which slot its parameters go to, or why it could not be parsed. */
export type ParsedBody =
  | { kind: 'none' }
  /** `params` is undefined for JSON that is not an object (a list, a scalar, null). */
  | { kind: 'json'; params: Record<string, unknown> | undefined }
  | { kind: 'form'; params: Record<string, unknown> }
  | { kind: 'invalid'; error: WpError };

export const NO_BODY: ParsedBody = Object.freeze({ kind: 'none' });

/** Answers true when the request announces a body (so GETs without one skip reading entirely). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/** The announced length, or undefined when the body is chunked. */
export function announcedLength(req: IncomingMessage): number | undefined {
  const length = req.headers['content-length'];
  return length === undefined ? undefined : Number(length);
}

/**
 * Reads the whole body, or resolves `null` as soon as it grows past `limit` (the rest is then left unread, never
 * buffered). Rejects when the client goes away before the end.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const detach = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        detach();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      detach();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error): void => {
      detach();
      reject(error);
    };
    const onClose = (): void => {
      detach();
      reject(new Error('request closed before its body ended'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

// wp_is_json_media_type()
const JSON_MEDIA_TYPE = /(^|\s|,)application\/([\w!#$&-^.+]+\+)?json(\+oembed)?($|\s|;|,)/i;
const FORM_MEDIA_TYPE = /^\s*application\/x-www-form-urlencoded\s*($|;)/i;
// Fatal: PHP's json_decode refuses malformed UTF-8; ignoreBOM keeps a BOM so that JSON.parse refuses it too.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// PHP's json_last_error() codes.
const JSON_ERROR_DEPTH = 1;
const JSON_ERROR_SYNTAX = 4;
const JSON_ERROR_UTF8 = 5;

/** True for `application/json` and the `+json` media types, as `wp_is_json_media_type()` decides. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_MEDIA_TYPE.test(contentType);
}

/** Parses a body by its content type. Bodies of other media types carry no parameters. */
export function parseBody(raw: Buffer, contentType: string | undefined): ParsedBody {
  if (raw.length === 0 || contentType === undefined) return NO_BODY;
  if (isJsonMediaType(contentType)) return parseJsonBody(raw);
  if (FORM_MEDIA_TYPE.test(contentType)) return { kind: 'form', params: parsePhpQuery(raw.toString('utf8')) };
  return NO_BODY;
}

function parseJsonBody(raw: Buffer): ParsedBody {
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    return { kind: 'invalid', error: invalidJsonError(JSON_ERROR_UTF8, 'Malformed UTF-8 characters, possibly incorrectly encoded') };
  }
  // PHP's empty() counts "0" as empty, so WordPress skips decoding it.
  if (text === '0') return NO_BODY;
  if (text.length > MAX_JSON_DEPTH * 2 && jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    return { kind: 'invalid', error: invalidJsonError(JSON_ERROR_DEPTH, 'Maximum stack depth exceeded') };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'invalid', error: invalidJsonError(JSON_ERROR_SYNTAX, 'Syntax error') };
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  return { kind: 'json', params: isObject ? (value as Record<string, unknown>) : undefined };
}

/** Scans JSON text (skipping strings) for arrays/objects nested deeper than `max`. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
