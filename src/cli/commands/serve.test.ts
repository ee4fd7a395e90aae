/** `restconform serve` as a user runs it: a child process, stopped by a signal. */
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cliProcesses, type Finished } from '../testing/cli-process.js';

const cli = cliProcesses();

function listeningLine(output: { stdout: string }, finished: Promise<Finished>): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const line = output.stdout.split('\n').find((candidate) => candidate.startsWith('listening on '));
      if (line !== undefined) {
        clearInterval(timer);
        resolve(line);
      }
    }, 20);
    void finished.then((result) => {
      clearInterval(timer);
      reject(new Error(`serve exited with ${result.code} before listening: ${result.stderr}`));
    });
  });
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

describe('restconform serve', () => {
  it('prints "listening on URL", serves, prints a generated password once, and exits 0 on SIGTERM', async () => {
    const run = cli(['serve', '--port', '0', '--seed', '7'], { RESTCONFORM_APP_PASSWORD: undefined });
    const line = await listeningLine(run.output, run.finished);
    expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.slice('listening on '.length);
    const generated = /generated application password for admin \(for local use only\): ([A-Za-z0-9]{24})/.exec(run.output.stderr);
    expect(generated).not.toBeNull();
    const root = await fetch(`${url}/en_gb/wp-json/`, { headers: { Authorization: basic('admin', generated![1]!) } });
    expect(root.status).toBe(200);
    run.child.kill('SIGTERM');
    const result = await run.finished;
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${line}\n`);
    // Once for each account: the members' and the moderator's, unset too, are generated the same way.
    expect(result.stderr.match(/generated application password for admin /g)).toHaveLength(1);
  });

  it('takes the password from RESTCONFORM_APP_PASSWORD, honours --rest-root and --user, and exits 0 on SIGINT', async () => {
    const run = cli(['serve', '--port', '0', '--rest-root', 'api', '--user', 'chief'], { RESTCONFORM_APP_PASSWORD: 'abcd efgh ijkl mnop' });
    const url = (await listeningLine(run.output, run.finished)).slice('listening on '.length);
    expect(run.output.stderr).not.toContain('generated application password for chief');
    const good = await fetch(`${url}/el/api/no-such-route`, { headers: { Authorization: basic('chief', 'abcdefghijklmnop') } });
    expect(good.status).toBe(404);
    const bad = await fetch(`${url}/el/api/no-such-route`, { headers: { Authorization: basic('chief', 'wrong') } });
    expect(bad.status).toBe(401);
    run.child.kill('SIGINT');
    expect((await run.finished).code).toBe(0);
  });

  it('prints every seeded account with the variable its password is read from, takes each from its variable, and shows the --account options', async () => {
    const run = cli(['serve', '--port', '0', '--seed', '7'], {
      RESTCONFORM_APP_PASSWORD: 'abcd efgh ijkl mnop',
      RESTCONFORM_MEMBER_APP_PASSWORD: 'mmmm nnnn oooo pppp',
      RESTCONFORM_MEMBER2_APP_PASSWORD: undefined,
      RESTCONFORM_MODERATOR_APP_PASSWORD: undefined,
    });
    const url = (await listeningLine(run.output, run.finished)).slice('listening on '.length);
    // The accounts go to stderr, which may arrive after stdout's line: wait for them, a few seconds at most.
    for (let waited = 0; waited < 5_000 && !run.output.stderr.includes('--account moderator:'); waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const stderr = run.output.stderr;
    for (const [role, login, variable] of [
      ['administrator', 'admin', 'RESTCONFORM_APP_PASSWORD'],
      ['member', 'member', 'RESTCONFORM_MEMBER_APP_PASSWORD'],
      ['member', 'member2', 'RESTCONFORM_MEMBER2_APP_PASSWORD'],
      ['moderator', 'moderator', 'RESTCONFORM_MODERATOR_APP_PASSWORD'],
    ] as const) {
      expect(stderr).toMatch(new RegExp(`^  ${role} +${login} +${variable}$`, 'm'));
    }
    expect(stderr).toContain(
      `--base-url ${url} --user admin --app-password-env RESTCONFORM_APP_PASSWORD --account member:member:RESTCONFORM_MEMBER_APP_PASSWORD --account member:member2:RESTCONFORM_MEMBER2_APP_PASSWORD --account moderator:moderator:RESTCONFORM_MODERATOR_APP_PASSWORD`,
    );
    // Set passwords are never printed; unset ones are generated and printed once, as the administrator's is.
    expect(stderr).not.toContain('abcdefghijklmnop');
    expect(stderr).not.toContain('mmmmnnnnoooopppp');
    expect(stderr).not.toMatch(/generated application password for (admin|member) /);
    const generated = /generated application password for member2 \(for local use only\): ([A-Za-z0-9]{24})/.exec(stderr);
    expect(generated).not.toBeNull();
    expect(stderr.match(/generated application password for moderator /g)).toHaveLength(1);
    const status = async (user: string, password: string) =>
      (await fetch(`${url}/en_gb/wp-json/no-such-route`, { headers: { Authorization: basic(user, password) } })).status;
    expect(await status('member', 'mmmmnnnnoooopppp')).toBe(404);
    expect(await status('member2', generated![1]!)).toBe(404);
    expect(await status('member2', 'wrong')).toBe(401);
    run.child.kill('SIGTERM');
    expect((await run.finished).code).toBe(0);
  });

  it('exits 2 with one line on stderr when the port is in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await cli(['serve', '--port', String(port)]).finished;
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(`127.0.0.1:${port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('lists every flag with its default in --help', async () => {
    const result = await cli(['serve', '--help']).finished;
    expect(result.code).toBe(0);
    // Commander wraps help to the terminal width; compare with the wrapping undone.
    const help = result.stdout.replace(/\s+/g, ' ');
    for (const expected of [
      /--host <host> [^-]*\(default: "127\.0\.0\.1"\)/,
      /--port <n> [^-]*\(default: 8080\)/,
      /--rest-root <segment> [^-]*\(default: "wp-json"\)/,
      /--seed <n> [^-]*\(default: 1\)/,
      /--user <login> [^-]*\(default: "admin"\)/,
      /--app-password-env <var> [^-]*\(default: "RESTCONFORM_APP_PASSWORD"\)/,
    ]) {
      expect(help).toMatch(expected);
    }
    expect(help).not.toContain('--app-password <');
  });

  it('never takes a password on the command line: --app-password is refused with exit 2, --app-password-env names the variable', async () => {
    const refused = await cli(['serve', '--port', '0', '--app-password', 'hunter2hunter2']).finished;
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/a password is never a command-line value .*RESTCONFORM_APP_PASSWORD or the variable named by --app-password-env/);
    expect(refused.stderr).not.toContain('hunter2hunter2');

    const run = cli(['serve', '--port', '0', '--app-password-env', 'MY_SERVE_PASSWORD'], {
      MY_SERVE_PASSWORD: 'qrst uvwx yzab cdef',
      RESTCONFORM_APP_PASSWORD: undefined,
    });
    const url = (await listeningLine(run.output, run.finished)).slice('listening on '.length);
    expect(run.output.stderr).not.toContain('generated application password for admin');
    expect((await fetch(`${url}/en_gb/wp-json/no-such-route`, { headers: { Authorization: basic('admin', 'qrstuvwxyzabcdef') } })).status).toBe(404);
    run.child.kill('SIGTERM');
    expect((await run.finished).code).toBe(0);
  });

  it('refuses a port that is not a number with exit 2', async () => {
    const result = await cli(['serve', '--port', 'eighty']).finished;
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port takes an integer');
  });
});
