import { describe, expect, it } from 'vitest';
import { answeredBefore, type ModelWorld } from './world.js';

const world = (): ModelWorld => ({ locales: [], families: [], identities: [], main: undefined, accounts: undefined, created: new Map() });

describe('answeredBefore', () => {
  it('tells an id a create of the phase was answered with before, per family', () => {
    const phase = world();
    expect(answeredBefore(phase, 'moderation', '5')).toBe(false);
    expect(answeredBefore(phase, 'moderation', '5')).toBe(true);
    expect(answeredBefore(phase, 'members', '5')).toBe(false);
  });

  it('keeps the latest ten thousand ids of a family, so a long run does not grow by every id it made', () => {
    const phase = world();
    for (let id = 0; id < 10_050; id += 1) answeredBefore(phase, 'moderation', String(id));
    expect(phase.created.get('moderation')!.size).toBe(10_000);
    expect(answeredBefore(phase, 'moderation', '10049')).toBe(true);
    expect(answeredBefore(phase, 'moderation', '0')).toBe(false);
  });
});
