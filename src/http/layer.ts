/** A transport layer adds one behaviour around the send function below it, like undici's interceptors. */
import type { SendFn } from './types.js';

/** Wraps the send function below it and returns one with the behaviour added. */
export type Layer = (next: SendFn) => SendFn;

/** Stacks layers: the first listed is the outermost. */
export function composeLayers(layers: readonly Layer[], innermost: SendFn): SendFn {
  return layers.reduceRight<SendFn>((send, layer) => layer(send), innermost);
}
