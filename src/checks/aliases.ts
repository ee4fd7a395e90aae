/**
 * Former check names that configurations may still use, each with the check that took over its rule. A run reads
 * them as the new name: `checks: [no_password_leak]` enables `no_sensitive_data`, and so does a severity override.
 */
export const CHECK_ALIASES: Readonly<Record<string, string>> = {
  no_password_leak: 'no_sensitive_data',
};

/** The check `name` stands for: itself, or the check that took over a former name. */
export function canonicalCheckName(name: string): string {
  return CHECK_ALIASES[name] ?? name;
}
