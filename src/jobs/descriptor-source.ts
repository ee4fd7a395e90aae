/**
 * Where `export` and `resources` read their one descriptor: a saved file (`--descriptor`), a server (`--base-url`),
 * or, with neither, the bundled reference server started for the purpose; a server is opened through `openTarget`.
 */
import { fetchItemSchemas, readDescriptorFile, restUrl, type ItemSchema, type LoadedDescriptor } from '../descriptor/index.js';
import { basicAuthorization } from '../request/index.js';
import type { Credentials } from '../request/types.js';
import { UsageError } from './errors.js';
import { openTarget } from './target.js';
import { VERSION } from './version.js';

/** The address `restconform serve` listens on by default: exports of the bundled server point there. */
const SERVE_DEFAULT_URL = 'http://127.0.0.1:8080';

/** Where a command reads a descriptor from, and as whom. */
export interface DescriptorSourceOptions {
  /** The command, for its messages. */
  command: string;
  baseUrl?: string;
  /** A saved descriptor file. */
  descriptor?: string;
  restRoot: string;
  /** The locale path segment, or null for plain WordPress. */
  locale: string | null;
  user?: string;
  appPasswordEnv: string;
  env?: NodeJS.ProcessEnv;
  /** Also read the item schemas the server publishes (`?context=help`, `OPTIONS`), so answers can be typed. */
  withSchemas?: boolean;
}

/** What a command built from a descriptor gets: the descriptor, the REST root its requests go to, the item schemas published. */
export interface DescriptorSource {
  descriptor: LoadedDescriptor;
  serverUrl: string;
  schemas?: ReadonlyMap<string, ItemSchema>;
}

function credentialsOf(options: DescriptorSourceOptions): Credentials | undefined {
  if (!options.user) return undefined;
  const password = (options.env ?? process.env)[options.appPasswordEnv];
  if (!password)
    throw new UsageError(
      `${options.command}: --user ${options.user} needs the application password in the environment variable ${options.appPasswordEnv}, which is empty`,
    );
  return { user: options.user, password };
}

/** The descriptor and the REST root its requests go to; from a file, a server, or the bundled server. */
export async function loadDescriptorSource(options: DescriptorSourceOptions): Promise<DescriptorSource> {
  const { restRoot, locale } = options;
  const credentials = credentialsOf(options);
  if (options.descriptor !== undefined) {
    const descriptor = await readDescriptorFile(options.descriptor, locale);
    return { descriptor, serverUrl: restUrl(descriptor.root.url, restRoot, locale) };
  }
  if (options.baseUrl !== undefined && !/^https?:\/\//i.test(options.baseUrl))
    throw new UsageError(`${options.command}: --base-url must be an http:// or https:// URL, not "${options.baseUrl}"`);
  const target = await openTarget({
    baseUrl: options.baseUrl,
    restRoot,
    descriptors: (baseUrl) => [{ locale, restUrl: restUrl(baseUrl, restRoot, locale) }],
    accounts: () => ({ credentials }),
  });
  try {
    const descriptor = target.descriptors[0]!;
    const headers = credentials ? { authorization: basicAuthorization(credentials) } : undefined;
    const schemas = options.withSchemas
      ? (await fetchItemSchemas({ baseUrl: target.baseUrl, restRoot, descriptor, transport: target.transport, headers })).schemas
      : undefined;
    if (target.bundled === undefined) return { descriptor, serverUrl: restUrl(target.baseUrl, restRoot, locale), schemas };
    // Name the bundled server, not its throwaway port, so the export is the same on every run.
    const source = `restconform ${VERSION} reference server`;
    return { descriptor: { ...descriptor, source }, serverUrl: restUrl(SERVE_DEFAULT_URL, restRoot, locale), schemas };
  } finally {
    await target.close();
  }
}
