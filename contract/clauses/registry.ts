/**
 * The clause registry: every sentence (or table row) of the two seed documents that the suite
 * enforces, quoted word for word, with its section. A check that fails a target names one of these;
 * so does every enforced schema keyword (`x-clause`) and every fault of the reference server.
 * test/unit/clauses.test.ts proves each quote appears in its section of ../shared/seeds/.
 * Where a sentence names a standard (OAuth 2.0, JWT, date-time, ISO 4217), `standard` cites the
 * standard's section that carries the rule.
 */
import { STANDARD_CLAUSES, type StandardClauseId } from './standards';
import type { Clause } from './types';

/** 000: Recruitment Marketing API v2. */
const RM = {
  // §1 What the service does
  'rm.layout.resource': [
    '§1',
    'Payloads follow a resource-object layout: every resource has `id`, `type`, `attributes` and, where related records exist, `relationships`.',
  ],
  'rm.layout.relationship': ['§1', 'Each relationship entry is a pair `{id, type}`.'],
  'rm.layout.request-body': [
    '§1',
    'Request bodies are sent with media type `application/vnd.api+json` and carry a top-level `data` object with `type` and `attributes`.',
  ],
  'rm.live-jobs': [
    '§1',
    'It exposes live jobs (with categories and locations) and recruitment events (upcoming, past, in progress, archived).',
  ],
  // §2 DateTime object
  'rm.datetime.utc': ['§2 DateTime object', '| utc | string, date-time |', 'RFC 3339 §5.6 (date-time)'],
  'rm.datetime.epoch': ['§2 DateTime object', '| epoch | integer (int64) |'],
  'rm.datetime.ago': ['§2 DateTime object', '| ago | string |'],
  'rm.datetime.local': ['§2 DateTime object', '| local | string, date-time |', 'ISO 8601 local date-time (offset may be absent)'],
  'rm.datetime.local_epoch': ['§2 DateTime object', '| local_epoch | integer (int64) |'],
  // §2 Candidate
  'rm.candidate.type': ['§2 Candidate', '### Candidate (type `candidates`)'],
  'rm.candidate.uid': ['§2 Candidate', '| uid | string, randomly generated, alphanumeric, unique |'],
  'rm.candidate.timestamps': ['§2 Candidate', '| created_at, updated_at | DateTime |'],
  'rm.candidate.links': [
    '§2 Candidate',
    "| links | object with entries `self`, `mail_to`, `tel` and one for the candidate's professional-network profile; each entry is an object with `url` (string) |",
  ],
  'rm.candidate.names': ['§2 Candidate', '| name, first_name, last_name | string |'],
  'rm.candidate.contact': ['§2 Candidate', '| email, phone_number | string |'],
  'rm.candidate.tags': ['§2 Candidate', '| tags | array of string |'],
  'rm.candidate.skills': ['§2 Candidate', '| skills | array of string |'],
  'rm.candidate.interaction_score': ['§2 Candidate', '| interaction_score | number, 0 to 1 inclusive; measures engagement |'],
  'rm.candidate.subscription_status': ['§2 Candidate', '| subscription_status | `unsubscribed` or `subscribed` |'],
  'rm.candidate.internal_candidate': ['§2 Candidate', '| internal_candidate | boolean |'],
  'rm.candidate.manually_added': ['§2 Candidate', '| manually_added | boolean |'],
  'rm.candidate.seen': ['§2 Candidate', '| last_seen_at, first_seen_at | DateTime |'],
  'rm.candidate.visit_count': ['§2 Candidate', '| visit_count | number |'],
  'rm.candidate.archived_status': ['§2 Candidate', '| archived_status | `unarchived` or `archived` |'],
  'rm.candidate.last_archived_at': ['§2 Candidate', '| last_archived_at | DateTime |'],
  'rm.candidate.relationships': ['§2 Candidate', 'Candidate relationships (each `{id, type}`):'],
  'rm.candidate.rel.lists': ['§2 Candidate', '| lists | static_lists |'],
  'rm.candidate.rel.messages_to': ['§2 Candidate', '| messages_to | messages (sent to the candidate) |'],
  'rm.candidate.rel.messages_from': ['§2 Candidate', '| messages_from | messages (sent by the candidate) |'],
  'rm.candidate.rel.educations': ['§2 Candidate', '| educations | educations |'],
  'rm.candidate.rel.employments': ['§2 Candidate', '| employments | employments |'],
  'rm.candidate.rel.events': ['§2 Candidate', '| events | candidate_events |'],
  'rm.candidate.rel.job_alert_subscription': [
    '§2 Candidate',
    '| job_alert_subscription | candidate_job_alert_subscriptions; itself carries relationships `job_template_fields` (type job_template_fields) and `job_template_field_options` (type job_template_field_options) |',
  ],
  // §2 Candidate event
  'rm.event.type': ['§2 Candidate event', '### Candidate event (type `candidate_events`)'],
  'rm.event.uid': ['§2 Candidate event', '| uid | string |'],
  'rm.event.timestamps': ['§2 Candidate event', '| created_at, updated_at | DateTime |'],
  'rm.event.kind': [
    '§2 Candidate event',
    '| kind | string; values accepted by the `kind` filter: view, cta, email, lifecycle, ats, user_modification, subscription, unsubscription, video, search, reapplication, consent_accepted, consent_rejected, chatbot_message, chatbot_fulfilment, chat_message, candidate_referral, application |',
  ],
  'rm.event.ats': [
    '§2 Candidate event',
    '| ats | object: created_at, updated_at (DateTime), initial (string), ats_status {name}, ats_secondary_status {name} |',
  ],
  'rm.event.referrer': ['§2 Candidate event', '| referrer | object: url, utm_source, utm_medium, utm_campaign, utm_term (all string) |'],
  'rm.event.relationships': [
    '§2 Candidate event',
    'Relationships: location, job, call_to_action, form_submission, user_agent, page, notes, ats_status, ats_secondary_status, traffic_source.',
  ],
  // §2 Job
  'rm.job.type': ['§2 Job', '### Job (type `jobs`)'],
  'rm.job.uid': ['§2 Job', '| uid, ats_uid | string |'],
  'rm.job.timestamps': ['§2 Job', '| created_at, updated_at, opening_at, closing_at | DateTime |'],
  'rm.job.texts': ['§2 Job', '| title, summary, description, time_zone | string |'],
  'rm.job.title_with_locations_and_req': [
    '§2 Job',
    '| title_with_locations_and_req | string; title combined with locations and requisition id |',
  ],
  'rm.job.remote': ['§2 Job', '| remote | boolean |'],
  'rm.job.apply_url': ['§2 Job', '| apply_url | string; link to the application page |'],
  'rm.job.status': ['§2 Job', '| status | string; publication status of the application page (values seen: live and draft) |'],
  'rm.job.payment_amount': ['§2 Job', '| payment_amount | number |'],
  'rm.job.payment_frequency': ['§2 Job', '| payment_frequency | string (values seen: hourly, annual) |'],
  'rm.job.payment_currency_code': [
    '§2 Job',
    '| payment_currency_code | string, ISO 4217 code |',
    'ISO 4217 (three-letter alphabetic code)',
  ],
  'rm.job.relationships': ['§2 Job', 'Relationships: categories (type categories), locations (type locations).'],
  // §2 List, Message, Note, Tagging, job template fields
  'rm.list.fields': [
    '§2 List',
    'Attributes: uid (string), created_at, updated_at (DateTime), name (string), count (integer, number of candidates in the list).',
  ],
  'rm.list.type': ['§2 List', '### List (type `company_lists`, static list)'],
  'rm.message.type': ['§2 Message', '### Message (type `messages`)'],
  'rm.message.fields': [
    '§2 Message',
    'Attributes: uid (string); kind (`sms`, `email`, or a value naming a professional network); subject (string); contents (string, present only for SMS messages); delivery_status (string); links.self.url (string); created_at, updated_at (DateTime).',
  ],
  'rm.message.relationships': ['§2 Message', 'Relationships: from (type users), to (type candidates).'],
  'rm.note.type': ['§2 Note', '### Note (type `notes`)'],
  'rm.note.fields': ['§2 Note', 'Attributes: uid, body (string); created_at, updated_at (DateTime). Relationship: user (type users).'],
  'rm.tagging.fields': ['§2 Tagging', 'Attributes: uid, name (string). Relationship: tag_source (type tag_sources).'],
  'rm.job-template-field.fields': [
    '§2 Job template field and option',
    'Job template field: attributes uid, display_name, mapping_name (string); relationship job_template_field_options.',
  ],
  'rm.job-template-field-option.fields': [
    '§2 Job template field and option',
    'Job template field option: attributes uid, name (string), created_at, updated_at (DateTime); relationship job_template_fields.',
  ],
  'rm.write.education': [
    '§2 Fields accepted when writing related records',
    'Education: `school` (object with `name` string; required), `course` (string), `start_date`, `end_date` (date).',
  ],
  'rm.write.employment': [
    '§2 Fields accepted when writing related records',
    'Employment: `company` (object with `name` string; required in effect, see endpoint rules), `title` (string), `locality` (string), `start_date`, `end_date` (date).',
  ],
  // §3 States and transitions
  'rm.state.anonymise': [
    '§3',
    '| Candidate | DELETE anonymise-by-ATS-id operation | candidate and integration exist | queued for anonymisation | response 202 |',
  ],
  'rm.state.list-add': ['§3', '| Candidate in static list | PUT list membership | candidate not yet in list | member | response 201 |'],
  'rm.state.list-readd': [
    '§3',
    '| Candidate in static list | PUT list membership | candidate already in list | member (unchanged) | response 200 |',
  ],
  'rm.state.list-remove': [
    '§3',
    '| Candidate in static list | DELETE list membership | candidate and list exist | not a member | response 204 |',
  ],
  // §4 Common query parameters
  'rm.query.page': ['§4 Common query parameters', '| page | integer | numeric page number |'],
  'rm.query.per_page': ['§4 Common query parameters', '| per_page | integer | page size |'],
  'rm.query.cursor': [
    '§4 Common query parameters',
    '| cursor | string | experimental cursor pagination: send the first request without `page` (optionally with `per_page`); the response carries `next_cursor` inside its `meta` section; pass that value as `cursor` on the next request; repeat until no more records |',
  ],
  'rm.query.include': ['§4 Common query parameters', '| include | array of string, sent comma-separated | related resources to embed |'],
  'rm.query.filter': ['§4 Common query parameters', '| filter | deep object, for example `filter[name][operator]=value` | filtering |'],
  'rm.query.filter-cap': [
    '§4 Common query parameters',
    'When a filter is combined with numeric pagination, requests that reach beyond a fixed record cap (given as 10000 candidates in the illustration) get HTTP 400; cursor pagination avoids the cap.',
  ],
  // §4 Allowed include values
  'rm.include.candidates': [
    '§4 Allowed include values',
    '| candidates (list and get) | events, events.call_to_action, events.form_submission.fields, resumes, educations, employments, locations, lists, taggings, taggings.tag_source, jobs, job_applications, form_submissions, messages_to, messages_to.from, messages_from, messages_from.to, notes, notes.user, project_template_stages, job_alert_subscriptions, job_alert_subscriptions.job_template_fields.options, first_touch_event, first_touch_event.traffic_source, last_touch_event, last_touch_event.traffic_source |',
  ],
  'rm.include.events': [
    '§4 Allowed include values',
    '| candidate events, job application events | location, form_submission, form_submission.fields, call_to_action, traffic_source |',
  ],
  'rm.include.messages': ['§4 Allowed include values', '| candidate messages | from, to, conversation |'],
  'rm.include.jobs': ['§4 Allowed include values', '| jobs | categories |'],
  'rm.include.recruitment-events': [
    '§4 Allowed include values',
    '| recruitment events | call_to_actions, call_to_action.form_fields, call_to_action.form_fields.options |',
  ],
  // §4 Filters
  'rm.filter.updated_at.lt': [
    '§4 Filters',
    '| candidates | filter[updated_at][lt] | date-time, strictly before |',
    'RFC 3339 §5.6 (date-time)',
  ],
  'rm.filter.updated_at.gte': [
    '§4 Filters',
    '| candidates | filter[updated_at][gte] | date-time, at or after; may be combined with lt |',
    'RFC 3339 §5.6 (date-time)',
  ],
  'rm.filter.email': ['§4 Filters', '| candidates | filter[email][eq] | exact e-mail match (URL-encoded) |'],
  'rm.filter.archived': ['§4 Filters', '| candidates | filter[archived] | `true` or `false`; default `false` |'],
  'rm.filter.anonymised': ['§4 Filters', '| candidates | filter[anonymised] | `true` or `false`; default `false` |'],
  'rm.filter.ats_candidates': [
    '§4 Filters',
    '| candidates | filter[ats_candidates][exists] | `true` or `false`; tests for any ATS status history (status events only) |',
  ],
  'rm.filter.ats_uid': [
    '§4 Filters',
    '| candidates | filter[ats_uid][exists] | `true` or `false`; tests for an ATS record (false finds candidates not yet sent to an ATS) |',
  ],
  'rm.filter.resume': [
    '§4 Filters',
    '| candidates | filter[resume][exists] | `true` or `false`; counts only resumes whose text has been extracted, so a fresh upload may not match at once |',
  ],
  'rm.filter.kind': ['§4 Filters', '| candidate events | filter[kind] | array of event kinds (list in part 2) |'],
  'rm.filter.created_at': [
    '§4 Filters',
    '| candidate events | filter[created_at][gte], [lte] | date-time bounds |',
    'RFC 3339 §5.6 (date-time)',
  ],
  'rm.filter.job-application-kind': [
    '§4 Filters',
    '| job application events | filter[kind] | as above; created_at gte and lte are also named as accepted |',
  ],
  'rm.filter.conversation': [
    '§4 Filters',
    '| candidate messages | filter[conversation][exists] | `true` returns only messages in a conversation; `false` accepted |',
  ],
  'rm.filter.q': [
    '§4 Filters',
    '| jobs | filter[q][eq] | free-text search: exact match on ATS id, requisition id, title, postal code, state code;',
  ],
  // §4 Operations (one row each)
  'rm.op.candidates.list': ['§4 Operations', '| GET | /candidates | query: page, per_page, cursor, include, filter | 200 | 401 |'],
  'rm.op.candidates.create': [
    '§4 Operations',
    '| POST | /candidates | body data{type, attributes{email (required, string, e-mail format), first_name, last_name, phone_number (strings), tag_values (array of string)}}; `data` and `type` required | 201 | 401, 422 |',
  ],
  'rm.op.candidates.get': ['§4 Operations', '| GET | /candidates/{candidateId} | query include | 200 | 401, 404 |'],
  'rm.op.candidates.update': [
    '§4 Operations',
    '| PATCH | /candidates/{candidateId} | body data{type, attributes{first_name, last_name (strings), skills (array of string)}}; no attribute is required | 200 | 401, 404, 422 |',
  ],
  'rm.op.candidate-events.list': ['§4 Operations', '| GET | /candidates/{candidateId}/events | query include, filter | 200 | 401, 404 |'],
  'rm.op.candidate-messages.list': [
    '§4 Operations',
    '| GET | /candidates/{candidateId}/messages | query page, per_page, include, filter | 200 | 401, 404 |',
  ],
  'rm.op.candidate-tags.list': ['§4 Operations', '| GET | /candidates/{candidateId}/tags | none | 200 | 401, 404 |'],
  'rm.op.candidate-tags.create': [
    '§4 Operations',
    '| POST | /candidates/{candidateId}/tags | body data{type, attributes{name string}}; the contract also lists `email` as a required attribute name although no such property is defined | 200 | 401, 404 |',
  ],
  'rm.op.candidate-tags.delete': [
    '§4 Operations',
    '| DELETE | /candidates/{candidateId}/tags/{tagId} | tagId is the tag UUID | 200 | 401, 404 |',
  ],
  'rm.op.candidate-files.create': [
    '§4 Operations',
    '| POST | /candidates/{candidateId}/candidate_files | body data{type, attributes{filename (string, required), content (string, base64, required)}, options{parse_resume boolean, enables resume parsing}} | 201 file added | 401, 404, 422 (file not added) |',
    'RFC 4648 §4 (base64)',
  ],
  'rm.op.ats-candidates.anonymise': [
    '§4 Operations',
    "| DELETE | /ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId} | atsIntegrationId: integration UUID; candidateAtsId: the candidate's id in the ATS (for one supported ATS the field `id`, for another the field `Candidate_ID`); available only for certain ATS products | 202 queued | 401, 404 (integration or candidate missing) |",
  ],
  'rm.op.educations.list': ['§4 Operations', '| GET | /candidates/{candidateId}/educations | query page, per_page | 200 | 401, 404 |'],
  'rm.op.educations.create': [
    '§4 Operations',
    '| POST | /candidates/{candidateId}/educations | body data{type, attributes{school{name}, course, start_date, end_date}}; school required | 200 or 201 | 401, 422 (name blank) |',
  ],
  'rm.op.educations.get': ['§4 Operations', '| GET | /candidates/{candidateId}/educations/{educationId} | none | 200 | 401, 404 |'],
  'rm.op.employments.list': ['§4 Operations', '| GET | /candidates/{candidateId}/employments | query page, per_page | 200 | 401, 404 |'],
  'rm.op.employments.create': [
    '§4 Operations',
    "| POST | /candidates/{candidateId}/employments | body data{type, attributes{company{name}, title, locality, start_date, end_date}}; the contract's required marker has an irregular name; a blank company name gives 422 | 200 or 201 | 401, 422 |",
  ],
  'rm.op.employments.get': ['§4 Operations', '| GET | /candidates/{candidateId}/employments/{employmentId} | none | 200 | 401, 404 |'],
  'rm.op.job-alert-subscriptions.list': [
    '§4 Operations',
    '| GET | /candidates/{candidateId}/job_alert_subscriptions | none; lists active subscriptions | 200 | 401, 404 |',
  ],
  'rm.op.job-application-events.list': [
    '§4 Operations',
    '| GET | /job_applications/{jobApplicationId}/events | query include, filter | 200 | 401, 404 |',
  ],
  'rm.op.recruitment-events.get': ['§4 Operations', '| GET | /recruitment_events/{recruitmentEventId} | query include | 200 | 401, 404 |'],
  'rm.op.recruitment-events.upcoming': ['§4 Operations', '| GET | /recruitment_events/upcoming | query include | 200 | none listed |'],
  'rm.op.recruitment-events.past': ['§4 Operations', '| GET | /recruitment_events/past | query include | 200 | none listed |'],
  'rm.op.recruitment-events.in-progress': [
    '§4 Operations',
    '| GET | /recruitment_events/in_progress | query include | 200 | none listed |',
  ],
  'rm.op.recruitment-events.archived': ['§4 Operations', '| GET | /recruitment_events/archived | query include | 200 | none listed |'],
  'rm.op.jobs.list': ['§4 Operations', '| GET | /jobs | query page, per_page, include, filter; lists live jobs | 200 | 401 |'],
  'rm.op.jobs.get': ['§4 Operations', '| GET | /jobs/{jobId} | query include | 200 | 401 |'],
  'rm.op.lists.list': ['§4 Operations', '| GET | /lists | query page, per_page; static lists of the company | 200 | 401 |'],
  'rm.op.list-candidates.add': [
    '§4 Operations',
    '| PUT | /lists/{listId}/candidates/{candidateId} | no body | 201 added, 200 already a member | 401, 404 |',
  ],
  'rm.op.list-candidates.remove': ['§4 Operations', '| DELETE | /lists/{listId}/candidates/{candidateId} | no body | 204 | 401, 404 |'],
  // §4 Rules
  'rm.rule.candidate-email': [
    '§4 Rules',
    'When a POST to candidates lacks `email` or is invalid, the response is 422.',
    'RFC 5322 §3.4.1 (addr-spec), as JSON Schema\'s "email" format',
  ],
  'rm.rule.file-refused': [
    '§4 Rules',
    'When the candidate file content is not accepted, the response is 422 and the file is not attached.',
  ],
  // §5 Authentication
  'rm.auth.required': [
    '§5',
    'Every operation requires credentials; the scheme is declared as HTTP basic under the name HMAC.',
    'RFC 7617 §2 (Basic)',
  ],
  'rm.auth.key-secret': ['§5', 'The API key takes the place of the user name and the API secret the place of the password.'],
  'rm.auth.date-header': ['§5', 'The request header `x-hmac-date` may be replaced by the ordinary `date` header.'],
  'rm.auth.401': ['§5', 'Missing or invalid credentials give HTTP 401 (described as invalid API credentials).'],
  // §7 Errors
  'rm.error.400': ['§7', '| 400 | numeric pagination combined with a filter exceeds the record cap; use cursor pagination |'],
  'rm.error.401': ['§7', '| 401 | invalid API credentials |'],
  'rm.error.404': ['§7', '| 404 | candidate, record, integration or other addressed resource not found |'],
  'rm.error.422': [
    '§7',
    '| 422 | unprocessable entity: validation failed (for example a blank name in an education or employment, or a rejected candidate or file) |',
  ],
  // §8 Limits
  'rm.limit.cap': [
    '§8',
    'Cap on records fetchable by numeric pagination combined with a filter: exceeding it returns 400 (illustrated at 10000 candidate records).',
  ],
  // Gaps: sentences that leave a choice open (cited by the reference server's lawful variants)
  'rm.gap.known-by-id': [
    '§2 Gaps',
    'Fields of records known only by identifier and type (location, category, call to action, form submission, traffic source, user agent, page, user, tag source, education and employment as returned, candidate file, job alert subscription, project stage and entry): not shown.',
  ],
  'rm.path-params': ['§4', 'Path parameters are strings.'],
  'rm.gap.payload-shapes': [
    '§4 Rules',
    'Response payload shapes of every operation: not shown beyond the resource shapes of part 2 and `meta.next_cursor`.',
  ],
  'rm.gap.error-body': ['§7', 'Error body format: not shown.'],
  'rm.gap.date-layout': ['§4 Rules', 'Date layout accepted for start_date and end_date: not shown.'],
  'rm.events.read-through': [
    '§6',
    'Candidate events are stored activity records read through the candidate events and job application events operations (kinds listed in part 2).',
  ],
  'rm.gap.rate-limits': ['§8', 'Rate limits: not shown.'],
  'rm.gap.per-page': ['§8', 'Default and maximum per_page: not shown.'],
} as const;

