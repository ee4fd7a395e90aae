/**
 * `--include` and `--exclude` of the commands that read one descriptor (`export`, `resources`): the patterns of
 * `restconform run`'s settings (the same rows' help), applied to what the command writes. See docs/choosing-operations.md.
 */
import type { Command } from 'commander';
import { ConfigError, emptyChoiceMessage, operationChoice, SETTINGS, type OperationChoice } from '../../config/index.js';
import type { LoadedDescriptor } from '../../descriptor/index.js';
import type { ResourceFamily, ResourceModel } from '../../resources/index.js';
import { UsageError } from '../errors.js';

/** The options as commander hands them over. */
export interface ChoiceFlags {
  include?: string[];
  exclude?: string[];
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Adds `--include` and `--exclude` (repeatable) to `command`, with `restconform run`'s help lines. */
export function addChoiceOptions(command: Command): Command {
  for (const row of [SETTINGS.include, SETTINGS.exclude]) {
    const help = row.flag!.help;
    command.option(row.flag!.option, typeof help === 'string' ? help : row.description, collect);
  }
  return command;
}

/**
 * The choice the flags make, refused (exit 2, one line) when a pattern is unreadable or when it selects none of
 * `descriptor`'s operations, naming the namespaces it has.
 */
export function choiceFor(command: string, flags: ChoiceFlags, descriptor: LoadedDescriptor): OperationChoice {
  let choice: OperationChoice;
  try {
    choice = operationChoice({ include: flags.include ?? [], exclude: flags.exclude ?? [] });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`${command}: ${error.message.split('\n')[0]}`);
    throw error;
  }
  const empty = emptyChoiceMessage(choice, descriptor.operations);
  if (empty !== undefined) throw new UsageError(`${command}: ${empty}`);
  return choice;
}

/** The descriptor with only the chosen operations, and the routes that serve one of them. */
export function chosenDescriptor(descriptor: LoadedDescriptor, choice: OperationChoice): LoadedDescriptor {
  if (choice.everything) return descriptor;
  const operations = descriptor.operations.filter(choice.chooses);
  const routes = new Set(operations.map((op) => op.route));
  return {
    ...descriptor,
    operations,
    root: { ...descriptor.root, routes: Object.fromEntries(Object.entries(descriptor.root.routes).filter(([route]) => routes.has(route))) },
  };
}

/**
 * The model's families that serve a chosen operation, with the parents they need from outside the choice (the
 * resource model follows them as a run does), and the names of those parents.
 */
export function chosenModel(model: ResourceModel, descriptor: LoadedDescriptor, choice: OperationChoice): { model: ResourceModel; outside: string[] } {
  if (choice.everything) return { model, outside: [] };
  const chosenRoutes = new Set(descriptor.operations.filter(choice.chooses).map((op) => op.route));
  const serves = (family: ResourceFamily): boolean => [family.collection, family.item].some((route) => route !== undefined && chosenRoutes.has(route));
  const byName = new Map(model.families.map((family) => [family.name, family]));
  const kept = new Set(model.families.filter(serves).map((family) => family.name));
  const outside = new Set<string>();
  const follow = (family: ResourceFamily): void => {
    for (const parent of family.parents) {
      if (kept.has(parent.family) || outside.has(parent.family) || !byName.has(parent.family)) continue;
      outside.add(parent.family);
      follow(byName.get(parent.family)!);
    }
  };
  for (const name of kept) follow(byName.get(name)!);
  return {
    model: { ...model, families: model.families.filter((family) => kept.has(family.name) || outside.has(family.name)) },
    outside: [...outside],
  };
}
