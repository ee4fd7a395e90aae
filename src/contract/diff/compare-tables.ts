/**
 * The comparison both public diffs share: namespaces, routes (paired by meaning), methods, batch permission and
 * arguments of a reference table against a subject table, one `ContractDifference` per departure.
 */
import type { ArgSchema, HttpMethod } from '../../descriptor/types.js';
import { showValue } from '../../descriptor/json-meaning.js';
import { matchRoutes, type RoutePair } from './route-matching.js';
import { endpointFor, methodsOf, type RouteTable, type TableEndpoint } from './route-table.js';
import { compareSchemas, type KeywordSelection } from './schema-comparison.js';
import type { ContractDifference, DifferenceSeverity } from './types.js';

export interface ComparisonRules {
  /** How messages name each side: `the contract`, `locale en_gb`, … */
  referenceName: string;
  subjectName: string;
  keywords: KeywordSelection;
  /** How to judge a route or method the subject has and the reference lacks; undefined: not reported. */
  addedSeverity(namespace: string): DifferenceSeverity | undefined;
  /** How to judge a namespace the subject lists and the reference does not; undefined: not reported. */
  addedNamespaceSeverity: DifferenceSeverity | undefined;
}

export function compareTables(reference: RouteTable, subject: RouteTable, rules: ComparisonRules): ContractDifference[] {
  const differences: ContractDifference[] = [];
  const absent = absentNamespaces(reference, subject);
  for (const namespace of reference.namespaces.filter((name) => !subject.namespaces.includes(name))) {
    const routes = reference.routes.filter((route) => route.namespace === namespace).length;
    const routesNote = absent.has(namespace) && routes > 0 ? ` nor any of its ${routes} routes` : '';
    differences.push({
      kind: 'missing_namespace',
      severity: 'failure',
      namespace,
      route: `/${namespace}`,
      message: `namespace ${namespace} is in ${rules.referenceName} but ${rules.subjectName} does not list it${routesNote}`,
    });
  }
  if (rules.addedNamespaceSeverity !== undefined) {
    for (const namespace of subject.namespaces.filter((name) => !reference.namespaces.includes(name))) {
      differences.push({
        kind: 'added_namespace',
        severity: rules.addedNamespaceSeverity,
        namespace,
        route: `/${namespace}`,
        message: `namespace ${namespace} is listed by ${rules.subjectName} but not by ${rules.referenceName}`,
      });
    }
  }

  const matching = matchRoutes(reference, subject);
  for (const route of matching.missing) {
    if (absent.has(route.namespace)) continue;
    differences.push({
      kind: 'missing_route',
      severity: 'failure',
      namespace: route.namespace,
      route: route.key,
      message: `route ${route.key} (${methodsOf(route).join(', ')}) is in ${rules.referenceName} but not in ${rules.subjectName}`,
    });
  }
  for (const route of matching.added) {
    const severity = rules.addedSeverity(route.namespace);
    if (severity === undefined) continue;
    differences.push({
      kind: 'added_route',
      severity,
      namespace: route.namespace,
      route: route.key,
      subjectRoute: route.key,
      message: `route ${route.key} (${methodsOf(route).join(', ')}) is in ${rules.subjectName} but not in ${rules.referenceName}`,
    });
  }
  for (const pair of matching.pairs) differences.push(...comparePair(pair, rules));
  return differences;
}

/** Namespaces the subject neither lists nor has a route in: reported once, not route by route. */
function absentNamespaces(reference: RouteTable, subject: RouteTable): Set<string> {
  const served = new Set(subject.routes.map((route) => route.namespace));
  return new Set(reference.namespaces.filter((name) => !subject.namespaces.includes(name) && !served.has(name)));
}

