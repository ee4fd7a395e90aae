/**
 * `restconform resources`: prints the resource model the stateful phase works from (families, their routes,
 * parents, ids, writable fields, what came from hints), for a server, a saved descriptor or the bundled server.
 */
import { Command } from 'commander';
import { DescriptorError } from '../../descriptor/index.js';
import { resourcesJob } from '../../jobs/index.js';
import { UsageError, type ExitCodeSink } from '../errors.js';
import { addChoiceOptions, choiceFor, chosenModel, type ChoiceFlags } from './choice-options.js';
import { addSettingOptions, deprecatedOption, settingValues } from '../options.js';
import { descriptorSourceOf, descriptorSourcePicks } from './export.js';

export function resourcesCommand(sink: ExitCodeSink): Command {
  const picks = descriptorSourcePicks('resources', 'fetch the descriptor as this user');
  const hintsPick = [{ key: 'resourceHints' as const, help: 'resource hints (YAML or JSON, or a config file with resources.hints) over the built-in ones' }];
  const command = new Command('resources')
    .summary('Print the resource model the stateful phase infers from a descriptor')
    .description(
      'Print the resource families a descriptor reveals (collection and item routes, sub-resources and parents, create, update and delete, how a list is searched), which of them get a life cycle in the stateful phase, and what came from hints',
    );
  addSettingOptions(command, picks.slice(0, 4)).addOption(deprecatedOption('resources', '--locale', '--locales'));
  addChoiceOptions(addSettingOptions(command, [...picks.slice(4), ...hintsPick]).addOption(deprecatedOption('resources', '--hints', '--resource-hints')));
  return command.action(async (flags: Record<string, unknown>) => {
    const source = descriptorSourceOf('resources', flags, picks);
    const { resourceHints } = settingValues({ ...flags, resourceHints: flags.resourceHints ?? flags.hints }, hintsPick) as { resourceHints: string | null };
    try {
      process.stdout.write(
        `${await resourcesJob({ ...source, resourceHints: resourceHints ?? undefined }, (descriptor, model) =>
          chosenModel(model, descriptor, choiceFor('resources', flags as ChoiceFlags, descriptor)),
        )}\n`,
      );
    } catch (error) {
      if (error instanceof DescriptorError) throw new UsageError(`resources: ${error.message.split('\n')[0]}`);
      throw error;
    }
    sink(0);
  });
}
