import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/events.js';
import { NdjsonReporter } from './ndjson.js';
import { syntheticRun } from './testing/synthetic-run.js';

const folder = mkdtempSync(join(tmpdir(), 'restconform-ndjson-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('NDJSON reporter', () => {
  it('writes one line per event, in order, and shows the file only once closed', async () => {
    const path = join(folder, 'stream', 'events.ndjson');
    const events = syntheticRun();
    let now = 1000;
    const reporter = new NdjsonReporter(path, { now: () => (now += 5) });
    for (const event of events) reporter.onEvent(event);
    expect(existsSync(path)).toBe(false);
    await reporter.close();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(events.length);
    const records = lines.map((line) => JSON.parse(line) as { t: number; type: string });
    expect(records.map((record) => record.type)).toEqual(events.map((event) => event.type));
    expect(records.map((record) => record.t)).toEqual(events.map((_, i) => 5 * (i + 1)));
    expect(readdirSync(join(folder, 'stream'))).toEqual(['events.ndjson']);
    const finished = records.at(-1) as unknown as Extract<RunEvent, { type: 'run_finished' }>;
    expect(finished.findings).toHaveLength(2);
  });

  it('keeps exchange lines to the operation, status and timing, whatever else the event carries', async () => {
    const path = join(folder, 'lean.ndjson');
    const exchange = syntheticRun().find((event) => event.type === 'exchange')!;
    const bulky = { ...exchange, request: { body: '{"password":"hunter2"}' }, responseBody: 'x'.repeat(1000) } as RunEvent;
    const reporter = new NdjsonReporter(path);
    reporter.onEvent(bulky);
    await reporter.close();
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('hunter2');
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['t', 'type', 'phase', 'operation', 'caseKind', 'status', 'durationMs']);
  });

  it('streams many events through chunked writes', async () => {
    const path = join(folder, 'many.ndjson');
    const exchange = syntheticRun().find((event) => event.type === 'exchange')!;
    const reporter = new NdjsonReporter(path);
    for (let i = 0; i < 5000; i++) reporter.onEvent(exchange);
    await reporter.close();
    expect(readFileSync(path, 'utf8').split('\n').filter(Boolean)).toHaveLength(5000);
  });

  it('reports an unwritable path on close', async () => {
    const blocker = join(folder, 'blocker');
    writeFileSync(blocker, 'a file, not a folder');
    const reporter = new NdjsonReporter(join(blocker, 'events.ndjson'));
    reporter.onEvent(syntheticRun()[0]!);
    await expect(reporter.close()).rejects.toThrow();
  });
});
