/**
 * The reference server's internal interfaces: how the core (router, validation, auth, batch) hands a request
 * to a resource module and gets an answer back. Resource modules live in `namespaces/`, one per namespace.
 */
import type { HttpMethod } from '@restconform/interface';

export type Locale = 'en_gb' | 'el';
export const LOCALES: readonly Locale[] = ['en_gb', 'el'];

/**
 * A WordPress-shaped error: handlers and the core throw it; one place renders it as
 * `{code, message, data: {status, ...data}}`.
 */
export class WpError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly data: Record<string, unknown> = {},
  ) {
    // A WpError is an answer, not a bug: skipping the stack trace makes 4xx answers several times cheaper.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'WpError';
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

/** Who may do what. WordPress roles, simplified to what the community plugin checks. */
export type Role = 'administrator' | 'moderator' | 'subscriber';

/** A member account. Also the authenticated user. `password` and `applicationPasswords` never leave the server. */
export interface Member {
  id: number;
  user_login: string;
  email: string;
  name: string;
  password: string;
  applicationPasswords: string[];
  roles: Role[];
  member_types: string[];
  registered_date: string;
  following: Set<number>;
}

/** What a handler receives: the matched route, the validated and sanitised parameters, and the caller. */
export interface ServerRequest {
  method: HttpMethod;
  /** The contract route key that matched, e.g. `/community/v1/members/(?P<id>[\d]+)`. */
  route: string;
  /** The concrete path inside the REST root, e.g. `/community/v1/members/3`. */
  path: string;
  locale: Locale;
  /** Path captures, query, body and defaults merged in WordPress's precedence, validated and sanitised. */
  params: Record<string, unknown>;
  /** Parameters the caller actually sent (no defaults), after sanitising; lets a PATCH tell "absent" from "default". */
  sent: ReadonlySet<string>;
  headers: Record<string, string | string[] | undefined>;
  /** The authenticated member, or null for an anonymous request. */
  user: Member | null;
}

/** What a handler answers. The core adds the WordPress headers (Content-Type, Link, Allow…). */
export interface ServerResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Set to answer something other than JSON (oEmbed `format=xml`). */
  contentType?: string;
}

/** Shared state and settings every handler can reach. */
export interface ServerContext {
  /** `http://127.0.0.1:PORT` */
  baseUrl: string;
  restRoot: string;
  /** `{baseUrl}/{locale}/{restRoot}` */
  restUrl(locale: Locale): string;
  store: Store;
}

/** A permission callback: returns nothing when allowed, throws (or returns) a WpError when not. */
export type PermissionCheck = (req: ServerRequest, ctx: ServerContext) => void | WpError;

export type Handler = (req: ServerRequest, ctx: ServerContext) => ServerResponse | Promise<ServerResponse>;

/** The behaviour behind one method of one contract route. */
export interface MethodHandler {
  permission?: PermissionCheck;
  handle: Handler;
}

/** A resource module registers handlers for contract routes (by their exact route key). */
export interface RouteHandlers {
  route: string;
  methods: Partial<Record<HttpMethod, MethodHandler>>;
}

/**
 * The in-memory store. The core owns `members` (authentication reads it); each namespace module keeps its
 * own slice under `namespaces[name]`, created by that module's seed function.
 */
export interface Store {
  members: Map<number, Member>;
  nextId(kind: string): number;
  namespaces: Record<string, unknown>;
  /** Seeded random source, so two starts with the same seed answer alike. */
  seed: number;
}
