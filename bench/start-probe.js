/**
 * Start to first request, in a fresh process: load the harness, get the descriptors (fetched from a server in
 * each locale, or read from a file), build every operation's generators, then draw the first case and send it
 * (or only build it, when there is no server). Each step is timed from the process's own start
 * (`performance.timeOrigin`), so Node's boot and module loading count too.
 *
 * Input (argv[2], JSON): { baseUrl, locales, seed } or { descriptorFile, seed }. With a server the administrator's
 * application password is read from RESTCONFORM_APP_PASSWORD. Sends its timings to the parent over IPC.
 */
import fc from 'fast-check';

/** @type {{ baseUrl?: string, locales?: string[], descriptorFile?: string, seed: number }} */
const input = JSON.parse(process.argv[2]);
/** Milliseconds since the process started, and CPU milliseconds used by then (steadier on a busy machine). */
/** @type {Record<string, number>} */
const at = {};
/** @type {Record<string, number>} */
const cpuAt = {};
const mark = (step) => {
  at[step] = Math.round(performance.now());
  const cpu = process.cpuUsage();
  cpuAt[step] = Math.round((cpu.user + cpu.system) / 1000);
};

const { createTransport } = await import('../dist/http/index.js');
const { fetchDescriptor, readDescriptorFile } = await import('../dist/descriptor/index.js');
const { generatorCache } = await import('../dist/engine/generators.js');
const { runOperations } = await import('../dist/engine/engine.js');
const { operationSeed } = await import('../dist/generate/index.js');
const { buildRequest } = await import('../dist/request/index.js');
mark('modulesLoaded');

const credentials = { user: 'admin', password: process.env.RESTCONFORM_APP_PASSWORD ?? '' };
const transport = createTransport({ connections: 16 });
/** @type {import('../dist/descriptor/types.js').LoadedDescriptor[]} */
const descriptors = [];
if (input.descriptorFile) {
  descriptors.push(await readDescriptorFile(input.descriptorFile, null));
} else {
  // One after the other, as `runJob` fetches them.
  for (const locale of input.locales ?? []) {
    descriptors.push(await fetchDescriptor({ baseUrl: /** @type {string} */ (input.baseUrl), restRoot: 'wp-json', locale, credentials, transport }));
  }
}
mark('descriptorsLoaded');

const operations = runOperations(descriptors, false);
const generators = generatorCache(input.seed);
for (const op of operations) generators(op);
mark('generatorsBuilt');

const first = operations[0];
const [requestCase] = fc.sample(generators(first).valid, { seed: operationSeed(input.seed, `${first.id} valid`), numRuns: 1 });
const restUrl = input.baseUrl ? `${input.baseUrl}/${first.locale}/wp-json` : 'http://127.0.0.1/wp-json';
const request = buildRequest({ restUrl, operation: first, requestCase, credentials });
mark('firstRequestBuilt');
if (input.baseUrl) {
  const sent = transport.send(request);
  mark('firstRequestSent');
  await sent;
}
await transport.close();

// Not part of the measure: how long one valid and one invalid case of every operation take on top.
for (const op of operations) {
  const built = generators(op);
  fc.sample(built.valid, { seed: input.seed, numRuns: 1 });
  if (built.invalid) fc.sample(built.invalid, { seed: input.seed, numRuns: 1 });
}
mark('everyOperationSampled');

process.send?.({ at, cpuAt, operations: operations.length, routes: descriptors.reduce((n, d) => n + Object.keys(d.root.routes).length, 0) }, () =>
  process.disconnect(),
);
