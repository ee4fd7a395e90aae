/**
 * Settings that were renamed keep their former names as aliases: a configuration-file key, a `--option` and a key of
 * the library's options (`examples` for `fuzz-examples`, `concurrency` for `connections`; a row's `formerly`). Each
 * use still works and prints one deprecation line on stderr, once per loading of the settings.
 */
import { settingRows, type SettingKey } from './run-settings.js';

/** A former name and the setting it stands for. */
export interface FormerName {
  /** The former name: its file key, `--option` and library key at once (one word). */
  former: string;
  /** The setting's key now (`fuzzExamples`). */
  input: SettingKey;
  /** The setting's file key and option name now (`fuzz-examples`). */
  file: string;
}

export const FORMER_NAMES: readonly FormerName[] = settingRows().flatMap(([input, row]) =>
  row.formerly === undefined ? [] : [{ former: row.formerly, input, file: row.file }],
);

/** Says once per `said` that `name` is a former name: the line a user sees on stderr. */
export function warnFormerName(name: FormerName, said: Set<string>): void {
  if (said.has(name.former)) return;
  said.add(name.former);
  process.stderr.write(
    `restconform: the setting "${name.former}" (--${name.former}) is now "${name.file}" (--${name.file}); the old name still works but is deprecated\n`,
  );
}
