/** The target of a run: what kind of server a base URL names, the bundled server started, each locale's descriptor fetched. */
import { fetchDescriptor, restUrl, type DescriptorTransport, type LoadedDescriptor } from '../descriptor/index.js';
import type { Credentials } from '../request/types.js';
import type { ReferenceServer } from '../server/index.js';

/**
 * True when the URL's host is a loopback address by name: `localhost`, 127.0.0.0/8 or ::1. Decided from the
 * URL as written, never by resolving it, so a name that merely resolves to loopback counts as remote.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Starts the bundled reference server on a free loopback port. Its modules load only now: a run against another
 * server does not pay for them (0.1 s of its start).
 */
export async function startBundledServer(options: { seed: number; restRoot?: string }): Promise<ReferenceServer> {
  const { startReferenceServer } = await import('../server/index.js');
  return startReferenceServer({ port: 0, ...options });
}

/** Where a target's descriptors are: its base URL, REST root and locales (`null`: plain WordPress, one descriptor). */
export interface DescriptorSource {
  baseUrl: string;
  restRoot: string;
  locales: readonly string[] | null;
}

export interface FetchDescriptorsOptions {
  /** Sent as HTTP Basic (an authenticated index may list more routes). */
  credentials?: Credentials;
  /** Fetch through this transport (its timeout and body cap apply); without it, the global fetch within `timeoutMs`. */
  transport?: DescriptorTransport;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Told each locale's REST root URL before it is fetched. */
  onFetch?: (restUrl: string) => void;
}

/** Each locale's root descriptor, in turn; throws `DescriptorError` naming the address of the first that fails. */
export async function fetchDescriptors(source: DescriptorSource, options: FetchDescriptorsOptions = {}): Promise<LoadedDescriptor[]> {
  const { onFetch, ...fetchOptions } = options;
  const descriptors: LoadedDescriptor[] = [];
  for (const locale of source.locales ?? [null]) {
    onFetch?.(restUrl(source.baseUrl, source.restRoot, locale));
    descriptors.push(await fetchDescriptor({ baseUrl: source.baseUrl, restRoot: source.restRoot, locale, ...fetchOptions }));
  }
  return descriptors;
}

/**
 * When a locale's descriptor is missing (404), whether `{base_url}/{rest_root}/` answers one: then the target is a
 * plain WordPress (no locale segments), and the hint says so and what to pass. Undefined when it does not answer one.
 * A hint, not a switch: a target meant to be served per locale whose locale paths are broken is told, not tested
 * as another target.
 */
export async function plainDescriptorHint(source: Omit<DescriptorSource, 'locales'>, options: FetchDescriptorsOptions = {}): Promise<string | undefined> {
  const { onFetch: _onFetch, ...fetchOptions } = options;
  try {
    await fetchDescriptor({ baseUrl: source.baseUrl, restRoot: source.restRoot, locale: null, ...fetchOptions });
  } catch {
    return undefined;
  }
  return `${restUrl(source.baseUrl, source.restRoot, null)}/ answers a descriptor without a locale, as a plain WordPress does: pass --locales none`;
}
