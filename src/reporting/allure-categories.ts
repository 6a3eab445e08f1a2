/**
 * Allure categories: failures grouped by the check that failed, from the check registry. The
 * Allure reporter (src/reporting/allure-reporter.ts) labels each failed test with its failed
 * verdict's check (`check` label, from the test's evidence); a category matches that label, never
 * the failure's message.
 */
import { CHECK_NAMES } from '../checks/names';

export const CHECK_LABEL = 'check';
/** The label value of a test that failed without a check failing (a failure of the suite itself). */
export const SUITE_ERROR = 'suite-error';
/** The label value of a test the suite could not judge (its own time-out). */
export const NOT_JUDGED = 'not-judged';

interface Category {
  id: string;
  name: string;
  matchers: { statuses: string[]; labels: Record<string, string> };
}

/** Allure 3 form (the `categories` of the report config). */
export function allure3Categories(): Category[] {
  return [
    ...Object.entries(CHECK_NAMES).map(([check, meaning]) => ({
      id: `check-${check}`,
      name: `${check}: ${meaning}`,
      matchers: { statuses: ['failed', 'broken'], labels: { [CHECK_LABEL]: check } },
    })),
    {
      id: SUITE_ERROR,
      name: 'Failures of the suite itself (no check failed: not a verdict on the target)',
      matchers: { statuses: ['failed', 'broken'], labels: { [CHECK_LABEL]: SUITE_ERROR } },
    },
    {
      id: NOT_JUDGED,
      name: "Not judged (the suite's own time-out: not a verdict on the target)",
      matchers: { statuses: ['failed', 'broken'], labels: { [CHECK_LABEL]: NOT_JUDGED } },
    },
  ];
}
