/**
 * The JSON Schema of a configuration file, derived from the settings table: one property per row (its
 * description, then its schema), every other key refused. `config/schema.json` ships the same schema for users'
 * editors; `schema.test.ts` holds the two equal.
 */
import { settingRows } from './run-settings.js';

/** The schema's head: what the file is. */
const HEAD = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://restconform.dev/schema/config.json',
  title: 'restconform configuration',
  description:
    'Settings of `restconform run`, as a YAML file (--config FILE) or a bundled profile (--profile default|ci|fuzz). Every key is optional; command-line options win over the file, the file over the profile, the profile over built-in defaults. Keys mirror the command-line options. Relative paths are relative to the working directory.',
};

/** The configuration file's JSON Schema (2020-12), from the settings table. */
export function configSchema(): Record<string, unknown> {
  return {
    ...HEAD,
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      settingRows().flatMap(([, row]) => [
        [row.file, { description: row.description, ...row.schema }],
        ...(row.formerly === undefined
          ? []
          : [[row.formerly, { description: `Former name of ${row.file}, still read: ${row.description}`, deprecated: true, ...row.schema }]]),
      ]),
    ),
  };
}
