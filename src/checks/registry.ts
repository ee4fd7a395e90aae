/**
 * The registry of named checks. Configuration turns checks on and off by name and may override a check's
 * severity; a duplicate name is a programming error and fails at start-up.
 */
import { canonicalCheckName } from './aliases.js';
import { isExchangeCheck, type Check, type ExchangeCheck, type Severity } from './types.js';

export class CheckRegistry<C extends Check = Check> {
  readonly #checks = new Map<string, C>();

  constructor(checks: readonly C[] = []) {
    for (const check of checks) this.add(check);
  }

  add(check: C): this {
    if (this.#checks.has(check.name)) throw new Error(`check "${check.name}" is registered twice`);
    this.#checks.set(check.name, check);
    return this;
  }

  names(): string[] {
    return [...this.#checks.keys()];
  }

  get(name: string): C | undefined {
    return this.#checks.get(name);
  }

  all(): C[] {
    return [...this.#checks.values()];
  }

  /**
   * The checks to run: `enabled` names (all when undefined), with severities overridden by name.
   * Former names (aliases) stand for their new check. Unknown names are an error so that a typo in configuration does not silently disable a check.
   */
  select(enabledNames?: readonly string[], severityNames: Record<string, Severity> = {}): C[] {
    const enabled = enabledNames?.map(canonicalCheckName);
    const severities = Object.fromEntries(Object.entries(severityNames).map(([name, severity]) => [canonicalCheckName(name), severity]));
    for (const name of [...(enabled ?? []), ...Object.keys(severities)]) {
      if (!this.#checks.has(name)) {
        throw new Error(`unknown check "${name}" (known: ${this.names().join(', ')})`);
      }
    }
    const chosen = enabled ? enabled.map((name) => this.#checks.get(name)!) : this.all();
    return chosen.map((check) => {
      const severity = severities[check.name];
      return severity && severity !== check.severity ? { ...check, severity } : check;
    });
  }

  /**
   * The one place a run's checks are chosen: `enabled` names (all when undefined; former names stand for their new
   * check, a name given twice counts once) with severities overridden by name, exchange and evidence checks alike.
   */
  selection(enabledNames?: readonly string[], severityNames: Record<string, Severity> = {}): CheckSelection {
    const enabled = enabledNames && [...new Set(enabledNames.map(canonicalCheckName))];
    const severities = Object.fromEntries(Object.entries(severityNames).map(([name, severity]) => [canonicalCheckName(name), severity]));
    return new CheckSelection(this.select(enabled, severities), severities);
  }
}

/**
 * The checks a run judges with: which are on, and the severity each one's findings carry. A check not selected is
 * not run, whatever evidence it judges: its phase may still send the requests (other checks judge their answers),
 * but never hands it evidence.
 */
export class CheckSelection {
  readonly #chosen: ReadonlyMap<string, Check>;
  readonly #severities: Readonly<Record<string, Severity>>;

  constructor(chosen: readonly Check[], severities: Readonly<Record<string, Severity>>) {
    this.#chosen = new Map(chosen.map((check) => [check.name, check]));
    this.#severities = severities;
  }

  /** Whether the run judges with the check named `name`. */
  includes(name: string): boolean {
    return this.#chosen.has(name);
  }

  /** The severity of a finding of `check`: the configured one, where configuration names one, else what the check said. */
  severityOf(check: string, said: Severity): Severity {
    return this.#severities[check] ?? said;
  }

  /** The chosen checks over single exchanges, with their severities: what the engine runs on every answer. */
  exchangeChecks(): ExchangeCheck[] {
    return [...this.#chosen.values()].filter(isExchangeCheck);
  }
}
