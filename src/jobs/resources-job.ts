/** `restconform resources`: the resource model the stateful phase infers from one descriptor, as text. */
import { describeModel, inferResources, mergedHints } from '../resources/index.js';
import { loadDescriptorSource, type DescriptorSourceOptions } from './descriptor-source.js';
import { readHints } from './hints-file.js';

/** The model of the descriptor `options` names, with the hints of `resourceHints` (a file) over the built-in ones. */
export async function resourcesJob(options: DescriptorSourceOptions & { resourceHints?: string }): Promise<string> {
  const hints = options.resourceHints === undefined ? undefined : await readHints(options.resourceHints);
  const { descriptor } = await loadDescriptorSource(options);
  return describeModel(inferResources(descriptor, mergedHints(hints)));
}
