/**
 * The run's settings as every entry point loads them: the configuration's layers, resolved against what the engine
 * has (the check registry's names, the phases in running order), which the configuration itself does not know.
 */
import { CHECK_ALIASES } from '../checks/aliases.js';
import { CHECKS } from '../checks/index.js';
import { loadConfig, type LoadConfigOptions, type RunSettings } from '../config/index.js';
import { PHASES } from '../engine/phases/index.js';

/** Every check name the harness knows: the registry's, and former names still read (aliases). */
export function knownCheckNames(): string[] {
  return [...CHECKS.map((check) => check.name), ...Object.keys(CHECK_ALIASES)];
}

/** The engine's phases, in running order. */
export function knownPhaseNames(): string[] {
  return PHASES.map((phase) => phase.name);
}

/** What the configuration resolves names against: the checks and the phases. */
export function knownNames(): Pick<LoadConfigOptions, 'knownChecks' | 'knownPhases'> & { knownChecks: string[] } {
  return { knownChecks: knownCheckNames(), knownPhases: knownPhaseNames() };
}

/** `loadConfig` with the checks and phases the engine has. */
export function loadRunSettings(options: Omit<LoadConfigOptions, 'knownChecks' | 'knownPhases'> = {}): RunSettings {
  return loadConfig({ ...options, ...knownNames() });
}
