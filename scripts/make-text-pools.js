/**
 * `npm run text-pools`: draws the faker text pools (`src/generate/text-pools-faker.ts`, compiled in dist/) and writes
 * them to `src/generate/text-pools.data.ts`, which the harness reads instead of running faker at every start. Run it
 * after changing the draw or upgrading faker; the unit test `text-pools.test.ts` fails until then.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drawFakerPools } from '../dist/generate/text-pools-faker.js';

const target = fileURLToPath(new URL('../src/generate/text-pools.data.ts', import.meta.url));
writeFileSync(target, renderPoolsModule(drawFakerPools()));
process.stdout.write(`wrote ${target}\n`);

/** @param {Record<string, string[]>} pools */
export function renderPoolsModule(pools) {
  const body = Object.entries(pools)
    .map(([name, values]) => `  ${name}: [\n${values.map((value) => `    ${JSON.stringify(value)},`).join('\n')}\n  ],`)
    .join('\n');
  return `/**
 * The faker text pools as data, so that the harness never loads faker. Written by \`npm run text-pools\` from
 * \`drawFakerPools()\`; do not edit by hand: \`text-pools.test.ts\` fails when this differs from what faker draws.
 */
import type { FakerPools } from './text-pools-faker.js';

export const FAKER_POOLS: FakerPools = {
${body}
};
`;
}
