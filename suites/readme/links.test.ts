/**
 * The README, ARCHITECTURE.md and every page of docs/ link only to pages that exist, and to headings those pages have:
 * a reader who follows a link lands where it says. Links out of the repository (http, https, mailto) are not followed.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The Markdown pages written for people: the README, ARCHITECTURE.md and docs/, recursively. */
function pages(folder = join(root, 'docs')): string[] {
  const inside = readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? pages(join(folder, entry.name)) : entry.name.endsWith('.md') ? [join(folder, entry.name)] : [],
  );
  return folder === join(root, 'docs') ? [join(root, 'README.md'), join(root, 'ARCHITECTURE.md'), ...inside] : inside;
}

/** A page's text without its fenced code blocks, where a bracket is code, not a link. */
const prose = (text: string): string => text.replace(/^```[\s\S]*?^```/gm, '');

/** The anchor GitHub gives a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
export function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');
}

/** The anchors of a page's headings. */
export function anchorsOf(text: string): Set<string> {
  return new Set([...prose(text).matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingAnchor(match[1]!.trim())));
}

/** Every relative link of a page that leads nowhere, as `target (why)`. */
export function brokenLinks(page: string, text: string, read = (path: string) => readFileSync(path, 'utf8')): string[] {
  const broken: string[] = [];
  for (const match of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (/^(https?|mailto):/.test(target)) continue;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const file = path === '' ? page : join(dirname(page), path);
    if (!existsSync(file)) {
      broken.push(`${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && !anchorsOf(read(file)).has(anchor)) broken.push(`${target} (no such heading)`);
  }
  return broken;
}

describe('the pages for people', () => {
  it('link only to pages and headings that exist', () => {
    const found = pages();
    expect(found.length).toBeGreaterThan(15);
    const broken = found.flatMap((page) => brokenLinks(page, readFileSync(page, 'utf8')).map((link) => `${relative(root, page)}: ${link}`));
    expect(broken).toEqual([]);
  });
});

describe('the link check', () => {
  it('makes the anchors GitHub makes', () => {
    expect(headingAnchor('Contexts, fields and `Allow`')).toBe('contexts-fields-and-allow');
    expect(headingAnchor('`not_a_server_error`')).toBe('not_a_server_error');
    expect(headingAnchor('Ctrl-C, and what a run leaves')).toBe('ctrl-c-and-what-a-run-leaves');
  });

  it('finds a missing page and a missing heading, and skips code and outside links', () => {
    const page = join(root, 'docs', 'README.md');
    const text = '[a](triage.md#replay-a-finding) [b](no-such-page.md) [c](triage.md#no-such-heading) [d](https://example.org)\n```\n[e](nowhere.md)\n```\n';
    expect(brokenLinks(page, text)).toEqual(['no-such-page.md (no such file)', 'triage.md#no-such-heading (no such heading)']);
  });
});
