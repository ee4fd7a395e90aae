/** Configuration of `restconform run`: the settings table and its types, the YAML loader with its profiles, option parsers. */
export { FAIL_ON_NAMES, type AccountSetting, type FailOn, type Shard } from './setting-vocabularies.js';
export { COMMAND_OPTIONS, SETTINGS } from './settings-table.js';
export { BUILTIN_DEFAULTS, settingRows, type RunConfigInput, type RunSettings, type SettingKey } from './run-settings.js';
export { shownDefault, type FlagContext, type Setting, type SettingFlag, type SettingSpec } from './setting.js';
export { loadConfig, parseConfigText, readConfigFile, PROFILE_NAMES, type LoadConfigOptions, type ProfileName } from './load.js';
export { parseAccount, parseChecks, parseFailOn, parseLocales, parsePhases, parseShard, parseWholeNumber } from './parse-values.js';
export { ConfigError, formatIssue, type ConfigIssue } from './errors.js';
export { configSchema } from './schema.js';
export { configDir, packageRoot } from './package-root.js';
export { emptyChoiceMessage, operationChoice, parseChoicePattern, type ChoosableOperation, type OperationChoice } from './operation-choice.js';
