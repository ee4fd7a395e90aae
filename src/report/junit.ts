/**
 * The JUnit XML report (`--junit FILE`) for CI systems: one test suite per locale and namespace, one test case
 * per (operation, check) the check had something to judge in (not applicable pairs are left out). A new failure
 * becomes `<failure>` with its message and curl line; a warning becomes `<system-out>` on a passing case; a
 * finding the baseline lists is skipped with its reason. What the run left untested is skipped with the reason:
 * an operation that got no request, a phase that did not run. A case where a security check found something
 * (failed, warned or known) carries the property `concern` = `security`, and its failure's message opens with
 * `security: ` (what CI views show of a failure at a glance). Its passing cases carry nothing: on the bundled
 * server's run, marking them too made the file a quarter larger and told no one anything.
 */
import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import type { Finding } from '../checks/types.js';
import { localeLabel, namespaceLabel, operationOutcomes, type OperationOutcome } from './outcomes.js';
import { RunFileReporter } from './run-file-reporter.js';
import type { RunRecord } from './run-record.js';
import { findingGroupLabel } from './finding-group.js';
import { reproduceCommand } from './replay-command.js';
import { concernOf } from './security.js';

let junitRoot: Builder | undefined;

/**
 * The builder package, loaded on first use: every `restconform run` creates its reporters, and loading this one
 * cost each start 30-90 ms whether or not `--junit` was given. It is CommonJS, so it loads synchronously.
 */
function junitBuilder(): Builder {
  if (junitRoot === undefined) {
    // The package assigns a builder to module.exports; its typings describe an ES default export.
    const loaded = createRequire(import.meta.url)('junit-report-builder') as Builder & { default?: Builder };
    junitRoot = loaded.default ?? loaded;
  }
  return junitRoot;
}

/** Characters XML 1.0 cannot carry (controls, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text a hostile server sent, made safe for the XML builder: impossible characters become U+FFFD, and `]]>`
 * (which would end the CDATA section early) is broken up.
 */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/]]>/g, ']] >');
}

function describeFinding(finding: Finding, started: RunRecord['started']): string {
  const group = findingGroupLabel(finding);
  const lines = [`[${finding.id}] ${finding.severity}: ${finding.message}${group === '' ? '' : ` (${group})`}`];
  lines.push(`request: ${finding.request.method} ${finding.request.url}`);
  if (finding.response) lines.push(`response: ${finding.response.status}`);
  lines.push(...finding.curl);
  lines.push(`reproduce: ${reproduceCommand(finding, started)}`);
  return lines.join('\n');
}

function suiteName(operation: OperationOutcome): string {
  return `${localeLabel(operation.locale)} ${namespaceLabel(operation.namespace)}`;
}

function classNameOf(operation: OperationOutcome): string {
  // Dots separate packages in JUnit class names, so `oembed/1.0` becomes `oembed/1_0`.
  return xmlSafe(`restconform.${localeLabel(operation.locale)}.${namespaceLabel(operation.namespace).replace(/\./g, '_')}`);
}

/** The (operation, check) pairs a suite reports: all but the not applicable ones. */
const judgedPairs = (operation: OperationOutcome) => operation.checks.filter((outcome) => outcome.result !== 'not applicable');

/** Renders a finished run as JUnit XML. */
export function buildJunitXml(run: RunRecord): string {
  const builder = junitBuilder().newBuilder().name(`restconform ${run.started.target}`);
  const suites = new Map<string, OperationOutcome[]>();
  const uncovered: OperationOutcome[] = [];
  for (const operation of operationOutcomes(run.finished)) {
    if (!operation.covered) uncovered.push(operation);
    // A suite is written only with a case in it: an empty one (every pair not applicable) would be a bare tag.
    else if (judgedPairs(operation).length > 0) suites.set(suiteName(operation), [...(suites.get(suiteName(operation)) ?? []), operation]);
  }
  // What the run left untested, each skipped with the reason: phases that did not run, operations no request reached.
  if (run.skippedPhases.length > 0 || uncovered.length > 0) {
    const untested = builder.testSuite().name('untested').timestamp(run.started.startedAt);
    for (const { phase, reason } of run.skippedPhases)
      untested
        .testCase()
        .className('restconform.phases')
        .name(xmlSafe(`phase ${phase}`))
        .skipped()
        .standardOutput(xmlSafe(reason));
    for (const operation of uncovered) {
      untested
        .testCase()
        .className(classNameOf(operation))
        .name(xmlSafe(`${operation.method} ${operation.route}`))
        .skipped()
        .standardOutput(xmlSafe(`no request reached it${operation.notes.length ? ` (${operation.notes.join('; ')})` : ''}`));
    }
  }
  for (const name of [...suites.keys()].sort()) {
    const suite = builder.testSuite().name(xmlSafe(name)).timestamp(run.started.startedAt);
    for (const operation of suites.get(name)!) {
      const className = classNameOf(operation);
      for (const outcome of judgedPairs(operation)) {
        const testCase = suite
          .testCase()
          .className(className)
          .name(xmlSafe(`${operation.method} ${operation.route} ${outcome.check}`));
        const concern = concernOf(outcome.check);
        if (concern !== undefined && outcome.findings.length > 0) testCase.property('concern', concern);
        if (outcome.result === 'known') {
          testCase.skipped().standardOutput(xmlSafe(outcome.findings.map((f) => `known: ${f.known}\n${describeFinding(f, run.started)}`).join('\n\n')));
          continue;
        }
        const failures = outcome.findings.filter((f) => f.severity === 'failure' && f.known === undefined);
        const warnings = outcome.findings.filter((f) => f.severity === 'warning' || f.known !== undefined);
        if (failures.length > 0) {
          const message = failures.map((f) => f.message).join('; ');
          testCase.failure(xmlSafe(concern === undefined ? message : `${concern}: ${message}`), outcome.check);
          testCase.stacktrace(xmlSafe(failures.map((f) => describeFinding(f, run.started)).join('\n\n')));
        }
        if (warnings.length > 0) testCase.standardOutput(xmlSafe(warnings.map((f) => describeFinding(f, run.started)).join('\n\n')));
      }
    }
  }
  return builder.build();
}

/** Writes the JUnit XML report to `path` on close, once the run has finished. */
export class JunitReporter extends RunFileReporter {
  constructor(path: string) {
    super(path, buildJunitXml);
  }
}
