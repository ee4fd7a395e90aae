import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Reporter, RunEvent } from '../engine/events.js';
import { ConsoleReporter } from './console.js';
import { HtmlReporter } from './html.js';
import { createReporters, fanOut, reportPaths } from './index.js';
import { JsonReporter } from './json.js';
import { JunitReporter } from './junit.js';
import { NdjsonReporter } from './ndjson.js';
import { play, syntheticRun } from './testing/synthetic-run.js';
import { TextSink } from './testing/text-sink.js';

const folder = mkdtempSync(join(tmpdir(), 'restconform-reporters-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('createReporters', () => {
  it('builds the reporters asked for, console first', async () => {
    const dir = join(folder, 'all');
    const reporters = createReporters({
      console: new TextSink(),
      progress: false,
      json: join(dir, 'r.json'),
      ndjson: join(dir, 'e.ndjson'),
      junit: join(dir, 'j.xml'),
      html: join(dir, 'r.html'),
    });
    expect(reporters.map((r) => r.constructor)).toEqual([ConsoleReporter, NdjsonReporter, JsonReporter, JunitReporter, HtmlReporter]);
    await play(fanOut(reporters), syntheticRun());
    expect(readdirSync(dir).sort()).toEqual(['e.ndjson', 'j.xml', 'r.html', 'r.json']);
  });

  it('puts report.json and report.html in the report folder unless paths are given', () => {
    expect(reportPaths({ reportDir: 'reports' })).toEqual({
      json: join('reports', 'report.json'),
      html: join('reports', 'report.html'),
      junit: undefined,
      ndjson: undefined,
    });
    expect(reportPaths({ reportDir: 'reports', json: 'out/r.json', html: null })).toMatchObject({ json: 'out/r.json', html: join('reports', 'report.html') });
    expect(reportPaths({})).toEqual({ json: undefined, html: undefined, junit: undefined, ndjson: undefined });
    expect(createReporters({ console: false })).toEqual([]);
  });
});

describe('fanOut', () => {
  it('delivers every event to every reporter even when one throws, and reports the error on close', async () => {
    const seen: string[] = [];
    const failing: Reporter = {
      onEvent(event) {
        if (event.type === 'run_started') throw new Error('broken reporter');
      },
      close: async () => undefined,
    };
    const recording: Reporter = {
      onEvent: (event: RunEvent) => void seen.push(event.type),
      close: async () => void seen.push('closed'),
    };
    const events = syntheticRun();
    await expect(play(fanOut([failing, recording]), events)).rejects.toThrow('broken reporter');
    expect(seen).toEqual([...events.map((e) => e.type), 'closed']);
  });

  it('closes every reporter and aggregates several failures', async () => {
    const failingClose = (message: string): Reporter => ({ onEvent: () => undefined, close: async () => Promise.reject(new Error(message)) });
    await expect(fanOut([failingClose('a'), failingClose('b')]).close()).rejects.toThrow('2 reporters failed: Error: a; Error: b');
  });
});
