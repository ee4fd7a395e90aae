/** Following 3xx answers, the way browsers do, up to a limit. */
import type { HttpRequest } from '../request/types.js';
import type { Layer } from './layer.js';
import type { Exchange } from './types.js';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Follows `Location` on 301/302/303/307/308. 303, and 301/302 after a POST, continue as a GET without body
 * (as fetch does); the others repeat the request. Credentials never follow to another origin.
 * After `maxRedirects` hops that still redirect: `redirect_loop`. The exchange keeps the original request,
 * lists the URLs followed in `redirects`, and counts the time of every hop. `maxRedirects` 0 follows nothing.
 */
export function followRedirects(maxRedirects: number): Layer {
  return (next) => async (request, signal) => {
    let exchange = await next(request, signal);
    if (maxRedirects === 0 || !isRedirect(exchange)) return exchange;
    let current = request;
    let durationMs = exchange.durationMs;
    const redirects: string[] = [];
    while (isRedirect(exchange)) {
      const response = exchange.response!;
      let target: string;
      try {
        target = new URL(response.headers.location!, current.url).href;
      } catch {
        break; // An unusable Location: hand the 3xx back as it is.
      }
      if (redirects.length === maxRedirects) {
        return {
          request,
          error: { code: 'redirect_loop', message: `still redirected after ${maxRedirects} redirects (last: ${response.status} to ${target})` },
          durationMs,
          redirects,
        };
      }
      redirects.push(target);
      current = redirectedRequest(current, response.status, target);
      exchange = await next(current, signal);
      durationMs += exchange.durationMs;
    }
    return { ...exchange, request, durationMs, redirects };
  };
}

function isRedirect(exchange: Exchange): boolean {
  const response = exchange.response;
  return response !== undefined && REDIRECT_STATUSES.has(response.status) && response.headers.location !== undefined;
}

function redirectedRequest(request: HttpRequest, status: number, url: string): HttpRequest {
  const becomesGet = status === 303 ? request.method !== 'HEAD' : (status === 301 || status === 302) && request.method === 'POST';
  const crossOrigin = originOf(url) !== originOf(request.url);
  if (!becomesGet && !crossOrigin) return { ...request, url };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (crossOrigin && lower === 'authorization') continue;
    if (becomesGet && lower === 'content-type') continue;
    headers[name] = value;
  }
  if (becomesGet) return { method: 'GET', url, headers };
  return { ...request, url, headers };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
