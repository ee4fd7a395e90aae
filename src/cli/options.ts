/**
 * The options of every command, from the settings table (`config/settings-table.ts`): a command picks the rows it
 * takes, and each option is the row's (its spelling, its help with the default shown, its parser), so that
 * `--base-url`, `--user` or `--timeout-ms` mean one thing, spelt one way, in every command. A command may give a
 * row its own help or default where it reads the setting its own way (`export` reads one locale, not a list).
 */
import { Option, type Command } from 'commander';
import { BUILTIN_DEFAULTS, COMMAND_OPTIONS, ConfigError, SETTINGS, shownDefault, type FlagContext, type SettingKey } from '../config/index.js';
import { knownNames } from '../jobs/index.js';
import { UsageError } from './errors.js';

/** A row a command takes: its key, with the command's own help, default or parser when it reads the setting its own way. */
export interface Pick {
  key: SettingKey | keyof typeof COMMAND_OPTIONS;
  help?: string;
  /** The option's value as help names it, where the command reads it its own way (`locale|none`: one locale). */
  valueName?: string;
  /** The value when the option is not given; default: the row's built-in default. */
  default?: unknown;
  /** The option's text → its value; default: the row's parser, else the text. */
  parse?: (given: string | string[]) => unknown;
}

/** What the parsers and help lines get: the check registry's names and the phases'. */
export function flagContext(): FlagContext {
  return knownNames();
}

interface Spelled {
  option: string;
  help: string | ((shown: string, context: FlagContext) => string);
  parse?: (given: string | string[], context: FlagContext) => unknown;
  repeatable?: boolean;
  choices?: readonly string[];
  hidden?: boolean;
}

function rowOf(key: Pick['key']): Spelled {
  if (key in COMMAND_OPTIONS) return COMMAND_OPTIONS[key as keyof typeof COMMAND_OPTIONS];
  const flag = SETTINGS[key as SettingKey].flag as Spelled | undefined;
  if (flag === undefined) throw new Error(`the setting ${key} has no command-line option`);
  return flag;
}

const defaultOf = (pick: Pick): unknown => ('default' in pick ? pick.default : (BUILTIN_DEFAULTS as Record<string, unknown>)[pick.key]);

/** Adds the picked rows' options to `command`, in the order given. */
export function addSettingOptions(command: Command, picks: readonly Pick[]): Command {
  const context = flagContext();
  for (const pick of picks) {
    const row = rowOf(pick.key);
    const help = pick.help ?? (typeof row.help === 'string' ? row.help : row.help(shownDefault(defaultOf(pick)), context));
    const option = new Option(pick.valueName === undefined ? row.option : row.option.replace(/<[^>]+>/, `<${pick.valueName}>`), help);
    if (row.repeatable) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    if (row.choices) option.choices(row.choices);
    if (row.hidden) option.hideHelp();
    command.addOption(option);
  }
  return command;
}

/** The picked settings' values from commander's flags: each given one parsed by its row, else its default. */
export function settingValues(flags: Record<string, unknown>, picks: readonly Pick[]): Record<string, unknown> {
  const context = flagContext();
  const values: Record<string, unknown> = {};
  for (const pick of picks) {
    const row = rowOf(pick.key);
    const given = flags[new Option(row.option).attributeName()] as string | string[] | undefined;
    try {
      values[pick.key] = given === undefined ? defaultOf(pick) : pick.parse ? pick.parse(given) : row.parse ? row.parse(given, context) : given;
    } catch (error) {
      throw error instanceof ConfigError ? new UsageError(error.message) : error;
    }
  }
  return values;
}

/** A former option name, still read but hidden from help: its use prints one line naming the option to use. */
export function deprecatedOption(command: string, old: string, current: string): Option {
  return new Option(`${old} <value>`, `deprecated: use ${current}`).hideHelp().argParser((value: string) => {
    process.stderr.write(`restconform: ${command}: ${old} is deprecated; use ${current}, the name restconform run uses\n`);
    return value;
  });
}
