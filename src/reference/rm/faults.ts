/**
 * RM v2 faults and variants of the reference server. Each is switched on only by name and checked
 * by the handlers through `RmEnv.fault` / `RmEnv.variant`; the literal name types keep those
 * look-ups honest.
 */
import type { FaultSpec, VariantSpec } from '../catalogue-types';

const fault = <N extends string>(name: N, clause: string, expectedCheck: string, description: string) => ({ name, api: 'rm' as const, clause, expectedCheck, description });
const variant = <N extends string>(name: N, clause: string, description: string) => ({ name, api: 'rm' as const, clause, description });

const faults = [
  // Credentials (000 §5)
  fault('rm.auth.not-enforced-on-list', '000 §5.4: missing or invalid credentials give HTTP 401', 'auth-enforced', 'GET /candidates answers 200 without credentials.'),
  fault('rm.auth.not-enforced-on-writes', '000 §5.1: every operation requires credentials', 'auth-enforced', 'POST, PATCH, PUT and DELETE operations run without credentials (reads are guarded).'),
  fault('rm.auth.not-enforced-on-educations', '000 §5.1: every operation requires credentials', 'auth-enforced', 'The educations sub-resource (list, get, create) skips the credential check.'),
  fault('rm.auth.not-enforced-on-event-buckets', '000 §5.1: every operation requires credentials', 'auth-enforced', 'GET /recruitment_events/{upcoming,past,in_progress,archived} answer 200 without credentials.'),
  fault('rm.auth.wrong-secret-accepted', '000 §5.4: invalid credentials give HTTP 401', 'auth-enforced', 'Only the API key is compared; any secret is accepted.'),
  fault('rm.auth.status-403', '000 §5.4 and §7: invalid API credentials -> 401', 'auth-enforced', 'Missing or wrong credentials answer 403 instead of 401.'),
  // Documented statuses (000 §3, §4)
  fault('rm.candidates.create.status-200', '000 §4 Operations: POST /candidates -> 201', 'status', 'Creating a candidate answers 200.'),
  fault('rm.candidate-files.create.status-200', '000 §4 Operations: POST /candidates/{candidateId}/candidate_files -> 201 file added', 'status', 'Attaching a file answers 200.'),
  fault('rm.ats.anonymise.status-200', '000 §3 and §4: DELETE /ats_integrations/{id}/candidates/{candidateAtsId} -> 202 queued', 'status', 'Queueing an anonymisation answers 200.'),
  fault('rm.lists.remove.status-200', '000 §3: DELETE list membership -> 204', 'membership', 'Removing a list member answers 200 with a body.'),
  fault('rm.lists.readd-after-delete-200', '000 §3: PUT list membership when the candidate is not in the list -> 201', 'membership', 'A candidate put back into a list after a DELETE is answered 200 ("already a member"): only a PUT, DELETE, PUT sequence shows it.'),
  fault('rm.lists.add.always-201', '000 §3: PUT list membership when already a member -> 200', 'membership', 'A second PUT of the same membership answers 201 again.'),
  fault('rm.candidates.get.missing-200', '000 §7: 404 when the addressed candidate does not exist', 'not-found', 'GET /candidates/{unknown} answers 200 with {"data": null}.'),
  fault('rm.educations.get.missing-200', '000 §7: 404 when the addressed record does not exist', 'not-found', 'GET /candidates/{id}/educations/{unknown} answers 200 with empty data.'),
  fault('rm.lists.add.unknown-candidate-201', '000 §4 Operations: PUT /lists/{listId}/candidates/{candidateId} -> 404 for an unknown candidate', 'not-found', 'Adding an unknown candidate id to a list answers 201.'),
  fault('rm.ats.anonymise.unknown-202', '000 §3 and §4: 404 when the integration or the ATS candidate is missing', 'not-found', 'Queueing an anonymisation for an unknown ATS candidate id answers 202.'),
  // Validation (000 §4 rules 1-2, §7)
  fault('rm.candidates.create.validation-400', '000 §4 rule 1 and §7: a rejected candidate -> 422', 'validation', 'Invalid candidates are refused with 400 instead of 422.'),
  fault('rm.candidates.create.email-optional', '000 §4 rule 1: a POST to candidates that lacks email -> 422', 'validation', 'A candidate without email is created (201).'),
  fault('rm.candidates.create.email-format-unchecked', '000 §4 rule 1: an invalid e-mail -> 422', 'validation', 'Any string is accepted as e-mail address.'),
  fault('rm.candidates.update.types-unchecked', '000 §4 Operations: PATCH /candidates/{id} skills is an array of string -> 422 otherwise', 'validation', 'PATCH accepts skills that are not an array of strings and first/last names that are not strings.'),
  fault('rm.educations.create.blank-school-accepted', '000 §4 Operations and §7: a blank name in an education -> 422', 'validation', 'An education with a blank or missing school name is created.'),
  fault('rm.employments.create.blank-company-accepted', '000 §4 Operations and §7: a blank company name -> 422', 'validation', 'An employment with a blank or missing company name is created.'),
  fault('rm.candidate-files.create.base64-unchecked', '000 §4 Operations and rule 2: content must be base64 -> 422 otherwise', 'validation', 'File content that is not base64 is accepted (201).'),
  // Refused writes leave no trace (000 §4 rule 2, §7)
  fault('rm.candidate-files.refused-still-attached', '000 §4 rule 2: the response is 422 and the file is not attached', 'no-trace', 'A refused file (422) is attached to the candidate all the same.'),
  fault('rm.candidates.create.refused-still-created', '000 §4 rule 1 and §7: a rejected candidate -> 422 (nothing created)', 'no-trace', 'A candidate refused for an invalid e-mail (422) is stored all the same.'),
  // Resource shapes (000 §2)
  fault('rm.schema.created-at-plain-string', '000 §2: every timestamp attribute is a DateTime object', 'schema', 'Candidate created_at is a plain ISO string, not a DateTime object.'),
  fault('rm.schema.id-missing', '000 §1: every resource has id', 'schema', 'Candidate resources in GET /candidates lack id.'),
  fault('rm.schema.type-singular', '000 §2: Candidate (type candidates)', 'schema', 'Candidates carry type "candidate".'),
  fault('rm.schema.interaction-score-percent', '000 §2: interaction_score is a number from 0 to 1 inclusive', 'schema', 'interaction_score is given as a percentage (0 to 100).'),
  fault('rm.schema.subscription-status-active', '000 §2: subscription_status is unsubscribed or subscribed', 'schema', 'subscription_status is "active" for subscribed candidates.'),
  fault('rm.schema.relationships-bare-ids', '000 §1: each relationship entry is a pair {id, type}', 'schema', 'Candidate relationships hold bare id strings.'),
  fault('rm.schema.event-kind-outside-list', '000 §2: candidate event kinds are those of the kind filter', 'schema', 'kind carries the internal event class name (e.g. "ViewEvent", "AtsEvent") instead of the documented value.'),
  fault('rm.schema.list-count-string', '000 §2: List count is an integer', 'schema', 'company_lists count is a string.'),
  // Numeric pagination (000 §4 common parameters)
  fault('rm.pagination.per-page-ignored', '000 §4 Common query parameters: per_page is the page size', 'pagination', 'per_page is ignored; pages always hold the default number of records.'),
  fault('rm.pagination.pages-overlap', '000 §4 Common query parameters: page is the numeric page number', 'pagination', 'Each page after the first starts one record early (off by one), so neighbouring pages share a record.'),
  fault('rm.pagination.page-ignored', '000 §4 Common query parameters: page is the numeric page number', 'pagination', 'page is ignored: page 2 repeats page 1.'),
  // Cursor pagination (000 §4)
  fault('rm.cursor.never-ends', '000 §4 Common query parameters: repeat until no more records', 'cursor', 'The last page still carries a next_cursor (pointing at an empty page that does the same).'),
  fault('rm.cursor.repeats-record', '000 §4 Common query parameters: cursor continues after the previous page', 'cursor', 'next_cursor points one record early, so each page repeats the last record of the previous one.'),
  fault('rm.cursor.skips-record', '000 §4 Common query parameters: cursor continues after the previous page', 'cursor', 'next_cursor points one record late, so one record is skipped between pages.'),
  fault('rm.cursor.absent', '000 §4 Common query parameters: the response carries next_cursor inside meta', 'cursor', 'Requests without page never carry meta.next_cursor although more records follow.'),
  // Filters (000 §4 Filters)
  fault('rm.filter.updated-at-lt-inclusive', '000 §4 Filters: filter[updated_at][lt] is strictly before', 'filter', 'updated_at lt also returns records updated exactly at the bound.'),
  fault('rm.filter.updated-at-gte-exclusive', '000 §4 Filters: filter[updated_at][gte] is at or after', 'filter', 'updated_at gte leaves out records updated exactly at the bound.'),
  fault('rm.filter.email-substring', '000 §4 Filters: filter[email][eq] is an exact e-mail match', 'filter', 'The e-mail filter matches substrings.'),
  fault('rm.filter.archived-default-ignored', '000 §4 Filters: filter[archived] defaults to false', 'filter', 'Without filter[archived], archived candidates are listed too.'),
  fault('rm.filter.archived-ignored', '000 §4 Filters: filter[archived] true or false', 'filter', 'filter[archived]=true is ignored (unarchived candidates are returned).'),
  fault('rm.filter.anonymised-default-ignored', '000 §4 Filters: filter[anonymised] defaults to false', 'filter', 'Without filter[anonymised], anonymised candidates are listed too.'),
  fault('rm.filter.ats-uid-exists-ignored', '000 §4 Filters: filter[ats_uid][exists] tests for an ATS record', 'filter', 'filter[ats_uid][exists] is accepted but ignored.'),
  fault('rm.filter.resume-exists-inverted', '000 §4 Filters: filter[resume][exists] tests for an extracted resume', 'filter', 'filter[resume][exists] true and false are swapped.'),
  fault('rm.filter.event-kind-ignored', '000 §4 Filters: candidate events filter[kind]', 'filter', 'The candidate events kind filter is ignored.'),
  fault('rm.filter.event-created-at-ignored', '000 §4 Filters: candidate events filter[created_at][gte], [lte]', 'filter', 'The candidate events created_at bounds are ignored.'),
  fault('rm.filter.conversation-exists-ignored', '000 §4 Filters: filter[conversation][exists]=true returns only messages in a conversation', 'filter', 'The conversation filter is ignored.'),
  fault('rm.jobs.list-includes-drafts', '000 §4 Operations: GET /jobs lists live jobs', 'filter', 'GET /jobs lists draft jobs too.'),
  fault('rm.jobs.search-ignored', '000 §4 Filters: jobs filter[q][eq] free-text search', 'filter', 'filter[q][eq] on jobs is ignored.'),
  // Filter cap (000 §4, §7, §8)
  fault('rm.filter-cap.none', '000 §4 and §7: numeric pagination with a filter beyond the cap -> 400', 'filter-cap', 'No cap: far pages of a filtered list answer 200 with no records.'),
  fault('rm.filter-cap.at-5000', '000 §8: the cap is 10000 records', 'filter-cap', 'The cap is enforced at 5000 records instead of 10000.'),
  fault('rm.filter-cap.on-cursor', '000 §4: cursor pagination avoids the cap', 'filter-cap', 'Filtered cursor requests are refused with 400 as if they were beyond the cap.'),
  fault('rm.filter-cap.without-filter', '000 §4: the cap applies when a filter is combined with numeric pagination', 'filter-cap', 'Far numeric pages answer 400 even without a filter.'),
  // Include (000 §4 allowed include values)
  fault('rm.include.ignored', '000 §4 Allowed include values: include embeds related resources', 'include', 'include is accepted but nothing is embedded.'),
  fault('rm.include.wrong-type', '000 §2 and §4: embedded records carry their related type', 'include', 'Embedded records carry a singular type (e.g. "education").'),
  fault('rm.include.dangling-relationships', '000 §4: include embeds the related resources the relationships name', 'include', 'Embedded records carry ids other than those named by the relationships.'),
  fault('rm.include.nested-dropped', '000 §4: nested include values (e.g. notes.user) embed the nested records too', 'include', 'Only the first segment of a nested include is embedded.'),
  // Membership and state (000 §3)
  fault('rm.lists.remove.leaves-member', '000 §3: DELETE list membership -> not a member', 'membership', 'DELETE answers 204 but the candidate stays in the list.'),
  fault('rm.lists.count-stale', '000 §2: List count is the number of candidates in the list', 'membership', 'A list count does not follow membership changes made through the API.'),
  fault('rm.candidates.update.not-persisted', '000 §4 Operations: PATCH /candidates/{id} -> 200 (the update is kept)', 'state', 'PATCH answers 200 with the new values but does not store them.'),
  fault('rm.candidates.create.tag-values-dropped', '000 §4 Operations: POST /candidates tag_values', 'state', 'tag_values of a created candidate are not stored as tags.'),
  fault('rm.tags.delete.not-removed', '000 §4 Operations: DELETE /candidates/{id}/tags/{tagId} -> 200', 'state', 'Deleting a tag answers 200 but the tagging stays.'),
  // Server errors and media type
  fault('rm.server-error.malformed-json', '000 §4 rule 1 and §7: an invalid POST to candidates -> 422', 'no-server-error', 'A body that is not JSON makes POST /candidates answer 500.'),
  fault('rm.server-error.unknown-include', '000 §4 Allowed include values (others are refused, not a crash)', 'no-server-error', 'An include value outside the allowed list makes GET /candidates answer 500.'),
  fault('rm.content-type.html', '000 §1: payloads follow the JSON resource-object layout', 'content-type', 'Every answer is declared as text/html.'),
] as const;

