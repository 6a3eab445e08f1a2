/**
 * RM v2 faults and variants of the reference server (000_6053abef4cebe6dd.txt). Each is switched on
 * only by name and checked by the handlers through `RmEnv.fault` / `RmEnv.variant`; the literal
 * name types keep those look-ups honest.
 *
 * A fault names the clause it breaks (src/clauses/registry.ts: the sentence or table row) and the
 * check that must catch it, and the pair compiles only when that check cites that clause
 * (../fault-factory.ts). A variant names the clause whose silence or latitude makes it lawful.
 */
import type { FaultSpec, VariantSpec } from '../fault-types';
import { defineFault, defineVariant } from '../fault-factory';

const faults = [
  // Credentials (000 §5, §7)
  defineFault('rm', 'rm.auth.not-enforced-on-list', 'rm.auth.401', 'auth-enforced', 'GET /candidates answers 200 without credentials.'),
  defineFault(
    'rm',
    'rm.auth.not-enforced-on-writes',
    'rm.auth.required',
    'auth-enforced',
    'POST, PATCH, PUT and DELETE operations run without credentials (reads are guarded).',
  ),
  defineFault(
    'rm',
    'rm.auth.not-enforced-on-educations',
    'rm.auth.required',
    'auth-enforced',
    'The educations sub-resource (list, get, create) skips the credential check.',
  ),
  defineFault(
    'rm',
    'rm.auth.not-enforced-on-event-buckets',
    'rm.auth.required',
    'auth-enforced',
    'GET /recruitment_events/{upcoming,past,in_progress,archived} answer 200 without credentials.',
  ),
  defineFault(
    'rm',
    'rm.auth.wrong-secret-accepted',
    'rm.auth.401',
    'auth-enforced',
    'Only the API key is compared; any secret is accepted.',
  ),
  defineFault(
    'rm',
    'rm.auth.any-key-accepted',
    'rm.auth.401',
    'auth-enforced',
    'Only the API secret is compared: a request with an unknown API key and the right secret is served.',
  ),
  defineFault(
    'rm',
    'rm.auth.date-header-refused',
    'rm.auth.date-header',
    'status',
    'A request that carries the ordinary date header instead of x-hmac-date is refused with 401.',
  ),
  defineFault('rm', 'rm.auth.status-403', 'rm.error.401', 'auth-enforced', 'Missing or wrong credentials answer 403 instead of 401.'),
  // Documented statuses (000 §3, §4 Operations, §7)
  defineFault('rm', 'rm.candidates.create.status-200', 'rm.op.candidates.create', 'status', 'Creating a candidate answers 200.'),
  defineFault('rm', 'rm.candidate-files.create.status-200', 'rm.op.candidate-files.create', 'status', 'Attaching a file answers 200.'),
  defineFault('rm', 'rm.ats.anonymise.status-200', 'rm.op.ats-candidates.anonymise', 'status', 'Queueing an anonymisation answers 200.'),
  defineFault('rm', 'rm.lists.remove.status-200', 'rm.state.list-remove', 'membership', 'Removing a list member answers 200 with a body.'),
  defineFault(
    'rm',
    'rm.lists.readd-after-delete-200',
    'rm.state.list-add',
    'membership',
    'A candidate put back into a list after a DELETE is answered 200 ("already a member"): only a PUT, DELETE, PUT sequence shows it.',
  ),
  defineFault(
    'rm',
    'rm.lists.add.always-201',
    'rm.state.list-readd',
    'membership',
    'A second PUT of the same membership answers 201 again.',
  ),
  defineFault(
    'rm',
    'rm.candidates.get.missing-200',
    'rm.error.404',
    'not-found',
    'GET /candidates/{unknown} answers 200 with {"data": null}.',
  ),
  defineFault(
    'rm',
    'rm.educations.get.missing-200',
    'rm.error.404',
    'not-found',
    'GET /candidates/{id}/educations/{unknown} answers 200 with empty data.',
  ),
  defineFault(
    'rm',
    'rm.educations.get.any-candidate',
    'rm.error.404',
    'not-found',
    'GET /candidates/{candidateId}/educations/{educationId} finds the education by its id alone: another ' +
      "candidate's education answers 200.",
  ),
  defineFault(
    'rm',
    'rm.lists.add.unknown-candidate-201',
    'rm.op.list-candidates.add',
    'not-found',
    'Adding an unknown candidate id to a list answers 201.',
  ),
  defineFault(
    'rm',
    'rm.ats.anonymise.unknown-202',
    'rm.op.ats-candidates.anonymise',
    'not-found',
    'Queueing an anonymisation for an unknown ATS candidate id answers 202.',
  ),
  // Validation: only the refusals the documents name (000 §4 Operations, rules 1-2, §7)
  defineFault(
    'rm',
    'rm.candidates.create.validation-400',
    'rm.rule.candidate-email',
    'validation',
    'Invalid candidates are refused with 400 instead of 422.',
  ),
  defineFault(
    'rm',
    'rm.candidates.create.email-optional',
    'rm.rule.candidate-email',
    'validation',
    'A candidate without email is created (201).',
  ),
  defineFault(
    'rm',
    'rm.candidates.create.email-format-unchecked',
    'rm.rule.candidate-email',
    'validation',
    'Any string is accepted as e-mail address.',
  ),
  defineFault(
    'rm',
    'rm.educations.create.blank-school-accepted',
    'rm.op.educations.create',
    'validation',
    'An education with a blank or missing school name is created.',
  ),
  defineFault(
    'rm',
    'rm.employments.create.blank-company-accepted',
    'rm.op.employments.create',
    'validation',
    'An employment with a blank or missing company name is created.',
  ),
  // Refused writes leave no trace (000 §4 rule 2, §7)
  defineFault(
    'rm',
    'rm.candidate-files.refused-still-attached',
    'rm.rule.file-refused',
    'no-trace',
    'A refused file (422) is attached to the candidate all the same.',
  ),
  defineFault(
    'rm',
    'rm.candidates.create.refused-still-created',
    'rm.error.422',
    'no-trace',
    'A candidate refused for an invalid e-mail (422) is stored all the same.',
  ),
  // Resource shapes (000 §1, §2)
  defineFault(
    'rm',
    'rm.schema.created-at-plain-string',
    'rm.candidate.timestamps',
    'schema',
    'Candidate created_at is a plain ISO string, not a DateTime object.',
  ),
  defineFault('rm', 'rm.schema.id-missing', 'rm.layout.resource', 'schema', 'Candidate resources in GET /candidates lack id.'),
  defineFault('rm', 'rm.schema.type-singular', 'rm.candidate.type', 'schema', 'Candidates carry type "candidate".'),
  defineFault(
    'rm',
    'rm.schema.interaction-score-percent',
    'rm.candidate.interaction_score',
    'schema',
    'interaction_score is given as a percentage (0 to 100).',
  ),
  defineFault(
    'rm',
    'rm.schema.subscription-status-active',
    'rm.candidate.subscription_status',
    'schema',
    'subscription_status is "active" for subscribed candidates.',
  ),
  defineFault(
    'rm',
    'rm.schema.relationships-bare-ids',
    'rm.candidate.relationships',
    'schema',
    'Candidate relationships hold bare id strings.',
  ),
  defineFault('rm', 'rm.schema.list-count-string', 'rm.list.fields', 'schema', 'company_lists count is a string.'),
  // Numeric pagination (000 §4 Common query parameters)
  defineFault(
    'rm',
    'rm.pagination.per-page-ignored',
    'rm.query.per_page',
    'pagination',
    'per_page is ignored; pages always hold the default number of records.',
  ),
  defineFault(
    'rm',
    'rm.pagination.pages-overlap',
    'rm.query.page',
    'pagination',
    'Each page after the first starts one record early (off by one), so neighbouring pages share a record.',
  ),
  defineFault('rm', 'rm.pagination.page-ignored', 'rm.query.page', 'pagination', 'page is ignored: page 2 repeats page 1.'),
  defineFault(
    'rm',
    'rm.pagination.jobs-blocks-of-5',
    'rm.query.page',
    'pagination',
    'GET /jobs cuts its pages from fixed blocks of 5 jobs: a page with per_page under 5 starts at the beginning of ' +
      'the block that holds its first record, so it repeats jobs of earlier pages (per_page 5 and above are right).',
  ),
  // Cursor pagination (000 §4 Common query parameters)
  defineFault(
    'rm',
    'rm.cursor.never-ends',
    'rm.query.cursor',
    'cursor',
    'The last page still carries a next_cursor (pointing at an empty page that does the same).',
  ),
  defineFault(
    'rm',
    'rm.cursor.repeats-record',
    'rm.query.cursor',
    'cursor',
    'next_cursor points one record early, so each page repeats the last record of the previous one.',
  ),
  defineFault(
    'rm',
    'rm.cursor.skips-record',
    'rm.query.cursor',
    'cursor',
    'next_cursor points one record late, so one record is skipped between pages.',
  ),
  defineFault(
    'rm',
    'rm.cursor.absent',
    'rm.query.cursor',
    'cursor',
    'Requests without page never carry meta.next_cursor although more records follow.',
  ),
  // Filters (000 §4 Filters, Operations)
  defineFault(
    'rm',
    'rm.filter.updated-at-lt-inclusive',
    'rm.filter.updated_at.lt',
    'filter',
    'updated_at lt also returns records updated exactly at the bound.',
  ),
  defineFault(
    'rm',
    'rm.filter.updated-at-gte-exclusive',
    'rm.filter.updated_at.gte',
    'filter',
    'updated_at gte leaves out records updated exactly at the bound.',
  ),
  defineFault(
    'rm',
    'rm.filter.updated-at-offset-ignored',
    'rm.filter.updated_at.gte',
    'filter',
    'The updated_at bounds drop the UTC offset of a date-time and read its clock time as UTC ' +
      '(2025-03-01T15:30:00+05:30 is taken as 15:30Z).',
  ),
  defineFault('rm', 'rm.filter.email-substring', 'rm.filter.email', 'filter', 'The e-mail filter matches substrings.'),
  defineFault(
    'rm',
    'rm.filter.archived-default-ignored',
    'rm.filter.archived',
    'filter',
    'Without filter[archived], archived candidates are listed too.',
  ),
  defineFault(
    'rm',
    'rm.filter.archived-ignored',
    'rm.filter.archived',
    'filter',
    'filter[archived]=true is ignored (only unarchived candidates are returned).',
  ),
  defineFault(
    'rm',
    'rm.filter.anonymised-default-ignored',
    'rm.filter.anonymised',
    'filter',
    'Without filter[anonymised], anonymised candidates are listed too.',
  ),
  defineFault('rm', 'rm.filter.ats-uid-exists-ignored', 'rm.filter.ats_uid', 'filter', 'filter[ats_uid][exists] is accepted but ignored.'),
  defineFault(
    'rm',
    'rm.filter.ats-uid-exists-inverted',
    'rm.filter.ats_uid',
    'filter',
    'filter[ats_uid][exists] true and false are swapped: false selects the candidates that have an ATS record.',
  ),
  defineFault('rm', 'rm.filter.resume-exists-inverted', 'rm.filter.resume', 'filter', 'filter[resume][exists] true and false are swapped.'),
  defineFault('rm', 'rm.filter.event-kind-ignored', 'rm.filter.kind', 'filter', 'The candidate events kind filter is ignored.'),
  defineFault(
    'rm',
    'rm.filter.event-kind-class-names',
    'rm.filter.kind',
    'filter',
    'kind carries the internal event class name (e.g. "ViewEvent", "AtsEvent"), so filter[kind]=view answers events whose kind is not view.',
  ),
  defineFault(
    'rm',
    'rm.filter.event-created-at-ignored',
    'rm.filter.created_at',
    'filter',
    'The candidate events created_at bounds are ignored.',
  ),
  defineFault('rm', 'rm.filter.conversation-exists-ignored', 'rm.filter.conversation', 'filter', 'The conversation filter is ignored.'),
  defineFault('rm', 'rm.jobs.list-includes-drafts', 'rm.op.jobs.list', 'filter', 'GET /jobs lists draft jobs too.'),
  defineFault('rm', 'rm.jobs.search-ignored', 'rm.filter.q', 'filter', 'filter[q][eq] on jobs is ignored.'),
  // Filter cap (000 §4 Common query parameters, §7, §8)
  defineFault(
    'rm',
    'rm.filter-cap.none',
    'rm.query.filter-cap',
    'filter-cap',
    'No cap: far pages of a filtered list answer 200 with no records.',
  ),
  defineFault('rm', 'rm.filter-cap.at-5000', 'rm.limit.cap', 'filter-cap', 'The cap is enforced at 5000 records instead of 10000.'),
  defineFault(
    'rm',
    'rm.filter-cap.default-page-size',
    'rm.query.filter-cap',
    'filter-cap',
    'The cap counts at most the default page size (25) per page: with per_page 1 to 25 it holds, with a larger ' +
      'per_page a request far beyond the cap (page 201, per_page 50) answers 200.',
  ),
  defineFault(
    'rm',
    'rm.filter-cap.on-cursor',
    'rm.query.filter-cap',
    'filter-cap',
    'Filtered cursor requests are refused with 400 as if they were beyond the cap.',
  ),
  // Include (000 §1, §4 Common query parameters, Allowed include values)
  defineFault('rm', 'rm.include.ignored', 'rm.query.include', 'include', 'include is accepted but nothing is embedded.'),
  defineFault(
    'rm',
    'rm.include.wrong-type',
    'rm.layout.relationship',
    'include',
    'Embedded records carry a singular type (e.g. "education") while the relationships that name them say the plural: no embedded record is the {id, type} pair a relationship names.',
  ),
  defineFault(
    'rm',
    'rm.include.dangling-relationships',
    'rm.query.include',
    'include',
    'Embedded records carry ids other than those named by the relationships.',
  ),
  defineFault(
    'rm',
    'rm.include.nested-dropped',
    'rm.include.candidates',
    'include',
    'Only the first segment of a nested include is embedded.',
  ),
  defineFault(
    'rm',
    'rm.include.unlinked',
    'rm.candidate.rel.educations',
    'include',
    'With include, a candidate leaves out the relationships the include names: the related records are embedded, ' +
      'but no relationship of the candidate names them.',
  ),
  defineFault(
    'rm',
    'rm.include.educations-ignored',
    'rm.include.candidates',
    'include',
    'include=educations is ignored (no education is embedded); every other include value works.',
  ),
  // Membership and state (000 §2 List, §3, §4 Operations)
  defineFault(
    'rm',
    'rm.lists.remove.leaves-member',
    'rm.state.list-remove',
    'membership',
    'DELETE answers 204 but the candidate stays in the list.',
  ),
  defineFault(
    'rm',
    'rm.lists.count-stale',
    'rm.list.fields',
    'membership',
    'A list count does not follow membership changes made through the API.',
  ),
  defineFault(
    'rm',
    'rm.candidates.update.not-persisted',
    'rm.op.candidates.update',
    'state',
    'PATCH answers 200 with the new values but does not store them.',
  ),
  defineFault(
    'rm',
    'rm.candidates.update.wipes-unsent',
    'rm.op.candidates.update',
    'state',
    'PATCH replaces the whole set of writable attributes: first_name, last_name or skills not sent are emptied.',
  ),
  defineFault(
    'rm',
    'rm.candidates.create.tag-values-dropped',
    'rm.op.candidates.create',
    'state',
    'tag_values of a created candidate are dropped: the candidate has none of them as tags.',
  ),
  defineFault(
    'rm',
    'rm.tags.delete.not-removed',
    'rm.op.candidate-tags.delete',
    'state',
    'Deleting a tag answers 200 but the tagging stays.',
  ),
  // Server errors on requests a row answers (000 §4 Operations)
  defineFault(
    'rm',
    'rm.server-error.malformed-json',
    'rm.op.candidates.create',
    'no-server-error',
    'A body that is not JSON makes POST /candidates answer 500.',
  ),
  defineFault(
    'rm',
    'rm.server-error.unknown-include',
    'rm.op.candidates.list',
    'no-server-error',
    'An include value outside the allowed list makes GET /candidates answer 500.',
  ),
] as const;

