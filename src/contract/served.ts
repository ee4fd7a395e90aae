/**
 * Whether a target implements a contract at all: a plain WordPress serves none of the interface's own namespaces,
 * and comparing it namespace by namespace would fail it once per namespace it never had.
 */
import type { RootDescriptor } from '../descriptor/types.js';
import type { Contract } from '@restconform/interface';

/** The namespaces WordPress itself serves (6.1's index): a contract that lists one (`oembed/1.0`) is not implemented by serving it. */
export const WORDPRESS_NAMESPACES: readonly string[] = ['oembed/1.0', 'wp/v2', 'wp-site-health/v1', 'wp-block-editor/v1'];

/** The contract's own namespaces: those it lists that WordPress does not serve by itself. */
export function contractOwnNamespaces(contract: Pick<Contract, 'namespaces'>): string[] {
  return contract.namespaces.filter((namespace) => !WORDPRESS_NAMESPACES.includes(namespace));
}

/** The contract's own namespaces the descriptor serves: listed in its `namespaces`, or holding one of its routes. */
export function servedOwnNamespaces(root: Pick<RootDescriptor, 'namespaces' | 'routes'>, contract: Pick<Contract, 'namespaces'>): string[] {
  const served = new Set([...root.namespaces, ...Object.values(root.routes).map((route) => route.namespace)]);
  return contractOwnNamespaces(contract).filter((namespace) => served.has(namespace));
}