const variants = [
  variant('rm.variant.errors-message', '000 §7: error body format not shown', 'Error bodies are {"message": "..."} instead of JSON:API errors.'),
  variant('rm.variant.errors-empty', '000 §7: error body format not shown', 'Error answers carry no body at all.'),
  variant('rm.variant.related-post-200', '000 §4 Operations: POST educations/employments -> 200 or 201', 'Creating an education or employment answers 200.'),
  variant('rm.variant.page-size-10-50', '000 §8: default and maximum per_page not shown', 'Default per_page 10 and maximum 50 (larger values are clamped).'),
  variant('rm.variant.extra-members', '000 §4 rule 3: payload shapes not shown beyond the resource shapes', 'Extra top-level members (links, jsonapi) and extra undocumented attributes.'),
  variant('rm.variant.content-type-json', '000 §1: payloads follow the resource-object layout (response media type not fixed)', 'Answers are declared as application/json.'),
  variant('rm.variant.cursor-opaque', '000 §4 Common query parameters: the cursor is an opaque string', 'Cursors are opaque base64url strings.'),
  variant('rm.variant.cursor-end-absent', '000 §4 Common query parameters: repeat until no more records', 'The last page has no next_cursor key in meta (instead of null).'),
  variant('rm.variant.cursor-end-empty', '000 §4 Common query parameters: repeat until no more records', 'The last page has next_cursor "" (instead of null).'),
  variant('rm.variant.timestamps-offset', '000 §2 DateTime: utc and local are date-time strings (precision and offset not fixed)', 'utc strings are written with a +01:00 offset (same instant), e.g. "2025-03-01T11:00:00.123+01:00".'),
  variant('rm.variant.timestamps-seconds', '000 §2 DateTime: precision not fixed', 'Timestamps have whole-second precision ("2025-03-01T10:00:00Z"); records written in the same second share updated_at.'),
  variant('rm.variant.require-date-header', '000 §5.3: the x-hmac-date header may be replaced by the date header', 'Requests without x-hmac-date or date answer 401.'),
  variant('rm.variant.uuid-ids', '000 §4: path parameters are strings (id format not fixed)', 'Record ids are UUIDs.'),
  variant('rm.variant.unknown-include-ignored', '000 §4 Allowed include values: other values are not addressed', 'Include values outside the allowed list are ignored (instead of 400).'),
  variant('rm.variant.tags-post-list', '000 §4 rule 3: response shapes not shown', 'POST /candidates/{id}/tags answers with all the candidate\'s taggings instead of the one added.'),
  variant('rm.variant.draft-job-404', '000 §4 Operations: GET /jobs lists live jobs (reading a draft by id not addressed)', 'A draft job is not found by id (404).'),
  variant('rm.variant.conversation-false-all', '000 §4 Filters: filter[conversation][exists] false is accepted (meaning not given)', 'filter[conversation][exists]=false returns every message.'),
] as const;

export type RmFaultName = (typeof faults)[number]['name'];
export type RmVariantName = (typeof variants)[number]['name'];

export const RM_FAULTS: readonly FaultSpec[] = faults;
export const RM_VARIANTS: readonly VariantSpec[] = variants;