function comparePair(pair: RoutePair, rules: ComparisonRules): ContractDifference[] {
  const { reference, subject } = pair;
  const base = { namespace: reference.namespace, route: reference.key, subjectRoute: subject.key };
  const differences: ContractDifference[] = [];
  if (pair.patternChange !== undefined) {
    differences.push({
      ...base,
      kind: 'changed_route',
      severity: 'failure',
      keyword: 'pattern',
      expected: reference.key,
      actual: subject.key,
      message: `route ${reference.key} is ${subject.key} in ${rules.subjectName}: ${pair.patternChange}`,
    });
  }
  if (subject.namespace !== reference.namespace) {
    differences.push({
      ...base,
      kind: 'changed_route',
      severity: 'failure',
      keyword: 'namespace',
      expected: reference.namespace,
      actual: subject.namespace,
      message: `route ${reference.key}: namespace is ${showValue(subject.namespace)} in ${rules.subjectName}, ${showValue(reference.namespace)} in ${rules.referenceName}`,
    });
  }
  const referenceMethods = methodsOf(reference);
  for (const method of referenceMethods) {
    const expected = endpointFor(reference, method) as TableEndpoint;
    const actual = endpointFor(subject, method);
    if (actual === undefined) {
      differences.push({
        ...base,
        kind: 'missing_method',
        severity: 'failure',
        method,
        message: `${method} ${reference.key} is in ${rules.referenceName} but route ${subject.key} of ${rules.subjectName} does not serve ${method}`,
      });
      continue;
    }
    differences.push(...compareEndpoint(expected, actual, method, base, rules));
  }
  const addedSeverity = rules.addedSeverity(subject.namespace);
  if (addedSeverity !== undefined) {
    for (const method of methodsOf(subject).filter((candidate) => !referenceMethods.includes(candidate))) {
      differences.push({
        ...base,
        kind: 'added_method',
        severity: addedSeverity,
        method,
        message: `${method} ${subject.key} is served by ${rules.subjectName} but not in ${rules.referenceName}`,
      });
    }
  }
  return differences;
}

type RouteBase = Pick<ContractDifference, 'namespace' | 'route' | 'subjectRoute'>;

function compareEndpoint(expected: TableEndpoint, actual: TableEndpoint, method: HttpMethod, base: RouteBase, rules: ComparisonRules): ContractDifference[] {
  const where = `${method} ${base.route}`;
  const differences: ContractDifference[] = [];
  if (expected.allowBatch !== actual.allowBatch) {
    differences.push({
      ...base,
      kind: 'changed_endpoint',
      severity: 'failure',
      method,
      keyword: 'allow_batch',
      expected: expected.allowBatch,
      actual: actual.allowBatch,
      message: `${where}: batch requests are ${actual.allowBatch ? '' : 'not '}allowed in ${rules.subjectName} but ${expected.allowBatch ? '' : 'not '}in ${rules.referenceName}`,
    });
  }
  for (const [name, arg] of Object.entries(expected.args)) {
    const declared = actual.args[name];
    if (declared === undefined) {
      differences.push({
        ...base,
        kind: 'missing_param',
        severity: 'failure',
        method,
        param: name,
        message: `${where}: parameter ${name} is in ${rules.referenceName} but ${rules.subjectName} does not declare it`,
      });
      continue;
    }
    differences.push(...compareArg(arg, declared, method, name, base, rules));
  }
  if (!expected.openArgs) {
    for (const name of Object.keys(actual.args).filter((candidate) => !(candidate in expected.args))) {
      differences.push({
        ...base,
        kind: 'added_param',
        severity: 'failure',
        method,
        param: name,
        message: `${where}: parameter ${name} is declared by ${rules.subjectName} but not in ${rules.referenceName}`,
      });
    }
  }
  return differences;
}

function compareArg(expected: ArgSchema, actual: ArgSchema, method: HttpMethod, name: string, base: RouteBase, rules: ComparisonRules): ContractDifference[] {
  return compareSchemas(expected, actual, rules.keywords).map((change) => ({
    ...base,
    kind: 'changed_param' as const,
    severity: 'failure' as const,
    method,
    param: name,
    keyword: change.keyword,
    expected: change.expected,
    actual: change.actual,
    message: `${method} ${base.route}: parameter ${name}: ${change.keyword} is ${showValue(change.actual)} in ${rules.subjectName}, ${showValue(change.expected)} in ${rules.referenceName}`,
  }));
}
