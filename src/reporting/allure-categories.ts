/** Allure categories: failures grouped by the check that failed (`[check:<name>]`). */
import { CHECK_NAMES } from '../checks/names';

export function allureCategories(): { name: string; messageRegex: string }[] {
  return [
    ...Object.entries(CHECK_NAMES).map(([check, meaning]) => ({ name: `${check}: ${meaning}`, messageRegex: `.*\\[check:${check}\\].*` })),
    { name: 'Other failures', messageRegex: '.*' },
  ];
}
