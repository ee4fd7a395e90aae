/**
 * `restconform run`: test a server (or the bundled reference server) against its own descriptor.
 * Flags override the configuration file, which overrides the profile. Help shows each built-in default, but
 * no default is applied here: a flag that is not given leaves the lower layers in charge.
 */
import { Command, Option } from 'commander';
import {
  BUILTIN_DEFAULTS,
  ConfigError,
  settingRows,
  shownDefault,
  type ProfileName,
  type RunConfigInput,
  type SettingKey,
  type SettingSpec,
} from '../../config/index.js';
import { UsageError, type ExitCodeSink } from '../errors.js';
import { CLEAN_UP_CAP_MS, loadRunSettings, runJob } from '../../jobs/index.js';
import { addSettingOptions, flagContext, settingValues, type Pick } from '../options.js';

/** What commander hands the action: each option's text (a list for a repeatable one, a boolean for a switch). */
type RunFlags = Record<string, string | string[] | boolean | undefined>;

/**
 * The settings given as options, each with its commander option; a renamed setting's former option too, hidden
 * from help, under the former name (the settings' loading reads it with a deprecation line).
 */
function flagRows(): Array<{ key: SettingKey; flag: NonNullable<SettingSpec<unknown>['flag']>; option: Option }> {
  return settingRows().flatMap(([key, row]) => {
    if (!row.flag) return [];
    const current = { key, flag: row.flag, option: new Option(row.flag.option) };
    if (row.formerly === undefined) return [current];
    const former = new Option(row.flag.option.replace(/^--\S+/, `--${row.formerly}`)).hideHelp();
    return [current, { key: row.formerly as SettingKey, flag: row.flag, option: former }];
  });
}

/** Command-line flags as a configuration layer; absent flags stay undefined. */
export function flagsToOverrides(flags: RunFlags): RunConfigInput {
  const context = flagContext();
  const overrides: Record<string, unknown> = {};
  for (const { key, flag, option } of flagRows()) {
    const given = flags[option.attributeName()];
    if (!option.required && !option.optional) {
      // A switch: `--strict-auth` sets true, `--no-cleanup` false; commander's implied value (true for --no-x) is no
      // choice and would hide the configuration file's value.
      const chosen = option.negate ? given === false : given === true;
      overrides[key] = chosen ? !option.negate : undefined;
    } else {
      overrides[key] = given === undefined ? undefined : flag.parse ? flag.parse(given as string | string[], context) : given;
    }
  }
  return overrides as RunConfigInput;
}

/** Options that choose configuration layers rather than set a setting; listed after this setting's option. */
const LAYER_OPTIONS_AFTER: SettingKey = 'contract';
/** The layers' options; without one, no layer of its own (no default applied here either). */
const LAYER_PICKS: readonly Pick[] = [
  { key: 'config', default: undefined },
  { key: 'profile', default: undefined },
];

export function runCommand(sink: ExitCodeSink): Command {
  const context = flagContext();
  const command = new Command('run').description(
    'Test a server against its root descriptor (and the interface contract); without --base-url, test the bundled reference server',
  );
  for (const { key, flag, option } of flagRows()) {
    const shown = shownDefault((BUILTIN_DEFAULTS as Record<string, unknown>)[key]);
    option.description = typeof flag.help === 'string' ? flag.help : flag.help(shown, context);
    if (flag.repeatable) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    command.addOption(option);
    if (key === LAYER_OPTIONS_AFTER) addSettingOptions(command, LAYER_PICKS);
  }
  return command.action(async (flags: RunFlags) => {
    const layers = settingValues(flags, LAYER_PICKS) as { config?: string; profile?: ProfileName };
    let settings;
    try {
      settings = loadRunSettings({ file: layers.config, profile: layers.profile, overrides: flagsToOverrides(flags) });
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.message);
      throw error;
    }
    // The first Ctrl-C (or SIGTERM) stops the run and cleans up what it made; the second skips the clean-up; a third quits.
    const controller = new AbortController();
    const skipCleanUp = new AbortController();
    let interrupts = 0;
    const onInterrupt = (signal: NodeJS.Signals): void => {
      interrupts += 1;
      if (interrupts === 1) {
        process.stderr.write(
          `\nrestconform: ${signal === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted'}; finishing the reports of what ran, after the clean-up of what the run made (up to ${CLEAN_UP_CAP_MS / 1000} s; Ctrl-C again to skip it)\n`,
        );
        controller.abort();
      } else if (interrupts === 2) {
        process.stderr.write('\nrestconform: second Ctrl-C: skipping the clean-up, writing the reports (Ctrl-C again to quit at once)\n');
        skipCleanUp.abort('second Ctrl-C: clean-up skipped');
      } else {
        process.exit(130);
      }
    };
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onInterrupt);
    try {
      const { exitCode } = await runJob(settings, { signal: controller.signal, skipCleanUp: skipCleanUp.signal });
      sink(exitCode);
    } finally {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onInterrupt);
    }
  });
}
