/**
 * Names for what sequences create: unique within a run, the same for the same seed, letters and digits only
 * (a member login takes no more). `kind` keeps the phases apart: `s` stateful, `b` batch.
 */
export function seededToken(seed: number, kind: string, counter: number): string {
  return `${Math.abs(seed).toString(36)}${kind}${counter.toString(36)}`;
}
