import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationChoice } from '../../config/index.js';
import type { LoadedDescriptor } from '../../descriptor/index.js';
import { referenceDescriptor } from '../../export/testing/descriptors.js';
import { inferResources, mergedHints } from '../../resources/index.js';
import { UsageError } from '../errors.js';
import { flagsToOverrides } from './run.js';
import { addChoiceOptions, choiceFor, chosenDescriptor, chosenModel } from './choice-options.js';

let descriptor: LoadedDescriptor;
beforeAll(async () => {
  descriptor = await referenceDescriptor('en_gb');
});

describe('--include and --exclude of export and resources', () => {
  it('are repeatable options, as on run', () => {
    const command = addChoiceOptions(new Command('x').exitOverride());
    command.parse(['--include', 'community/v1', '--include', 'calendar/v1', '--exclude', 'DELETE *'], { from: 'user' });
    expect(command.opts()).toEqual({ include: ['community/v1', 'calendar/v1'], exclude: ['DELETE *'] });
    expect(flagsToOverrides({ include: ['community/v1', 'calendar/v1'], exclude: ['DELETE *'] })).toMatchObject({
      include: ['community/v1', 'calendar/v1'],
      exclude: ['DELETE *'],
    });
  });

  it('export only the chosen operations and the routes that serve them', () => {
    const chosen = chosenDescriptor(descriptor, choiceFor('export', { include: ['GET /community/v1/members/*'] }, descriptor));
    expect(chosen.operations.length).toBeGreaterThan(0);
    expect(chosen.operations.every((op) => op.method === 'GET' && op.route.startsWith('/community/v1/members/'))).toBe(true);
    expect(Object.keys(chosen.root.routes).sort()).toEqual([...new Set(chosen.operations.map((op) => op.route))].sort());
    expect(chosenDescriptor(descriptor, operationChoice({}))).toBe(descriptor);
  });

  it('show the chosen families, with the parents they need from outside the choice named', () => {
    const model = inferResources(descriptor, mergedHints(undefined));
    const choice = choiceFor('resources', { include: ['/community/v1/profile/fields/**'] }, descriptor);
    const { model: shown, outside } = chosenModel(model, descriptor, choice);
    expect(shown.families.map((family) => family.name)).toEqual(['community/v1 profile/groups', 'community/v1 profile/fields']);
    expect(outside).toEqual(['community/v1 profile/groups']);
  });

  it('refuse a choice that selects nothing, or a pattern they cannot read, as a usage error of one line', () => {
    expect(() => choiceFor('export', { include: ['myplugin/v1'] }, descriptor)).toThrow(UsageError);
    expect(() => choiceFor('export', { include: ['myplugin/v1'] }, descriptor)).toThrow(
      /^export: --include 'myplugin\/v1' chooses no operation; the descriptor's namespaces: .*community\/v1/,
    );
    expect(() => choiceFor('resources', { exclude: ['/a(/'] }, descriptor)).toThrow(/^resources: exclude\[0\]: "\/a\(\/": not a regular expression/);
  });
});
