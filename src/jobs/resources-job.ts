/** `restconform resources`: the resource model the stateful phase infers from one descriptor, as text. */
import type { LoadedDescriptor } from '../descriptor/index.js';
import { describeModel, inferResources, mergedHints, type ResourceModel } from '../resources/index.js';
import { loadDescriptorSource, type DescriptorSourceOptions } from './descriptor-source.js';
import { readHints } from './hints-file.js';

/** The families a choice of operations keeps, and the parents outside it they need (see `--include`, `--exclude`). */
export type ChooseFamilies = (descriptor: LoadedDescriptor, model: ResourceModel) => { model: ResourceModel; outside: string[] };

/**
 * The model of the descriptor `options` names, with the hints of `resourceHints` (a file) over the built-in ones,
 * narrowed by `choose` to the families of the chosen operations.
 */
export async function resourcesJob(options: DescriptorSourceOptions & { resourceHints?: string }, choose?: ChooseFamilies): Promise<string> {
  const hints = options.resourceHints === undefined ? undefined : await readHints(options.resourceHints);
  const { descriptor } = await loadDescriptorSource(options);
  const inferred = inferResources(descriptor, mergedHints(hints));
  const { model, outside } = choose === undefined ? { model: inferred, outside: [] } : choose(descriptor, inferred);
  const text = describeModel(model);
  return outside.length === 0 ? text : `${text}\n\noutside the choice, followed as parents of chosen families: ${outside.join(', ')}`;
}
