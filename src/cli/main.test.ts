import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';

/** Captures what main writes to stdout and stderr. */
function capture(): { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err += String(chunk);
    return true;
  });
  return { out: () => out, err: () => err };
}

afterEach(() => vi.restoreAllMocks());

describe('restconform command line', () => {
  it('prints help for every subcommand with each flag and its default, exit 0', async () => {
    const io = capture();
    expect(await main(['--help'])).toBe(0);
    for (const command of ['run', 'serve', 'export', 'replay']) expect(io.out()).toContain(command);
    expect(await main(['run', '--help'])).toBe(0);
    for (const flag of ['--base-url', '--locales', '--seed', '--time-budget', '--phases', '--checks', '--junit', '--shard', '--allow-destructive']) {
      expect(io.out()).toContain(flag);
    }
    expect(io.out()).toContain('(default: 16)');
    expect(await main(['replay', '--help'])).toBe(0);
    expect(io.out()).toContain('RESTCONFORM_APP_PASSWORD');
  });

  it('answers a bad flag or value with exit 2 and a one-line reason', async () => {
    const io = capture();
    expect(await main(['run', '--no-such-flag'])).toBe(2);
    expect(io.err()).toContain("unknown option '--no-such-flag'");
    expect(await main(['run', '--connections', 'many'])).toBe(2);
    expect(io.err()).toContain('--connections takes a whole number');
    expect(await main(['run', '--phases', 'fuz'])).toBe(2);
    expect(io.err()).toContain('did you mean "fuzz"');
    expect(await main(['frobnicate'])).toBe(2);
  });
});
