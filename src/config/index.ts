/** Configuration of `restconform run`: settings types, the YAML loader with its profiles, option parsers. */
export {
  BUILTIN_DEFAULTS,
  FAIL_ON_NAMES,
  PHASE_NAMES,
  type AccountSetting,
  type FailOn,
  type PhaseName,
  type RunConfigInput,
  type RunSettings,
  type Shard,
} from './settings.js';
export { loadConfig, parseConfigText, readConfigFile, PROFILE_NAMES, type LoadConfigOptions, type ProfileName } from './load.js';
export { parseAccount, parseChecks, parseFailOn, parseLocales, parsePhases, parseShard } from './parse-values.js';
export { ConfigError, formatIssue, type ConfigIssue } from './errors.js';
export { configSchema } from './validate-file.js';
export { configDir, packageRoot } from './package-root.js';
