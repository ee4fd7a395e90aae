/** The media life cycle, whose create is a file upload, on a server with WordPress's media routes: clean and broken. */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunEvent, SequenceReport } from '../../events.js';
import { statefulPhase } from './index.js';
import { startMediaServer, type MediaFaults, type MediaServer } from './testing/media-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';

const ADMIN = { user: 'admin', password: 'abcd EFGH ijkl MNOP qrst UVWX' };

let server: MediaServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function runOn(faults: MediaFaults = {}) {
  server = await startMediaServer(faults);
  const result = await runPhase(statefulPhase, { url: server.url, locales: ['en_gb'], credentials: ADMIN });
  const media = result.events
    .flatMap((event: RunEvent) => (event.type === 'sequence' ? [event.sequence] : []))
    .find((sequence: SequenceReport) => sequence.family === 'wp/v2 media');
  return { result, media: media!, server };
}

describe('the media life cycle', () => {
  it('uploads a text file, runs every step on the attachment, and leaves nothing behind', async () => {
    const { result, media, server } = await runOn();
    expect(findingLines(result.findings)).toEqual([]);
    expect(media.outcome).toBe('passed');
    expect(server.creates).toEqual([201]);
    expect(server.attachments.size).toBe(0);
    const steps = media.steps.map((step) => `${step.step}: ${step.outcome}`);
    expect(steps).toEqual(
      expect.arrayContaining([
        'create wp/v2 media: ok',
        'create answered with Location: ok',
        'read: ok',
        'created values read back: ok',
        'listed: ok',
        'found by search: ok',
        'duplicate create: skipped',
        'update title: ok',
        'update caption: ok',
        'update alt_text: ok',
        'update description: ok',
        'deleted with force=true: ok',
        'gone after the delete: ok',
      ]),
    );
    // The update wrote status "publish", which this server keeps and the media list cannot filter by.
    expect(media.steps.find((step) => step.step === 'list total back')).toEqual({
      step: 'list total back',
      outcome: 'skipped',
      detail: 'the wp/v2 media is "publish", a status its list cannot filter by',
    });
    expect(media.steps.find((step) => step.step === 'created values read back')?.detail).toBe('title, caption, description, status');
    expect(media.steps.find((step) => step.step === 'duplicate create')?.detail).toMatch(/an upload of the same file is a second file/);
  });

  it('sends the file as the raw body with its name and type, the other values in the query, and shows it so in the curl line', async () => {
    const { result, server } = await runOn({ updateFails: true });
    expect(server.files).toEqual([
      { name: expect.stringMatching(/^restconform-\w+\.txt$/), type: 'text/plain', content: expect.stringMatching(/^Restconform upload \w+\n$/) },
    ]);
    const { name } = server.files[0]!;
    const finding = result.findings.find((candidate) => candidate.check === 'stateful_sequence')!;
    // The reproduction's third step (after the list total before, whole and searched by the token) is the upload,
    // credentials left to the environment;
    // the file's text ends with a line break, so printf writes it and curl reads it: one line, the same bytes.
    const create = finding.curl[2]!;
    expect(create).toMatch(
      /^printf 'Restconform upload \w+\\n' \| curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/en_gb\/wp-json\/wp\/v2\/media\?title=Restconform%20title%20\w+&caption=Restconform%20caption%20\w+&description=Restconform%20description%20\w+&status=private' /,
    );
    expect(create).toContain(
      ` -u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD" -H 'content-type: text/plain' -H 'content-disposition: attachment; filename="${name}"' --data-binary @-`,
    );
    expect(create).not.toContain(ADMIN.password.replace(/ /g, ''));
  });

  it('reports an upload whose read loses the title sent beside it', async () => {
    const { result, server } = await runOn({ uploadLosesTitle: true });
    expect(findingLines(result.findings)).toEqual([
      expect.stringMatching(
        /^create_persisted failure en_gb GET \/wp\/v2\/media\/\(\?P<id>\[\\d\]\+\): wp\/v2 media life cycle \(en_gb\): the wp\/v2 media create sent title "Restconform title \w+" beside its upload; the new wp\/v2 media reads \{"raw":"","rendered":"<p><\/p>"\}$/,
      ),
    ]);
    // List, list searched by the token, create, read: the whole sequence so far as its reproduction.
    expect(result.findings[0]!.curl).toHaveLength(4);
    expect(server.attachments.size).toBe(0);
  });

  it('deletes the upload (force=true) when the life cycle stops before its own delete', async () => {
    const { result, media, server } = await runOn({ updateFails: true });
    expect(findingLines(result.findings)).toEqual([
      'not_a_server_error failure en_gb PATCH /wp/v2/media/(?P<id>[\\d]+): answered 500',
      "stateful_sequence failure en_gb PATCH /wp/v2/media/(?P<id>[\\d]+): wp/v2 media life cycle (en_gb): update the wp/v2 media's date: expected a 2xx answer, got 500 db_update_error",
    ]);
    expect(media.outcome).toBe('failed');
    expect(media.leftovers).toEqual([]);
    expect(server.creates).toEqual([201]);
    expect(server.attachments.size).toBe(0);
  });
});
