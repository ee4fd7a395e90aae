/** Types of expectations.js (plain JavaScript, so `node scripts/test-wordpress.js` runs without a build step). */
export interface Expectation {
  check: string;
  method: string;
  route: string;
  reason: string;
}

export interface ReportedFinding {
  check: string;
  severity: string;
  method: string;
  route: string;
  message: string;
  curl?: string[];
}

export interface Comparison<F extends ReportedFinding> {
  unexpected: F[];
  vanished: Expectation[];
  matched: Expectation[];
}

export function readExpectations(path: string): Expectation[];
export function compareFindings<F extends ReportedFinding>(findings: readonly F[], expectations: readonly Expectation[]): Comparison<F>;
export function describeDifferences(comparison: Comparison<ReportedFinding>): string[];
