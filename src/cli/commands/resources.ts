/**
 * `restconform resources`: prints the resource model the stateful phase works from (families, their routes,
 * parents, ids, writable fields, what came from hints), for a server, a saved descriptor or the bundled server.
 */
import { Command } from 'commander';
import { DescriptorError } from '../../descriptor/index.js';
import { describeModel, inferResources, mergedHints } from '../../resources/index.js';
import { readHints } from '../../run/index.js';
import { UsageError, type ExitCodeSink } from '../errors.js';
import { addChoiceOptions, choiceFor, chosenModel, type ChoiceFlags } from './choice-options.js';
import { deprecatedOption, loadSource, ONE_LOCALE_HELP, oneLocale } from './export.js';

interface ResourcesFlags extends ChoiceFlags {
  baseUrl?: string;
  descriptor?: string;
  restRoot?: string;
  locales?: string;
  user?: string;
  appPasswordEnv?: string;
  resourceHints?: string;
  /** Former spellings of `--locales` and `--resource-hints`, still read. */
  locale?: string;
  hints?: string;
}

const DEFAULTS = { restRoot: 'wp-json', locales: 'en_gb', appPasswordEnv: 'RESTCONFORM_APP_PASSWORD' } as const;

export function resourcesCommand(sink: ExitCodeSink): Command {
  const command = new Command('resources')
    .summary('Print the resource model the stateful phase infers from a descriptor')
    .description(
      'Print the resource families a descriptor reveals (collection and item routes, sub-resources and parents, create, update and delete, how a list is searched), which of them get a life cycle in the stateful phase, and what came from hints',
    )
    .option('--base-url <url>', 'read the descriptor from this server (default: the bundled reference server, started in-process)')
    .option('--descriptor <file>', 'read the descriptor from a saved JSON file instead of a server')
    .option('--rest-root <path>', `REST root path segment (default: ${DEFAULTS.restRoot})`)
    .option('--locales <locale|none>', ONE_LOCALE_HELP)
    .addOption(deprecatedOption('resources', '--locale', '--locales'))
    .option('--user <login>', 'fetch the descriptor as this user (default: anonymous)')
    .option('--app-password-env <var>', `environment variable holding that user's application password (default: ${DEFAULTS.appPasswordEnv})`)
    .option('--resource-hints <file>', 'resource hints (YAML or JSON, or a config file with resources.hints) over the built-in ones')
    .addOption(deprecatedOption('resources', '--hints', '--resource-hints'));
  return addChoiceOptions(command).action(async ({ locale: oldLocale, hints: oldHints, ...given }: ResourcesFlags) => {
    const flags: ResourcesFlags & { restRoot: string; locales: string; appPasswordEnv: string } = {
      ...DEFAULTS,
      ...Object.fromEntries(Object.entries({ locales: oldLocale, resourceHints: oldHints }).filter(([, value]) => value !== undefined)),
      ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
    };
    if (flags.baseUrl !== undefined && flags.descriptor !== undefined) throw new UsageError('resources: give --base-url or --descriptor, not both');
    const locale = oneLocale('resources', flags.locales);
    const hints = flags.resourceHints === undefined ? undefined : await readHints(flags.resourceHints);
    try {
      const { descriptor } = await loadSource(flags, locale, false);
      const choice = choiceFor('resources', flags, descriptor);
      const { model, outside } = chosenModel(inferResources(descriptor, mergedHints(hints)), descriptor, choice);
      process.stdout.write(`${describeModel(model)}\n`);
      if (outside.length > 0) process.stdout.write(`\noutside the choice, followed as parents of chosen families: ${outside.join(', ')}\n`);
    } catch (error) {
      if (error instanceof DescriptorError) throw new UsageError(`resources: ${error.message.split('\n')[0]}`);
      throw error;
    }
    sink(0);
  });
}