/** 001: HR core API v3 and Learning Activities API v3. */
const V3 = {
  // §1
  'v3.one-put': ['§1', "One PUT operation per record type serves all three intents, keyed by the caller's own `externalId`."],
  'v3.learning.keyed': [
    '§1',
    "Learning: lets a caller create, update and archive learning activities (things employees complete), keyed by the caller's own external id.",
  ],
  // §2
  'v3.external-ids': ['§2', "All `...ExternalId` fields are strings that hold the caller's own identifier of another record."],
  'v3.dates': [
    '§2',
    'Dates are ISO-8601 (`YYYY-MM-DD` or `YYYYMMDD`); any time part sent in a date field is ignored.',
    'ISO 8601-1 §5.2.2 (calendar date, extended and basic format)',
  ],
  'hr.employee.externalId': ['§2 Employee', '| externalId | string; required in every request (the employee number) |'],
  'hr.employee.names': ['§2 Employee', '| title, firstName, lastName, initials | string |'],
  'hr.employee.email': ['§2 Employee', '| email | string |'],
  'hr.employee.phones': ['§2 Employee', '| homePhone, workPhone, mobilePhone | string |'],
  'hr.employee.loginAccess': ['§2 Employee', '| loginAccess | boolean |'],
  'hr.employee.archive': ['§2 Employee', '| archive | boolean |'],
  'hr.employee.location': ['§2 Employee', '| location | object: postCode, state, countryCode (strings) |'],
  'hr.employee.position': ['§2 Employee', '| position | object: externalId (string), startDate (date) |'],
  'hr.employee.access': [
    '§2 Employee',
    '| access | object: primaryTeamExternalId (string), secondaryTeamExternalIds (array of string), permissionGroupExternalIds (array of string), products (array of string) |',
  ],
  'hr.employee.ineligible': [
    '§2 Employee',
    '| ineligibleForPerformanceReview | object: ineligibleForPerformance (boolean), ineligibilityReason (string) |',
  ],
  'hr.employee.succession': ['§2 Employee', '| succession | object: employeeCritical (boolean) |'],
  'hr.employee.access-defaults': [
    '§2 Employee',
    'When primaryTeamExternalId or permissionGroupExternalIds is omitted, or the whole `access` object is omitted, they take defaults from the system configuration.',
  ],
  'hr.bu.externalId': ['§2 Business unit', '| externalId | string; required (business unit level id) |'],
  'hr.bu.name': ['§2 Business unit', '| name | string; required on create |'],
  'hr.bu.archive': ['§2 Business unit', '| archive | boolean (a string form of true or false also appears in use) |'],
  'hr.bu.level1ExternalId': ['§2 Business unit', '| level1ExternalId | string; required when the record is level 2 |'],
  'hr.bu.level2ExternalId': ['§2 Business unit', '| level2ExternalId | string; required when the record is level 3 |'],
  'hr.bu.level3ExternalId': ['§2 Business unit', '| level3ExternalId | string; required when the record is level 4 |'],
  'hr.position.externalId': ['§2 Position', '| externalId | string; required |'],
  'hr.position.name': ['§2 Position', '| name | string; required on create |'],
  'hr.position.references': [
    '§2 Position',
    '| parentPositionExternalId, roleExternalId, siteExternalId, costCentreExternalId, payScaleExternalId, agreementExternalId, workTypeExternalId, jobTypeExternalId, agreementTypeExternalId, agreementClassificationExternalId, jobSectorExternalId, positionTypeExternalId | string |',
  ],
  'hr.position.numbers': ['§2 Position', '| fte, baseHours | number |'],
  'hr.position.flags': ['§2 Position', '| critical, funded, vacant, archive | boolean |'],
  'hr.position.vacantDate': ['§2 Position', '| vacantDate | date |'],
  'hr.position.businessUnit': [
    '§2 Position',
    '| businessUnit | object: level1ExternalId, level2ExternalId, level3ExternalId, level4ExternalId (strings) |',
  ],
  'hr.position.supplementary': [
    '§2 Position',
    '| supplementary | object: textField1 to textField10 (string), boolField1 to boolField5 (boolean), dateField1 to dateField10 (date) |',
  ],
  'hr.position.genericList': [
    '§2 Position',
    '| genericList | array of objects: genericListTypeExternalId (string), genericListValueExternalId (string) |',
  ],
  'learning.provider': [
    '§2 Learning activity',
    '| the service | object `{id}`, id integer; required on create; the id is issued to the integrator at registration |',
  ],
  'learning.owner': ['§2 Learning activity', '| owner | object `{id}`, id integer; required on create; issued at registration |'],
  'learning.accessLevel': [
    '§2 Learning activity',
    '| accessLevel | string; required on create; values named: `orgwide`, `public`, `private` |',
  ],
  'learning.title': ['§2 Learning activity', '| title | string; required on create |'],
  'learning.description': ['§2 Learning activity', '| description | string |'],
  'learning.code': [
    '§2 Learning activity',
    '| code | string; applies only to orgwide activities; used for reporting and bulk actions; meant to be unique |',
  ],
  'learning.content': [
    '§2 Learning activity',
    '| content | object: type (string; `text` and `weblink` usable at every access level, other types such as `scormcourse` only at orgwide), text (string, used with type text) |',
  ],
  'learning.duration': ['§2 Learning activity', '| duration | object: duration (number), durationPeriod (string; minutes is shown) |'],
  'learning.costs': [
    '§2 Learning activity',
    '| costs | object: currency{code string, currency code}, attendenceCost, cancellationCost, otherCost (numbers) |',
  ],
  'learning.image': ['§2 Learning activity', '| image | object with `tempKey` (string, key of an image held in temporary storage) |'],
  'learning.isArchived': ['§2 Learning activity', '| isArchived | boolean |'],
  'learning.aggregateId': ['§2 Learning activity', '| aggregateId | identifier of the activity, set at creation, never changed |'],
  'learning.limited-set': [
    '§2 Learning activity',
    'Orgwide activities may use every field; public and private activities may use only a limited set.',
  ],
  // §3
  'hr.state.employee-archive': ['§3', '| Employee | PUT with `archive` true and `externalId` | record exists | archived | none shown |'],
  'hr.state.bu-archive': [
    '§3',
    '| Business unit | PUT with `archive` true and `externalId` | not referenced by a lower-level business unit | archived | none shown |',
  ],
  'hr.state.bu-archive-refused': [
    '§3',
    '| Business unit | PUT with `archive` true | referenced by a lower-level business unit | unchanged | request refused |',
  ],
  'hr.state.position-archive': ['§3', '| Position | PUT with `archive` true and `externalId` | record exists | archived | none shown |'],
  'learning.state.archive': [
    '§3',
    "| Learning activity | PUT with `isArchived` true | activity exists | archived; removed from the organisation's library display | 200 |",
  ],
  'learning.state.access-levels': [
    '§3',
    'Access-level rules for learning activities: an orgwide activity cannot change to public or private, and a public or private activity cannot change to orgwide.',
  ],
  // §4
  'v3.json-bodies': ['§4', 'All bodies are JSON.', 'RFC 8259 (JSON)'],
  'hr.rule.required': [
    '§4 Shared write rules',
    'Create requires the fields named per record in part 2; update requires `externalId` plus at least one other field; archive requires `externalId` and `archive`.',
  ],
  'hr.rule.omitted-kept': ['§4 Shared write rules', 'Fields omitted in an update keep their value; a field sent as null is removed.'],
  'hr.rule.collections': [
    '§4 Shared write rules',
    'A collection sent in an update replaces the stored collection. For the employee, an empty array removes all its values; for the position, null removes the collection.',
  ],
  'hr.rule.message': ['§4 Shared write rules', 'A missing required field yields a validation message in the response.'],
  'hr.op.employee': ['§4 Operations', '| PUT | /hrcore/employee | Employee object (part 2) | status not shown |'],
  'hr.op.business-unit': [
    '§4 Operations',
    '| PUT | /hrcore/business-unit/level1, /level2, /level3, /level4 | Business unit object | status not shown |',
  ],
  'hr.op.position': ['§4 Operations', '| PUT | /hrcore/position | Position object | status not shown |'],
  'hr.op.employee-reference': [
    '§4 Operations',
    "| PUT | /employee/{employeeId} | used to set the caller's own externalId on an employee record created automatically at offer acceptance; the id is the platform reference identifier that a hire interface returns under the applicant's linked user | status not shown |",
  ],
  'learning.op.put': [
    '§4 Operations',
    '| PUT | /learning/activities/externalId/{externalId} | Learning activity object; create: the service, owner, accessLevel, title required | 201 with body {id integer, aggregateId identifier, url string}; update 200 |',
  ],
  'learning.rule.update': [
    '§4 Operations',
    'Learning update rules: send only the fields that change; sending a field as null removes its value; sending `isArchived` true archives.',
  ],
  'learning.rule.trailing-slash': ['§4 Operations', 'The update path may end with a slash.'],
  // §5
  'v3.auth.token': [
    '§5',
    'the service operations need an OAuth 2.0 bearer token (JWT) obtained through the client credentials grant.',
    'RFC 6749 §4.4 and §5.1-5.2; RFC 6750 §3 (bearer token refusal); RFC 7519 §3 (JWT form)',
  ],
  'v3.auth.scope': [
    '§5',
    'The token request must ask for the scope `Public.HrCore.Write`; several scopes are requested as a space-separated list.',
    'RFC 6749 §3.3 (scope)',
  ],
  'v3.auth.lifetime': ['§5', 'Tokens live 300 seconds.', 'RFC 6749 §5.1 (expires_in); RFC 7519 §4.1.4 (exp)'],
  'v3.auth.per-environment': ['§5', 'Client id and client secret are issued per environment (test and live differ).'],
  'learning.auth.scope': [
    '§5',
    'Scope required for learning operations: not shown.',
    'RFC 6749 §3.3 (scope); RFC 6750 §3.1 (bearer token refusal: 401, or 403 for insufficient_scope)',
  ],
  // §7
  'v3.error.validation': [
    '§7',
    'Failed validation returns a validation message in the response; generic HTTP status errors may also occur.',
  ],
  'learning.msg.from-orgwide': ['§7', '| Cannot change access level from org-wide | activity is orgwide and accessLevel is altered |'],
  'learning.msg.to-orgwide': [
    '§7',
    '| Cannot change access level to org-wide | activity is public or private and accessLevel is set to orgwide |',
  ],
  'learning.msg.aggregate-id': [
    '§7',
    '| Cannot change Aggregate ID for an existing activity | supplied aggregate id differs from the stored one |',
  ],
  'learning.msg.circular': [
    '§7',
    '| Child activity would create a circular reference | the activity or its children refer back to themselves |',
  ],
  'learning.msg.cost-needs-currency': [
    '§7',
    '| If cost is supplied then currency code also needs to be supplied | a cost field (attendenceCost, cancellationCost, otherCost) is sent without currency.code |',
  ],
  'learning.msg.currency-needs-cost': [
    '§7',
    '| If currency code is supplied at least one cost also needs to be supplied | currency.code is sent without any cost |',
  ],
  'learning.msg.content-type': [
    '§7',
    '| Invalid access level for content type | public or private activity uses a content type other than text or weblink |',
  ],
  'learning.msg.field-access-level': [
    '§7',
    "| Field is invalid for access level | a field not allowed for the activity's access level is used |",
  ],
  'learning.msg.image': ['§7', '| Image does not exist | image.tempKey does not exist in temporary storage |'],
  // §8
  'v3.limit.token-lifetime': ['§8', 'OAuth token lifetime: 300 seconds.'],
  // Gaps: sentences that leave a choice open (cited by the reference server's lawful variants)
  'hr.gap.responses': ['§4 Gaps', 'Response bodies and success status codes of the the service operations: not shown.'],
  'learning.gap.update-body': ['§4 Gaps', 'Response body of learning updates (only the status 200 is given): not shown.'],
  'v3.gap.errors': ['§7', 'HTTP status codes per operation and error body format: not shown.'],
} as const;

type Row = readonly [section: string, quote: string, standard?: string];

function build<T extends Record<string, Row>>(seed: '000' | '001', rows: T): Record<keyof T, Clause> {
  const out = {} as Record<keyof T, Clause>;
  for (const [id, [section, quote, standard]] of Object.entries(rows) as [keyof T & string, Row][]) {
    out[id] = Object.freeze({ id, seed, section, quote, ...(standard ? { standard } : {}) });
  }
  return out;
}

/** The documents' clauses and the invoked standards' (contract/clauses/standards.ts), one registry. */
export const CLAUSES = Object.freeze({ ...build('000', RM), ...build('001', V3), ...STANDARD_CLAUSES });

export type ClauseId = keyof typeof RM | keyof typeof V3 | StandardClauseId;
