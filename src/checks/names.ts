/**
 * The vocabulary of check names. A failed check says `[check:<name>]`; every fault of the
 * reference server declares which of these should catch it. Specs may use only these names.
 */
export const CHECK_NAMES = {
  transport: 'the target answered at all (no time-out, reset or refused connection)',
  'no-server-error': 'no 5xx answer',
  status: 'the documented status of the operation',
  'auth-enforced': 'missing, wrong or foreign credentials are refused (000 §5.4: 401; 001 §5: token required)',
  scope: 'a token without the required scope is refused (001 §5.2)',
  token: 'the token response: access token, type, 300-second lifetime (001 §5.3)',
  'not-found': '404 for an addressed record that does not exist (000 §7)',
  validation: 'invalid input is refused (000 §7: 422; 001 §7.1: a validation failure)',
  'validation-message': 'the documented validation message, word for word (001 §7.2), or a message at all (001 §4 rule 4)',
  'content-type': 'a body is declared as a JSON media type',
  'json-body': 'a body is JSON',
  schema: 'the body matches the documented resource shapes (000 §2, 001 §2)',
  pagination: 'numeric pagination: per_page honoured, pages do not overlap (000 §4 common parameters)',
  cursor: 'cursor pagination: next_cursor visits every record once and ends (000 §4)',
  'filter-cap': 'numeric pagination with a filter beyond the record cap answers 400 (000 §4, §7, §8)',
  filter: 'each filter means what 000 §4 Filters says',
  include: 'include embeds records of the right type and relationships point at them (000 §4)',
  membership: 'static list membership: 201 then 200, 204, and the list shows it (000 §3)',
  'no-trace': 'a refused write leaves no trace (000 §4 rule 2 and 422 meanings)',
  state: 'what a successful write did is visible afterwards (records, tags, updates, archive)',
  hierarchy: 'business unit parent ids and archive refusal (001 §2, §3)',
  'access-level': 'learning access-level rules (001 §3, §7.2)',
  'json-body-size': 'a bounded body',
  setup: 'a precondition of the test itself (creating the record it works on)',
} as const;

export type CheckName = keyof typeof CHECK_NAMES;

export function isCheckName(name: string): name is CheckName {
  return Object.hasOwn(CHECK_NAMES, name);
}
