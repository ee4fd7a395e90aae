/**
 * Reads a `node --cpu-prof` profile (e.g. from `npm run bench -- --cpu-prof DIR`) and prints where the time went:
 * the functions with the most self time, and self time by package (`node_modules/…`) or stage (`dist/…`).
 *
 *   node bench/profile-top.js FILE.cpuprofile [COUNT]
 */
import { readFileSync } from 'node:fs';

const [file, countText = '25'] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/profile-top.js FILE.cpuprofile [COUNT]\n');
  process.exit(2);
}
const count = Number(countText);

/** @type {{ nodes: Array<{ id: number, callFrame: { functionName: string, url: string, lineNumber: number } }>, samples: number[], timeDeltas: number[] }} */
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));

/** Where a frame's code lives, short: `undici/lib/core/util.js`, `dist/http/body.js`, `node:net`. */
function place(url) {
  const inPackage = /node_modules\/(.*)$/.exec(url);
  if (inPackage) return inPackage[1];
  const inDist = /\/(dist\/.*)$/.exec(url);
  if (inDist) return inDist[1];
  return url;
}

/** The package (`undici`, `@faker-js/faker`) or stage (`dist/http`) a frame belongs to. */
function owner(url, functionName) {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const inPackage = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url);
  if (inPackage) return inPackage[1];
  const inDist = /\/dist\/([^/]+)/.exec(url);
  if (inDist) return `dist/${inDist[1]}`;
  if (url.startsWith('node:')) return 'node';
  return url;
}

const byFunction = new Map();
const byOwner = new Map();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const { callFrame } = nodes.get(profile.samples[i]);
  const micros = profile.timeDeltas[i] ?? 0;
  total += micros;
  const name = `${callFrame.functionName || '(anonymous)'} ${place(callFrame.url)}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  const group = owner(callFrame.url, callFrame.functionName);
  byOwner.set(group, (byOwner.get(group) ?? 0) + micros);
}

const line = (micros, label) => `${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${label}`;
const top = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
process.stdout.write(`${file}: ${(total / 1000).toFixed(0)} ms sampled\n\nself time by function\n`);
for (const [name, micros] of top(byFunction)) process.stdout.write(`${line(micros, name)}\n`);
process.stdout.write('\nself time by package or stage\n');
for (const [name, micros] of top(byOwner)) process.stdout.write(`${line(micros, name)}\n`);
