import { describe, expect, it } from 'vitest';
import { LeftoverLines, MAX_LEFTOVER_LINES } from './runner.js';

describe('the leftover lines of a long search', () => {
  it('keeps the first hundred and counts the rest, however many sequences leave something behind', () => {
    const leftovers = new LeftoverLines();
    for (let sequence = 1; sequence <= 5000; sequence += 1) leftovers.add([`DELETE /things/${sequence}: 500`]);
    const lines = leftovers.list();
    expect(lines).toHaveLength(MAX_LEFTOVER_LINES + 1);
    expect(lines[0]).toBe('DELETE /things/1: 500');
    expect(lines.at(-1)).toBe(`… and ${5000 - MAX_LEFTOVER_LINES} more clean-up requests that left something behind`);
  });

  it('lists a few as they are', () => {
    const leftovers = new LeftoverLines();
    leftovers.add(['DELETE /a/1: 500']);
    leftovers.add([]);
    expect(leftovers.list()).toEqual(['DELETE /a/1: 500']);
  });
});