const variants = [
  // Error bodies (000 §7 "Error body format: not shown.")
  defineVariant(
    'rm',
    'rm.variant.cap-without-filter',
    'rm.gap.per-page',
    'Far numeric pages answer 400 even without a filter (000 says what a filtered request beyond the cap gets, nothing of an unfiltered one).',
  ),
  defineVariant('rm', 'rm.variant.errors-message', 'rm.gap.error-body', 'Error bodies are {"message": "..."} instead of JSON:API errors.'),
  defineVariant('rm', 'rm.variant.errors-empty', 'rm.gap.error-body', 'Error answers carry no body at all.'),
  defineVariant(
    'rm',
    'rm.variant.errors-text-plain',
    'rm.gap.error-body',
    'Error answers (400, 401, 404, 405, 422) carry a text/plain body: one line saying what is wrong.',
  ),
  // Statuses and payload shapes (000 §4 Operations, Rules)
  defineVariant(
    'rm',
    'rm.variant.related-post-200',
    'rm.op.educations.create',
    'Creating an education or employment answers 200 (the rows say "200 or 201").',
  ),
  defineVariant(
    'rm',
    'rm.variant.extra-members',
    'rm.gap.payload-shapes',
    'Extra top-level members (links, jsonapi) and extra undocumented attributes.',
  ),
  defineVariant(
    'rm',
    'rm.variant.bare-data',
    'rm.gap.payload-shapes',
    'No {data} envelope where nothing else travels with the data: a single read answers the bare resource, a list that is not cursor-paginated a bare array (answers with included records or meta.next_cursor keep the envelope).',
  ),
  defineVariant(
    'rm',
    'rm.variant.tags-post-list',
    'rm.gap.payload-shapes',
    "POST /candidates/{id}/tags answers with all the candidate's taggings instead of the one added.",
  ),
  defineVariant(
    'rm',
    'rm.variant.content-type-json',
    'rm.layout.request-body',
    'Answers are declared as application/json (000 §1 gives the media type of request bodies only).',
  ),
  defineVariant(
    'rm',
    'rm.variant.null-to-one',
    'rm.event.relationships',
    'An absent to-one relationship is written as {"data": null} (first_touch_event and last_touch_event of a candidate without events, job, page, ats_status, ... of an event without them; e-mail, subscription and consent events have no job and no page).',
  ),
  defineVariant(
    'rm',
    'rm.variant.related-type-names',
    'rm.gap.known-by-id',
    'Educations and employments are of type candidate_educations and candidate_employments (in their own answers and in the candidate relationships that name them).',
  ),
  // DateTime objects (000 §2 DateTime object: types given, no field marked required)
  defineVariant(
    'rm',
    'rm.variant.datetime-utc-only',
    'rm.datetime.epoch',
    'DateTime objects carry utc only (no epoch, ago, local or local_epoch).',
  ),
  defineVariant(
    'rm',
    'rm.variant.timestamps-offset',
    'rm.datetime.utc',
    'utc strings are written with a +01:00 offset (same instant), e.g. "2025-03-01T11:00:00.123+01:00".',
  ),
  defineVariant(
    'rm',
    'rm.variant.timestamps-seconds',
    'rm.datetime.utc',
    'Timestamps have whole-second precision ("2025-03-01T10:00:00Z"); records written in the same second share updated_at.',
  ),
  // Candidate events (000 §2: kind lists the values the filter accepts, not every value there is)
  defineVariant(
    'rm',
    'rm.variant.extra-event-kind',
    'rm.event.kind',
    'The first starting candidate also has an event of kind "note", a kind the kind filter does not accept.',
  ),
  // Pagination (000 §4 Common query parameters, §8)
  defineVariant('rm', 'rm.variant.page-size-10-50', 'rm.gap.per-page', 'Default per_page 10 and maximum 50 (larger values are clamped).'),
  defineVariant(
    'rm',
    'rm.variant.per-page-over-max-400',
    'rm.gap.per-page',
    'per_page above the maximum (100) is refused with 400 instead of clamped.',
  ),
  defineVariant('rm', 'rm.variant.cursor-opaque', 'rm.query.cursor', 'Cursors are opaque base64url strings.'),
  defineVariant('rm', 'rm.variant.cursor-end-absent', 'rm.query.cursor', 'The last page has no next_cursor key in meta (instead of null).'),
  defineVariant('rm', 'rm.variant.cursor-end-empty', 'rm.query.cursor', 'The last page has next_cursor "" (instead of null).'),
  defineVariant(
    'rm',
    'rm.variant.cursor-empty-page',
    'rm.query.cursor',
    'Once per cursor walk of more than one page, the second request answers an empty page whose next_cursor continues at the same place.',
  ),
  // Filters and include (000 §4)
  defineVariant(
    'rm',
    'rm.variant.archived-true-includes-all',
    'rm.filter.archived',
    'filter[archived]=true means "archived included": archived and unarchived candidates are listed.',
  ),
  defineVariant(
    'rm',
    'rm.variant.conversation-false-all',
    'rm.filter.conversation',
    'filter[conversation][exists]=false returns every message.',
  ),
  defineVariant(
    'rm',
    'rm.variant.unknown-include-ignored',
    'rm.query.include',
    'Include values outside the allowed list are ignored (instead of 400).',
  ),
  defineVariant('rm', 'rm.variant.draft-job-404', 'rm.live-jobs', 'A draft job is not found by id (404).'),
  // Membership (000 §3: the DELETE row's subject is a candidate in the list)
  defineVariant(
    'rm',
    'rm.variant.remove-non-member-404',
    'rm.state.list-remove',
    'DELETE of a candidate that is not a member of the list answers 404.',
  ),
  // Writes the documents do not constrain (000 §4 rules 2 and Operations)
  defineVariant(
    'rm',
    'rm.variant.file-content-any-string',
    'rm.rule.file-refused',
    'Candidate file content that is not base64 is accepted and stored as it is.',
  ),
  defineVariant(
    'rm',
    'rm.variant.patch-coerces-types',
    'rm.op.candidates.update',
    'PATCH /candidates/{id} turns first_name and last_name into strings and skills into an array of strings instead of refusing other types.',
  ),
  // Credentials and ids (000 §4, §5)
  defineVariant('rm', 'rm.variant.require-date-header', 'rm.auth.date-header', 'Requests without x-hmac-date or date answer 401.'),
  defineVariant('rm', 'rm.variant.uuid-ids', 'rm.path-params', 'Record ids are UUIDs.'),
] as const;

