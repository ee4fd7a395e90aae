/**
 * `restconform serve`: runs the bundled reference server until SIGINT/SIGTERM. Prints `listening on URL` on stdout
 * once it accepts requests, and on stderr each seeded account, the variable its password is read from and the `run`
 * options that test them all; a busy port is a usage error (exit 2).
 */
import { Command } from 'commander';
import type { ReferenceServer } from '@restconform/server';
import { COMMAND_OPTIONS } from '../../config/index.js';
import { UsageError, type ExitCodeSink } from '../errors.js';
import { addSettingOptions, settingValues, type Pick } from '../options.js';

/** The default variable the administrator's application password is read from (as `run` reads its own). */
export const APP_PASSWORD_ENV = 'RESTCONFORM_APP_PASSWORD';

/**
 * The seeded accounts besides the administrator: where each sits in the server's credentials, the role to give it
 * in `run --account`, and the variable its application password is read from (derived from the seed when unset).
 */
export const SEEDED_ACCOUNTS = [
  { account: 'member', role: 'member', env: 'RESTCONFORM_MEMBER_APP_PASSWORD' },
  { account: 'otherMember', role: 'member', env: 'RESTCONFORM_MEMBER2_APP_PASSWORD' },
  { account: 'moderator', role: 'moderator', env: 'RESTCONFORM_MODERATOR_APP_PASSWORD' },
] as const;

type AccountKey = 'admin' | (typeof SEEDED_ACCOUNTS)[number]['account'];

/** One account as `serve` shows it. */
interface ShownAccount {
  account: AccountKey;
  role: string;
  env: string;
  /** The password from its variable; undefined: derived from the seed, and printed. */
  password: string | undefined;
}

interface ServeOptions {
  host: string;
  port: number;
  restRoot: string;
  seed: number;
  user: string;
  appPasswordEnv: string;
}

/** Serve's defaults: a server of its own, so its seed is fixed and its administrator is the seeded one, `admin`. */
const DEFAULTS: ServeOptions = { host: '127.0.0.1', port: 8080, restRoot: 'wp-json', seed: 1, user: 'admin', appPasswordEnv: APP_PASSWORD_ENV };

/** A row serve takes, with its help, its default shown as commander shows one (`"wp-json"`, `1`), and its parser. */
function servePick(key: keyof ServeOptions, help: string, more: Omit<Pick, 'key' | 'help' | 'default'> = {}): Pick {
  return { key, help: `${help} (default: ${JSON.stringify(DEFAULTS[key])})`, default: DEFAULTS[key], ...more };
}

/**
 * Serve's options, as rows of the settings table: the same spelling as every command's, serve's own meaning (the
 * server it starts, not the one a run tests) in its help and defaults.
 */
const PICKS: readonly Pick[] = [
  servePick('host', COMMAND_OPTIONS.host.help),
  servePick('port', COMMAND_OPTIONS.port.help, { parse: parseInteger('--port', 0, 65535) }),
  servePick('restRoot', 'REST root path segment', { valueName: 'segment' }),
  servePick('seed', 'seed of the stored data and of derived passwords', { valueName: 'n', parse: parseInteger('--seed', 0, Number.MAX_SAFE_INTEGER) }),
  servePick('user', 'login of the administrator account'),
  servePick(
    'appPasswordEnv',
    "environment variable holding the administrator's application password (never given on the command line); when it is unset, one is derived from the seed and printed once on stderr (the members' and the moderator's: RESTCONFORM_MEMBER_APP_PASSWORD, RESTCONFORM_MEMBER2_APP_PASSWORD, RESTCONFORM_MODERATOR_APP_PASSWORD, likewise)",
  ),
];

export function serveCommand(sink: ExitCodeSink): Command {
  const command = new Command('serve').description('Run the reference server (in memory, seeded) until interrupted; prints "listening on URL" once ready');
  // --app-password only to refuse it: a password on the command line shows in `ps` and in shell history.
  return addSettingOptions(command, [...PICKS, { key: 'appPassword' }]).action(async (flags: Record<string, unknown>) => {
    if (flags.appPassword !== undefined) {
      throw new UsageError(
        `serve: a password is never a command-line value (ps and shell history show it); put it in ${APP_PASSWORD_ENV} or the variable named by --app-password-env`,
      );
    }
    const options = settingValues(flags, PICKS) as unknown as ServeOptions;
    const accounts: ShownAccount[] = [
      { account: 'admin', role: 'administrator', env: options.appPasswordEnv, password: process.env[options.appPasswordEnv] || undefined },
      ...SEEDED_ACCOUNTS.map((seeded) => ({ ...seeded, password: process.env[seeded.env] || undefined })),
    ];
    const server = await start(options, accounts);
    process.stderr.write(accountsText(server, accounts, options.restRoot));
    process.stdout.write(`listening on ${server.url}\n`);
    await stopSignal();
    await server.close();
    sink(0);
  });
}

/**
 * What stderr shows about the accounts: a generated password once for each account whose variable is unset (only
 * for local use), each account's role, login and variable, and the `run` options that use them. A password taken
 * from a variable is never printed.
 */
function accountsText(server: ReferenceServer, accounts: readonly ShownAccount[], restRoot: string): string {
  const rows = accounts.map((shown) => ({ ...shown, user: server.credentials[shown.account]!.user, generated: server.credentials[shown.account]!.password }));
  const lines = rows
    .filter((row) => row.password === undefined)
    .map((row) => `restconform serve: generated application password for ${row.user} (for local use only): ${row.generated}`);
  const roleWidth = Math.max(...rows.map((row) => row.role.length));
  const userWidth = Math.max(...rows.map((row) => row.user.length));
  lines.push('restconform serve: accounts (role, login, the variable its application password is read from; unset, it is derived from --seed):');
  for (const row of rows) lines.push(`  ${row.role.padEnd(roleWidth)}  ${row.user.padEnd(userWidth)}  ${row.env}`);
  const [admin, ...others] = rows;
  const root = restRoot === 'wp-json' ? '' : ` --rest-root ${restRoot}`;
  lines.push(
    'restconform serve: with each variable exported (its own value, or the password generated above), test every account with:',
    `  restconform run --base-url ${server.url}${root} --user ${admin!.user} --app-password-env ${admin!.env}${others
      .map((row) => ` --account ${row.role}:${row.user}:${row.env}`)
      .join('')}`,
  );
  return `${lines.join('\n')}\n`;
}

async function start(options: ServeOptions, accounts: readonly ShownAccount[]): Promise<ReferenceServer> {
  const password = (account: AccountKey) => accounts.find((shown) => shown.account === account)?.password;
  try {
    const { startReferenceServer } = await import('@restconform/server');
    return await startReferenceServer({
      host: options.host,
      port: options.port,
      restRoot: options.restRoot,
      seed: options.seed,
      adminUser: options.user,
      adminPassword: password('admin'),
      memberPassword: password('member'),
      otherMemberPassword: password('otherMember'),
      moderatorPassword: password('moderator'),
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

function parseInteger(flag: string, min: number, max: number): (given: string | string[]) => number {
  return (given) => {
    const value = [given].flat()[0]!;
    const parsed = Number(value);
    if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
      throw new UsageError(`serve: ${flag} takes an integer from ${min} to ${max}, not "${value}"`);
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
