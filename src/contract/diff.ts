/**
 * Descriptor comparisons: a fetched descriptor against the contract (phase `contract`), and one locale's
 * descriptor against the first locale's (phase `locale`). Routes are paired by meaning, not by key text;
 * `[]` and `{}` are the same empty PHP array.
 */
import type { RootDescriptor } from '../descriptor/types.js';
import { compareTables } from './diff/compare-tables.js';
import { describedArgs } from './diff/descriptions.js';
import { sameJsonMeaning, showValue } from '../descriptor/json-meaning.js';
import { tableFromContract, tableFromDescriptor } from './diff/route-table.js';
import { ALL_BUT_HUMAN_TEXT, DOCUMENTED_KEYWORDS } from './diff/schema-comparison.js';
import type { ContractDifference } from './diff/types.js';
import type { Contract } from '@restconform/interface';

export type { ContractDifference, DifferenceKind, DifferenceSeverity } from './diff/types.js';
export { routeMeaningDifference } from './diff/route-meaning.js';
export { sameJsonMeaning } from '../descriptor/json-meaning.js';

/**
 * Every way `root` departs from `contract`: a missing namespace, route or method; a parameter missing, or added
 * where the contract does not leave the arguments open; a changed type, format, enum, default, bound, size,
 * required flag or batch permission (all failures); a route or method the descriptor serves in a documented
 * namespace that the contract lacks (a warning; namespaces the contract leaves unspecified are not judged).
 */
export function diffDescriptorWithContract(root: RootDescriptor, contract: Contract): ContractDifference[] {
  const documented = new Set(contract.namespaces.filter((name) => !contract.unspecifiedNamespaces.includes(name)));
  return compareTables(tableFromContract(contract), tableFromDescriptor(root), {
    referenceName: 'the contract',
    subjectName: 'the descriptor',
    keywords: DOCUMENTED_KEYWORDS,
    addedSeverity: (namespace) => (namespace === '' || documented.has(namespace) ? 'warning' : undefined),
    addedNamespaceSeverity: undefined,
  });
}

/** Names for the two sides of a locale comparison. */
export interface LocaleNames {
  first: string;
  other: string;
}

/**
 * Every way `other` departs from `first` beyond human text (failures): namespaces, routes, methods, batch
 * permission, parameter names and every schema keyword but `description`, and the site's offset and time zone.
 * Descriptions must be present in both (failure) and, where the first's is non-empty, differ from it: an
 * identical one was left untranslated (warning). When no description at all is translated (every one both describe
 * is the same), the other locale has no translation: one `untranslated_locale` difference says so instead of one
 * per parameter.
 */
export function diffDescriptors(
  first: RootDescriptor,
  other: RootDescriptor,
  names: LocaleNames = { first: 'the first locale', other: 'the other locale' },
): ContractDifference[] {
  const firstName = `locale ${names.first}`;
  const otherName = `locale ${names.other}`;
  const differences = compareTables(tableFromDescriptor(first), tableFromDescriptor(other), {
    referenceName: firstName,
    subjectName: otherName,
    keywords: ALL_BUT_HUMAN_TEXT,
    addedSeverity: () => 'failure',
    addedNamespaceSeverity: 'failure',
  });
  for (const field of ['gmt_offset', 'timezone_string', 'authentication'] as const) {
    if (sameJsonMeaning(first[field], other[field])) continue;
    differences.push({
      kind: 'changed_site',
      severity: 'failure',
      namespace: '',
      route: '/',
      keyword: field,
      expected: first[field],
      actual: other[field],
      message: `site ${field} is ${showValue(other[field])} in ${otherName}, ${showValue(first[field])} in ${firstName}`,
    });
  }
  // Descriptions both locales give, and those of them left as the first locale's.
  let describedInBoth = 0;
  const untranslated: ContractDifference[] = [];
  for (const arg of describedArgs(tableFromDescriptor(first), tableFromDescriptor(other))) {
    const where = `${arg.method} ${arg.route}: parameter ${arg.param}`;
    const base = { namespace: arg.namespace, route: arg.route, subjectRoute: arg.subjectRoute, method: arg.method, param: arg.param, keyword: 'description' };
    const firstText = arg.first.trim();
    const otherText = arg.other.trim();
    // No locale describes it (WordPress's own root and index arguments): nothing is missing in one locale.
    if (firstText === '' && otherText === '') continue;
    if (firstText === '') {
      differences.push({ ...base, kind: 'missing_description', severity: 'failure', message: `${where} has no description in ${firstName}` });
    }
    if (otherText === '') {
      differences.push({
        ...base,
        kind: 'missing_description',
        severity: 'failure',
        expected: arg.first,
        message: `${where} has no description in ${otherName}`,
      });
    } else if (firstText !== '') describedInBoth += 1;
    if (firstText !== '' && otherText === firstText) {
      untranslated.push({
        ...base,
        kind: 'untranslated_description',
        severity: 'warning',
        expected: arg.first,
        actual: arg.other,
        message: `${where}: the description in ${otherName} is the same as in ${firstName} (${JSON.stringify(arg.other)}): left untranslated`,
      });
    }
  }
  if (untranslated.length > 1 && untranslated.length === describedInBoth) {
    const example = untranslated[0]!;
    differences.push({
      kind: 'untranslated_locale',
      severity: 'warning',
      namespace: '',
      route: '/',
      keyword: 'description',
      message: `none of the ${describedInBoth} parameter descriptions in ${otherName} is translated: each is the same as in ${firstName} (e.g. ${example.method} ${example.route}: parameter ${example.param} ${JSON.stringify(example.actual)})`,
    });
  } else differences.push(...untranslated);
  return differences;
}
