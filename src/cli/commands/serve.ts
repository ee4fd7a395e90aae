/**
 * `restconform serve`: runs the bundled reference server until SIGINT/SIGTERM. Prints `listening on URL` on stdout
 * once it accepts requests; a busy port is a usage error (exit 2).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import type { ReferenceServer } from '../../server/index.js';
import { UsageError, type ExitCodeSink } from '../errors.js';

/** The default variable the administrator's application password is read from (as `run` reads its own). */
export const APP_PASSWORD_ENV = 'RESTCONFORM_APP_PASSWORD';

interface ServeOptions {
  host: string;
  port: number;
  restRoot: string;
  seed: number;
  user: string;
  appPasswordEnv: string;
  /** Only to refuse it: a password on the command line shows in `ps` and in shell history. */
  appPassword?: string;
}

export function serveCommand(sink: ExitCodeSink): Command {
  return new Command('serve')
    .description('Run the reference server (in memory, seeded) until interrupted; prints "listening on URL" once ready')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <n>', 'port to listen on (0 picks a free one)', parseInteger('--port', 0, 65535), 8080)
    .option('--rest-root <segment>', 'REST root path segment', 'wp-json')
    .option('--seed <n>', 'seed of the stored data and of derived passwords', parseInteger('--seed', 0, Number.MAX_SAFE_INTEGER), 1)
    .option('--user <login>', 'login of the administrator account', 'admin')
    .option(
      '--app-password-env <var>',
      "environment variable holding the administrator's application password (never given on the command line); when it is unset, one is derived from the seed and printed once on stderr",
      APP_PASSWORD_ENV,
    )
    .addOption(new Option('--app-password <password>').hideHelp())
    .action(async (options: ServeOptions) => {
      if (options.appPassword !== undefined) {
        throw new UsageError(
          `serve: a password is never a command-line value (ps and shell history show it); put it in ${APP_PASSWORD_ENV} or the variable named by --app-password-env`,
        );
      }
      const password = process.env[options.appPasswordEnv] || undefined;
      const server = await start(options, password);
      if (password === undefined) {
        process.stderr.write(
          `restconform serve: generated application password for ${server.credentials.admin.user} (for local use only): ${server.credentials.admin.password}\n`,
        );
      }
      process.stdout.write(`listening on ${server.url}\n`);
      await stopSignal();
      await server.close();
      sink(0);
    });
}

async function start(options: ServeOptions, password: string | undefined): Promise<ReferenceServer> {
  try {
    const { startReferenceServer } = await import('../../server/index.js');
    return await startReferenceServer({
      host: options.host,
      port: options.port,
      restRoot: options.restRoot,
      seed: options.seed,
      adminUser: options.user,
      adminPassword: password,
      onUnexpectedError: (error, request) => {
        const reason = error instanceof Error ? error.message : String(error);
        process.stderr.write(`restconform serve: internal error answering ${request.method} ${request.path}: ${reason}\n`);
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`serve: ${options.host}:${options.port} is already in use`);
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new UsageError(`serve: cannot listen on ${options.host}:${options.port} (${code})`);
    }
    throw error;
  }
}

function parseInteger(flag: string, min: number, max: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
      throw new InvalidArgumentError(`${flag} takes an integer from ${min} to ${max}.`);
    }
    return parsed;
  };
}

/** Resolves on the first SIGINT or SIGTERM. */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