export type RmFaultName = (typeof faults)[number]['name'];
export type RmVariantName = (typeof variants)[number]['name'];

export const RM_FAULTS: readonly FaultSpec[] = faults;
export const RM_VARIANTS: readonly VariantSpec[] = variants;

// Retired: no sentence of 000 requires what they broke (see the variants that now show the lawful reading).
// Retired: rm.candidates.update.types-unchecked: the PATCH row lists 422 but no sentence ties a wrong attribute type to it (variant rm.variant.patch-coerces-types).
// Retired: rm.candidate-files.create.base64-unchecked: rule 2 refuses content "not accepted" without saying what is not; "string, base64" names an encoding, not a refusal (variant rm.variant.file-content-any-string).
// Retired: rm.filter-cap.without-filter: 000 §4 gives the cap to "a filter ... combined with numeric pagination" and says nothing of unfiltered far pages (variant rm.variant.cap-without-filter).
// Retired: rm.content-type.html: no sentence gives the media type of responses (000 §1 names the request media type only; §7 "Error body format: not shown."); its check "content-type" no longer exists.
// Renamed: rm.schema.event-kind-outside-list is now rm.filter.event-kind-class-names, caught by the filter check: §2 lists the kinds the
// filter accepts, not every kind an event may have (variant rm.variant.extra-event-kind), so the schema check cannot fail it; what filter[kind]=view answers can.
