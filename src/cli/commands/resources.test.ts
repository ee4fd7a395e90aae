/** `restconform resources` through the command line's own entry point, in-process: its options are named as `run`'s. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORDPRESS_FIXTURE } from '../../export/testing/descriptors.js';
import { main } from '../main.js';

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

let dir: string;
let hints: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restconform-resources-'));
  hints = join(dir, 'hints.yaml');
  await writeFile(hints, '/wp/v2/tags:\n  unique: [name]\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('restconform resources', () => {
  it('--help names --locales and --resource-hints, as restconform run does', async () => {
    const { code, stdout } = await cli('resources', '--help');
    expect(code).toBe(0);
    expect(stdout).toContain('--locales <locale|none>');
    expect(stdout).toContain('--resource-hints <file>');
    expect(stdout).not.toMatch(/--locale\b|--hints\b/);
  });

  it('reads a plain WordPress descriptor with --locales none and hints from --resource-hints', async () => {
    const { code, stdout, stderr } = await cli('resources', '--descriptor', WORDPRESS_FIXTURE, '--locales', 'none', '--resource-hints', hints);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain('/wp/v2/tags');
    expect(stdout).toMatch(/hinted\s+unique/);
  });

  it('still reads the former --locale and --hints, saying which names to use', async () => {
    const now = await cli('resources', '--descriptor', WORDPRESS_FIXTURE, '--locales', 'none', '--resource-hints', hints);
    const before = await cli('resources', '--descriptor', WORDPRESS_FIXTURE, '--locale', 'none', '--hints', hints);
    expect(before.code).toBe(0);
    expect(before.stdout).toBe(now.stdout);
    expect(before.stderr).toBe(
      'restconform: resources: --locale is deprecated; use --locales, the name restconform run uses\n' +
        'restconform: resources: --hints is deprecated; use --resource-hints, the name restconform run uses\n',
    );
  });

  it('refuses a list of locales: one descriptor is read', async () => {
    const { code, stderr } = await cli('resources', '--descriptor', WORDPRESS_FIXTURE, '--locales', 'en_gb,el');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^restconform: resources: --locales takes one locale here/);
  });
});
