/**
 * The target of a job, opened in one place (`openTarget`) for every command that sends to a server (`run`,
 * `replay`, `cleanup`, `export`, `resources`): the bundled reference server started or a server named, the one
 * transport its requests go through, each descriptor read, each account checked; and all of it closed again.
 */
import { DescriptorError, fetchDescriptor, restUrl, type DescriptorTransport, type LoadedDescriptor } from '../descriptor/index.js';
import { createTransport, type Transport, type TransportOptions } from '../http/index.js';
import type { Credentials } from '../request/types.js';
import type { ReferenceServer, StoreAccounts } from '@restconform/server';
import { checkAccounts, refusedAccountMessage, type AccountToCheck } from './account-check.js';
import { UsageError } from './errors.js';

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
  const { startReferenceServer } = await import('@restconform/server');
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

/** A descriptor is read under a larger cap than the answers of a run: a large site's index runs to tens of megabytes. */
export const DESCRIPTOR_BODY_CAP = 64 * 1024 * 1024;

/** Where one descriptor is: its locale, and its REST root URL (`{base}/{locale}/{rest_root}`). */
export interface DescriptorPlace {
  locale: string | null;
  restUrl: string;
}

/** Who a job logs in as, once the server is known: the credentials it reads with, and the accounts to check first. */
export interface TargetAccounts {
  credentials?: Credentials;
  /** Each is read `…/me` with before anything else; a refused one stops the job (see `account-check.ts`). */
  check?: readonly AccountToCheck[];
}

export interface OpenTargetOptions {
  /** The server under test; absent: the bundled reference server, started on a free loopback port. */
  baseUrl?: string;
  /** The bundled server's seed and REST root. */
  seed?: number;
  restRoot?: string;
  /** The descriptors to read, once the server's address is known; none when absent. */
  descriptors?: (baseUrl: string) => readonly DescriptorPlace[];
  /** Who the job logs in as, given the bundled server's accounts when it was started. */
  accounts?: (bundled: StoreAccounts | undefined) => TargetAccounts;
  /** The transport of the job: the one every request of it goes through. */
  transport?: TransportOptions;
  signal?: AbortSignal;
  /** Told each descriptor's address before it is read. */
  onFetch?: (restUrl: string) => void;
}

/** An open target: close it when the job is done (the transport, then the bundled server). */
export interface OpenTarget {
  baseUrl: string;
  /** The bundled reference server, when the job started it. */
  bundled: ReferenceServer | undefined;
  transport: Transport;
  descriptors: LoadedDescriptor[];
  credentials: Credentials | undefined;
  close(): Promise<void>;
}

/**
 * Opens a job's target: starts the bundled server when no base URL is named, creates the job's transport, reads
 * each descriptor (with the job's credentials: an authenticated index may list more routes), then checks every
 * account. A descriptor that cannot be read or an account refused is a usage error naming it; whatever was opened is
 * closed again before it is thrown.
 */
export async function openTarget(options: OpenTargetOptions): Promise<OpenTarget> {
  const bundled = options.baseUrl === undefined ? await startBundledServer({ seed: options.seed ?? 1, restRoot: options.restRoot }) : undefined;
  const baseUrl = options.baseUrl ?? bundled!.url;
  const transport = createTransport(options.transport);
  const close = async (): Promise<void> => {
    await transport.close();
    await bundled?.close();
  };
  try {
    const who = options.accounts?.(bundled?.credentials) ?? {};
    const places = options.descriptors?.(baseUrl) ?? [];
    const reader = transport.withBodyCap(DESCRIPTOR_BODY_CAP);
    const descriptors: LoadedDescriptor[] = [];
    for (const place of places) {
      options.onFetch?.(place.restUrl);
      try {
        descriptors.push(await fetchDescriptor({ baseUrl, restRoot: '', ...place, credentials: who.credentials, transport: reader, signal: options.signal }));
      } catch (error) {
        if (options.signal?.aborted || !(error instanceof DescriptorError)) throw error;
        if (who.credentials !== undefined && (error.status === 401 || error.status === 403))
          throw new UsageError(refusedAccountMessage(who.check?.[0] ?? { credentials: who.credentials }, error.message));
        throw error;
      }
    }
    if (places.length > 0 && (who.check?.length ?? 0) > 0)
      await checkAccounts({ descriptor: descriptors[0]!, restUrl: places[0]!.restUrl, sender: transport, accounts: who.check!, signal: options.signal });
    return { baseUrl, bundled, transport, descriptors, credentials: who.credentials, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Each locale's descriptor under a REST root: the places `openTarget` reads for a run. */
export function localePlaces(restRoot: string, locales: readonly string[] | null): (baseUrl: string) => DescriptorPlace[] {
  return (baseUrl) => (locales ?? [null]).map((locale) => ({ locale, restUrl: restUrl(baseUrl, restRoot, locale) }));
}
