/** The README asks for the Node.js version package.json requires, no older: a user who follows it can install. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const engines = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }).engines.node;

describe('the README', () => {
  it("names the Node.js version package.json's engines field requires", () => {
    const required = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines)?.[1];
    expect(required, `engines.node is ${engines}`).toBeDefined();
    const named = [...readme.matchAll(/Node(?:\.js)? (\d+(?:\.\d+){0,2})/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((version) => version === required)).toBe(true);
  });
});
