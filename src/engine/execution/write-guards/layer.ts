/**
 * The write guards are layers around the run's sender, in the style of `http/layer.ts`: each adds one behaviour
 * (holding back credentials, adding values) to the request on its way out, and knows which operation and phase
 * the request is for.
 */
import type { Operation } from '../../../descriptor/types.js';
import type { Exchange } from '../../../http/types.js';
import type { HttpRequest } from '../../../request/types.js';

/** One request on its way out: what the guards need to know of it, and, once sent, the request as it went. */
export interface Sending {
  readonly op: Operation;
  readonly phase: string;
  /** A request to a method the route does not declare: no configured values are added to it. */
  readonly probe: boolean;
  /** A deliberate access-control probe: it goes with the credentials it was built with. */
  readonly unguarded: boolean;
  /** The values of `op`'s path variables in the request's URL, in the route's order (empty when nothing is tracked). */
  readonly pathValues: readonly string[];
  /** The request as the layers let it go (set by the innermost send). */
  sent: HttpRequest;
}

/** Sends a request for an operation; the run's sender is the innermost. */
export type GuardedSend = (request: HttpRequest, sending: Sending) => Promise<Exchange>;

/** Wraps the send below it and returns one with the behaviour added. */
export type WriteGuard = (next: GuardedSend) => GuardedSend;

/** Stacks guards: the first listed is the outermost. */
export function composeGuards(guards: readonly WriteGuard[], innermost: GuardedSend): GuardedSend {
  return guards.reduceRight<GuardedSend>((send, guard) => guard(send), innermost);
}

/** `request` without its Authorization header. */
export function withoutCredentials(request: HttpRequest): HttpRequest {
  const { authorization: _dropped, ...headers } = request.headers;
  return { ...request, headers };
}
