#!/usr/bin/env node
// Records real WordPress 6.1 answers that the checks' tests replay: fixtures/wordpress-6.1-answers.json.
// Each entry is a request (no credentials: only which account sent it) and the answer WordPress gave to it, so a
// test of a check holds it to what WordPress really says, not to a hand-made look-alike.
//   RWP_ROOT=... RWP_PORT=... node scripts/wordpress/record-answers.js
// It starts a fresh WordPress with the shared realwp tools and stops it at the end.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { realwpTools, startWordPress, stopWordPress } from './realwp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(root, 'fixtures', 'wordpress-6.1-answers.json');

/** The requests, in order (some change the site: the user delete comes after the trash probe of that user). */
const REQUESTS = [
  {
    name: 'trash-not-supported-user',
    why: 'a user has no trash: a DELETE without force is 501 rest_trash_not_supported',
    method: 'DELETE',
    path: '/wp/v2/users/3?reassign=1',
    as: 'admin',
  },
  {
    name: 'refusal-own-callback',
    why: "reassign has its own sanitize callback instead of the declared integer check: 5.5 is refused the route's own way (400 rest_user_invalid_reassign)",
    method: 'DELETE',
    path: '/wp/v2/users/3',
    body: { force: true, reassign: 5.5 },
    as: 'admin',
  },
  {
    name: 'refusal-unknown-item',
    why: 'an invalid content on a block that does not exist: the route answers 404 with its own code before it looks at content',
    method: 'PATCH',
    path: '/wp/v2/blocks/999999',
    body: { content: ' ' },
    as: 'admin',
  },
  {
    name: 'accepted-invalid',
    why: 'title is declared an object but parsed by the controller: a string is taken',
    method: 'POST',
    path: '/wp/v2/posts/1',
    body: { title: ' ' },
    as: 'admin',
  },
  {
    name: 'permission-before-validation',
    why: 'meta is checked after the permission check: an anonymous invalid meta gets 401',
    method: 'PUT',
    path: '/wp/v2/users/1',
    body: { meta: { persisted_preferences: { _modified: 'x' } } },
    as: 'anonymous',
  },
  {
    name: 'declared-required-missing',
    why: 'reassign is declared required on a user delete: 400 rest_missing_callback_param naming it',
    method: 'DELETE',
    path: '/wp/v2/users/4?force=true',
    as: 'admin',
  },
];

/** Headers a check reads; the rest (dates, server software) would only make the fixture noisy. */
const KEPT_HEADERS = ['content-type', 'allow', 'location', 'x-wp-total', 'x-wp-totalpages'];

async function record(wordpress, request) {
  const headers = { accept: 'application/json' };
  if (request.as === 'admin') headers.authorization = `Basic ${Buffer.from(`${wordpress.user}:${wordpress.password}`).toString('base64')}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${wordpress.baseUrl}/wp-json${request.path}`, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  const kept = Object.fromEntries(KEPT_HEADERS.filter((name) => response.headers.has(name)).map((name) => [name, response.headers.get(name)]));
  const { as, ...sent } = request;
  return {
    ...sent,
    credentials: as,
    response: { status: response.status, headers: kept, body: text.includes(wordpress.password) ? '(withheld: holds a secret)' : text },
  };
}

async function main() {
  const tools = realwpTools(root);
  const wordpress = await startWordPress(tools, { fresh: true });
  try {
    const answers = [];
    for (const request of REQUESTS) answers.push(await record(wordpress, request));
    const recorded = { recordedFrom: 'WordPress 6.1 (shared/tools/realwp, fresh install)', recordedAt: new Date().toISOString().slice(0, 10), answers };
    writeFileSync(OUT, `${JSON.stringify(recorded, null, 2)}\n`);
    process.stdout.write(`record-answers: ${answers.length} answers in ${OUT}\n`);
  } finally {
    await stopWordPress(tools);
  }
}

main().catch((error) => {
  process.stderr.write(`record-answers: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
