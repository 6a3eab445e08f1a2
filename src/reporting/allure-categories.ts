/** Allure categories: failures grouped by the check that failed (`[check:<name>]`), from the check registry. */
import { CHECK_NAMES } from '../checks/names';

/** Allure 2 form (categories.json, read by allure-playwright's writer). */
export function allureCategories(): { name: string; messageRegex: string }[] {
  return [
    ...Object.entries(CHECK_NAMES).map(([check, meaning]) => ({ name: `${check}: ${meaning}`, messageRegex: `.*\\[check:${check}\\].*` })),
    { name: 'Other failures', messageRegex: '.*' },
  ];
}

/** Allure 3 form (the `categories` of the report config). */
export function allure3Categories(): { id: string; name: string; matchers: { statuses: string[]; message: string } }[] {
  return [
    ...Object.entries(CHECK_NAMES).map(([check, meaning]) => ({
      id: `check-${check}`,
      name: `${check}: ${meaning}`,
      matchers: { statuses: ['failed', 'broken'], message: `\\[check:${check}\\]` },
    })),
    {
      id: 'other-failures',
      name: 'Other failures (not a check: a failure of the suite itself)',
      matchers: { statuses: ['failed', 'broken'], message: '[\\s\\S]*' },
    },
  ];
}
