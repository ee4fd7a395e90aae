/**
 * The HTTP side of the server: from Node's request to the pipeline and back. A refused `_jsonp` callback comes
 * first, then authentication (a bad credential is a 401 even on an unknown path), then the locale and REST root in
 * the path, the body (capped at 1 MiB), and the method override; the pipeline does the rest.
 */
import type { IncomingMessage, ServerResponse as NodeResponse } from 'node:http';
import type { RestApp } from './app.js';
import type { Authenticator } from './auth.js';
import { announcedLength, hasBody, MAX_BODY_BYTES, NO_BODY, parseBody, readBody, type ParsedBody } from './body.js';
import { internalError, noRouteError, requestTooLargeError } from './errors.js';
import { lingerOnClose } from './lingering-close.js';
import { errorResponse, type RestOutcome } from './pipeline.js';
import { JSONP_REFUSED, NO_FLAGS, readGlobalFlags, writeOutcome, type GlobalFlags } from './render.js';
import { LOCALES, WpError, type Locale } from './types.js';
import { parsePhpQuery } from './validation/index.js';

/** Where a request path points inside the server: a locale and a route path, or nowhere. */
interface RestTarget {
  locale: Locale;
  /** The route path inside the REST root, `/` at least. */
  path: string;
}

/** Errors are answered in this locale when the path names none. */
const FALLBACK_LOCALE: Locale = 'en_gb';
const TRAILING_SLASHES = /\/+$/;

export class HttpFrontEnd {
  readonly #app: RestApp;
  readonly #authenticator: Authenticator;
  readonly #restRootPrefix: string;
  readonly #linkHeaders: ReadonlyMap<Locale, string>;

  constructor(app: RestApp, authenticator: Authenticator) {
    this.#app = app;
    this.#authenticator = authenticator;
    this.#restRootPrefix = `/${app.context.restRoot}`;
    this.#linkHeaders = new Map(LOCALES.map((locale) => [locale, `<${app.context.restUrl(locale)}/>; rel="https://api.w.org/"`]));
  }

  /** A Node `request` listener; never rejects and never throws. */
  readonly listener = (req: IncomingMessage, res: NodeResponse): void => {
    this.#handle(req, res).catch((error: unknown) => this.#fail(res, error));
  };

  async #handle(req: IncomingMessage, res: NodeResponse): Promise<void> {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const target = this.#locate(queryStart === -1 ? url : url.slice(0, queryStart));
    const link = this.#linkHeaders.get(target?.locale ?? FALLBACK_LOCALE)!;
    const length = announcedLength(req);
    if (length !== undefined && length > MAX_BODY_BYTES) return this.#refuseTooLarge(res, link);

    const query = queryStart === -1 || queryStart === url.length - 1 ? {} : parsePhpQuery(url.slice(queryStart + 1));
    const flags = readGlobalFlags(query);
    // WordPress checks the JSONP callback before it authenticates or routes the request.
    if (flags.jsonp === false) return this.#write(res, JSONP_REFUSED, link, NO_FLAGS);
    const user = this.#authenticator.authenticate(req.headers.authorization);
    if (user instanceof WpError) return this.#write(res, { response: errorResponse(user), route: null }, link, flags);
    if (target === undefined) return this.#write(res, { response: errorResponse(noRouteError()), route: null }, link, flags);

    let body: ParsedBody = NO_BODY;
    if (hasBody(req)) {
      const raw = await readBody(req, MAX_BODY_BYTES);
      if (raw === null) return this.#refuseTooLarge(res, link);
      body = parseBody(raw, req.headers['content-type']);
    }
    const outcome = await this.#app.dispatch({
      method: effectiveMethod(req, query),
      path: target.path,
      query,
      body,
      headers: req.headers,
      user,
      locale: target.locale,
    });
    this.#write(res, outcome, link, flags);
  }

  /** `/{locale}/{restRoot}/{route…}` → locale and route path; undefined for any other path. */
  #locate(rawPath: string): RestTarget | undefined {
    const localeEnd = rawPath.indexOf('/', 1);
    if (localeEnd === -1) return undefined;
    const locale = rawPath.slice(1, localeEnd) as Locale;
    if (!LOCALES.includes(locale)) return undefined;
    const rootEnd = localeEnd + this.#restRootPrefix.length;
    if (!rawPath.startsWith(this.#restRootPrefix, localeEnd)) return undefined;
    if (rootEnd !== rawPath.length && rawPath.charCodeAt(rootEnd) !== 0x2f) return undefined;
    // WordPress matches the raw, still percent-encoded path (checked on 6.1) without trailing slashes.
    const route = rawPath.slice(rootEnd).replace(TRAILING_SLASHES, '');
    return { locale, path: route === '' ? '/' : route };
  }

  #write(res: NodeResponse, outcome: RestOutcome, link: string, flags: GlobalFlags): void {
    try {
      writeOutcome(res, outcome, link, flags);
    } catch (error) {
      // An answer that cannot be encoded (a handler bug) still gets a JSON 500.
      this.#app.reportUnexpected(error, { method: 'RENDER', path: '' });
      writeOutcome(res, { response: errorResponse(internalError()), route: null }, link, NO_FLAGS);
    }
  }

  /** 413 at once; the connection then closes, lingering so that a client still sending gets to read the answer. */
  #refuseTooLarge(res: NodeResponse, link: string): void {
    res.setHeader('Connection', 'close');
    lingerOnClose(res.req);
    writeOutcome(res, { response: errorResponse(requestTooLargeError(MAX_BODY_BYTES)), route: null }, link, NO_FLAGS);
  }

  #fail(res: NodeResponse, error: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // A client that went away mid-body needs no answer.
    if (res.req.destroyed) {
      res.destroy();
      return;
    }
    this.#app.reportUnexpected(error, { method: res.req.method ?? '', path: res.req.url ?? '' });
    writeOutcome(res, { response: errorResponse(internalError()), route: null }, this.#linkHeaders.get(FALLBACK_LOCALE)!, NO_FLAGS);
  }
}

/** `?_method=` wins over `X-HTTP-Method-Override`, which wins over the request line. */
function effectiveMethod(req: IncomingMessage, query: Record<string, unknown>): string {
  const override = query._method;
  if (typeof override === 'string') return override.toUpperCase();
  const header = req.headers['x-http-method-override'];
  if (typeof header === 'string') return header.toUpperCase();
  return req.method ?? 'GET';
}
