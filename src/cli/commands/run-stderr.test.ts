/**
 * What a run prints on stderr is the harness's own: progress and notices, never a warning from Node. Every request
 * in flight waits on the run's one abort signal, so a listener each passed Node's limit of ten and printed
 * `MaxListenersExceededWarning` on every run; the transport now listens once per signal (`http/abort-watch.ts`).
 */
import { describe, expect, it } from 'vitest';
import { temporaryFolders } from '../../testing/temporary-folders.js';
import { cliProcesses } from '../testing/cli-process.js';

const restconform = cliProcesses();
const folders = temporaryFolders();

describe('restconform run against the bundled server', () => {
  it('prints no warning from Node, with many requests in flight on one abort signal', async () => {
    const folder = await folders('restconform-stderr-');
    const { finished } = restconform(['run', '--phases', 'locale,concurrency', '--concurrency', '24', '--seed', '3', '--report-dir', folder]);
    const { code, stderr } = await finished;
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(/phase locale: done/);
    expect(stderr).not.toMatch(/Warning/);
  });
});
