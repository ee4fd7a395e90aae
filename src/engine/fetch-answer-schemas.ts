/** Fetching the item schemas a target publishes, once per run, for the checks that judge answers with them. */
import { AnswerValidators } from '../checks/answer-validators.js';
import { fetchItemSchemas, type ItemSchemaSet, type LoadedDescriptor } from '../descriptor/index.js';
import { basicAuthorization } from '../request/index.js';
import type { Credentials } from '../request/types.js';
import type { Execution, Sender } from './execution/execution.js';

export interface LoadAnswerSchemasOptions {
  descriptors: readonly LoadedDescriptor[];
  restUrls: ReadonlyMap<string | null, string>;
  sender: Sender;
  execution: Execution;
  credentials?: Credentials;
  signal?: AbortSignal;
  concurrency: number;
}

/**
 * Each locale's published schemas (`?context=help` per namespace, `OPTIONS` where that fails), fetched through the
 * run's sender like the descriptors, before any phase (so not among the run's requests, each of which is an
 * exchange event); what could not be read becomes a warning event.
 */
export async function loadAnswerSchemas(options: LoadAnswerSchemasOptions): Promise<AnswerValidators> {
  const sets: ItemSchemaSet[] = [];
  for (const descriptor of options.descriptors) {
    const set = await fetchItemSchemas({
      restUrl: options.restUrls.get(descriptor.locale),
      descriptor,
      transport: options.sender,
      headers: options.credentials ? { authorization: basicAuthorization(options.credentials) } : undefined,
      signal: options.signal,
      concurrency: options.concurrency,
    });
    for (const warning of set.warnings) options.execution.emit({ type: 'warning', message: `published schemas: ${warning}` });
    sets.push(set);
  }
  const schemas = new AnswerValidators(sets);
  schemas.compileAll();
  return schemas;
}
