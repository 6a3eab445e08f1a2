/** Allure categories: failures grouped by the check that failed (`[check:<name>]`). */
const CHECKS = [
  ['auth-enforced', 'Credentials not enforced (000 §5.4, 001 §5)'],
  ['status', 'Undocumented status'],
  ['no-server-error', 'Server error (5xx)'],
  ['schema', 'Response does not match the documented shape'],
  ['content-type', 'Not a JSON media type'],
  ['json-body', 'Body is not JSON'],
  ['transport', 'No response (time-out, reset, refused)'],
  ['validation-message', 'Validation message missing or reworded'],
] as const;

export function allureCategories(): { name: string; messageRegex: string }[] {
  return [
    ...CHECKS.map(([check, name]) => ({ name: `${name} [${check}]`, messageRegex: `.*\\[check:${check}\\].*` })),
    { name: 'Other conformance checks', messageRegex: '.*\\[check:.*' },
  ];
}
