/**
 * The configuration file's vocabulary, derived from the settings table: each YAML key (kebab-case, like the
 * command-line option of the same name) and the `RunConfigInput` field it sets, with the conversion both ways. The
 * file is validated by the configuration schema before `fromFile` runs, so conversions only see well-typed values.
 */
import { settingRows, type RunConfigInput } from './run-settings.js';

export interface FileKey {
  /** The key in the YAML file, also the command-line option without `--`. */
  file: string;
  input: keyof RunConfigInput;
  /** File value (schema-valid) → input value; may throw `ConfigError` for rules a schema cannot state. */
  fromFile(value: unknown): unknown;
  /** Input value → file value, so command-line overrides are validated by the same schema. */
  toFile(value: unknown): unknown;
}

const same = (value: unknown): unknown => value;

export const FILE_KEYS: readonly FileKey[] = settingRows().map(([input, row]) => ({
  file: row.file,
  input,
  fromFile: row.fromFile ?? same,
  toFile: row.toFile ?? same,
}));

/** The file key that sets an input field. */
export function fileKeyOf(input: keyof RunConfigInput): FileKey {
  const found = FILE_KEYS.find((entry) => entry.input === input);
  if (!found) throw new Error(`no configuration file key for "${input}"`);
  return found;
}
