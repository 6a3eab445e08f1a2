/**
 * The schemas: every one compiles under Ajv strict mode and follows the conventions ($id, $schema,
 * x-clause, a clause id of contract/clauses/registry.ts, on every schema and property); examples built from the documents' own tables validate;
 * for each enforced rule one example that breaks it is rejected, with the seed section in the error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CLAUSES, isClauseId } from '../../contract/clauses';
import { getSchema, schemaIds, SCHEMA_BASE, validateAgainst } from '../../contract/schemas/registry';
import { LEARNING_PROVIDER_FIELD } from '../../contract/terms';
import { createAjv } from '../../contract/schemas/ajv';
import { join } from 'node:path';

const id = (short: string): string => SCHEMA_BASE + short;
type Json = Record<string, unknown>;

// ---------- examples from the tables of 000 §2 ----------
const dt = {
  utc: '2024-03-01T09:30:00Z',
  epoch: 1709285400,
  ago: '2 days ago',
  local: '2024-03-01T10:30:00+01:00',
  local_epoch: 1709289000,
};
const dtMinimal = { utc: '2024-03-01T09:30:00.000Z', epoch: 1709285400 };
const candidate: Json = {
  id: 'c1',
  type: 'candidates',
  attributes: {
    uid: 'a1B2c3',
    created_at: dt,
    updated_at: dtMinimal,
    links: {
      self: { url: 'https://x/candidates/c1' },
      mail_to: { url: 'mailto:a@b.test' },
      tel: { url: 'tel:+100' },
      linkedin: { url: 'https://network.test/in/a' },
    },
    name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
    phone_number: '+100',
    tags: ['engineer'],
    skills: ['maths'],
    interaction_score: 1,
    subscription_status: 'subscribed',
    internal_candidate: false,
    manually_added: true,
    last_seen_at: dt,
    first_seen_at: null,
    visit_count: 3.5,
    archived_status: 'unarchived',
    last_archived_at: null,
  },
  relationships: {
    resumes: [{ id: 'f1', type: 'candidate_files' }],
    events: { data: [{ id: 1, type: 'candidate_events' }] },
    jobs: { data: [], meta: { count: 0 } },
    job_alert_subscription: { id: 's1', type: 'candidate_job_alert_subscriptions' },
    notes: { data: null },
  },
};
const candidateEvent: Json = {
  id: 7,
  type: 'candidate_events',
  attributes: {
    uid: 'e7',
    created_at: dt,
    updated_at: dt,
    kind: 'ats',
    ats: { created_at: dt, updated_at: dt, initial: 'Applied', ats_status: { name: 'Interview' }, ats_secondary_status: { name: null } },
    referrer: { url: 'https://x/jobs', utm_source: 'news', utm_medium: 'email', utm_campaign: 'spring', utm_term: null },
  },
  relationships: { job: { id: 'j1', type: 'jobs' }, traffic_source: { data: { id: 't', type: 'traffic_sources' } } },
};
const job: Json = {
  id: 'j1',
  type: 'jobs',
  attributes: {
    uid: 'j1',
    ats_uid: 'ATS-1',
    created_at: dt,
    updated_at: dt,
    opening_at: dt,
    closing_at: null,
    title: 'Nurse',
    summary: 's',
    description: 'd',
    time_zone: 'Europe/London',
    title_with_locations_and_req: 'Nurse - Leeds (R1)',
    remote: false,
    apply_url: 'https://x/apply',
    status: 'live',
    payment_amount: 21.5,
    payment_frequency: 'hourly',
    payment_currency_code: 'GBP',
  },
  relationships: { categories: [{ id: 'cat', type: 'categories' }], locations: [] },
};
const list: Json = {
  id: 'l1',
  type: 'company_lists',
  attributes: { uid: 'l1', created_at: dt, updated_at: dt, name: 'Talent pool', count: 0 },
};
const message: Json = {
  id: 'm1',
  type: 'messages',
  attributes: {
    uid: 'm1',
    kind: 'linkedin',
    subject: 'Hello',
    contents: null,
    delivery_status: 'delivered',
    links: { self: { url: 'https://x/m1' } },
    created_at: dt,
    updated_at: dt,
  },
  relationships: { from: { id: 'u1', type: 'users' }, to: { id: 'c1', type: 'candidates' } },
};
const note: Json = {
  id: 'n1',
  type: 'notes',
  attributes: { uid: 'n1', body: 'Called', created_at: dt, updated_at: dt },
  relationships: { user: { id: 'u1', type: 'users' } },
};
const tagging: Json = {
  id: 'tg1',
  type: 'taggings',
  attributes: { uid: 'tg1', name: 'engineer' },
  relationships: { tag_source: { id: 'ts', type: 'tag_sources' } },
};
const templateField: Json = {
  id: 'f1',
  type: 'job_template_fields',
  attributes: { uid: 'f1', display_name: 'Department', mapping_name: 'department' },
  relationships: { job_template_field_options: [] },
};
const templateOption: Json = {
  id: 'o1',
  type: 'job_template_field_options',
  attributes: { uid: 'o1', name: 'Nursing', created_at: dt, updated_at: dt },
  relationships: { job_template_fields: [] },
};
const education: Json = { id: 'ed1', type: 'educations', attributes: { school: { name: 'Leeds' }, anything: 1 } };
const employment: Json = { id: 'em1', type: 'employments', attributes: {} };
const subscription: Json = { id: 's1', type: 'candidate_job_alert_subscriptions', attributes: {} };
const recruitmentEvent: Json = { id: 'r1', type: 'recruitment_events', attributes: { name: 'Open day' } };
const location: Json = { id: 'loc', type: 'locations', attributes: {} };

const doc = (data: unknown, extra: Json = {}): Json => ({ data, ...extra });

const rmValid: [string, string, unknown][] = [
  ['rm/datetime.json', 'all fields', dt],
  ['rm/datetime.json', 'utc and epoch only', dtMinimal],
  ['rm/datetime.json', 'local without an offset (D5)', { ...dt, local: '2024-03-01T10:30:00' }],
  ['rm/relationship.json', '{id,type}', { id: 1, type: 'x' }],
  ['rm/relationship.json', 'array', [{ id: '1', type: 'x' }]],
  ['rm/relationship.json', '{data: null}', { data: null }],
  ['rm/relationship.json', '{data: {id,type}, links}', { data: { id: '1', type: 'x' }, links: {} }],
  [
    'rm/relationship.json',
    'links only (a serializer that did not load the linkage)',
    { links: { related: '/v2/candidates/1/educations' } },
  ],
  ['rm/resource.json', 'generic', location],
  ['rm/any-resource.json', 'generic', location],
  ['rm/candidate.json', 'full candidate', candidate],
  [
    'rm/candidate.json',
    'null attribute values (D1)',
    { id: 2, type: 'candidates', attributes: Object.fromEntries(Object.keys(candidate.attributes as Json).map((k) => [k, null])) },
  ],
  ['rm/candidate-event.json', 'ats event', candidateEvent],
  ['rm/job.json', 'job', job],
  ['rm/list.json', 'static list', list],
  ['rm/message.json', 'message with a professional network kind', message],
  ['rm/note.json', 'note', note],
  ['rm/tagging.json', 'tagging', tagging],
  ['rm/job-template-field.json', 'field', templateField],
  ['rm/job-template-field-option.json', 'option', templateOption],
  ['rm/education.json', 'open education', education],
  ['rm/employment.json', 'open employment', employment],
  ['rm/job-alert-subscription.json', 'open subscription', subscription],
  ['rm/recruitment-event.json', 'open recruitment event', recruitmentEvent],
  ['rm/included-resource.json', 'record of an unshown type', location],
  ['rm/document-single.json', 'data null', doc(null)],
  ['rm/document-list.json', 'mixed data', doc([location, candidate])],
  [
    'rm/candidates-list.json',
    'with included and a cursor',
    doc([candidate], { included: [candidateEvent, job, location], meta: { next_cursor: 'abc' }, links: {} }),
  ],
  ['rm/candidates-list.json', 'last page: next_cursor null', doc([], { meta: { next_cursor: null } })],
  ['rm/candidates-list.json', 'no meta', doc([candidate])],
  ['rm/candidate-document.json', 'one candidate', doc(candidate, { included: [note, message, list] })],
  ['rm/candidate-events-list.json', 'events', doc([candidateEvent])],
  ['rm/messages-list.json', 'messages', doc([message])],
  ['rm/taggings-list.json', 'taggings', doc([tagging])],
  ['rm/educations-list.json', 'educations', doc([education])],
  ['rm/education-document.json', 'one education', doc(education)],
  ['rm/employments-list.json', 'employments', doc([employment])],
  ['rm/employment-document.json', 'one employment', doc(employment)],
  ['rm/job-alert-subscriptions-list.json', 'subscriptions', doc([subscription], { included: [templateField, templateOption] })],
  ['rm/recruitment-events-list.json', 'recruitment events', doc([recruitmentEvent])],
  ['rm/recruitment-event-document.json', 'one recruitment event', doc(recruitmentEvent)],
  ['rm/jobs-list.json', 'jobs', doc([job], { included: [{ id: 'cat', type: 'categories', attributes: {} }] })],
  ['rm/job-document.json', 'one job', doc(job)],
  ['rm/lists-list.json', 'lists', doc([list])],
  [
    'rm/candidate-create.request.json',
    'all attributes',
    {
      data: {
        type: 'candidates',
        attributes: { email: 'a@b.test', first_name: 'A', last_name: 'B', phone_number: '1', tag_values: ['x'] },
      },
    },
  ],
  ['rm/candidate-update.request.json', 'no attribute', { data: { type: 'candidates', attributes: {} } }],
  [
    'rm/candidate-update.request.json',
    'skills',
    { data: { type: 'candidates', attributes: { first_name: 'A', last_name: 'B', skills: ['x'] } } },
  ],
  ['rm/tag-create.request.json', 'name, no email (D13)', { data: { type: 'tags', attributes: { name: 'x' } } }],
  [
    'rm/candidate-file.request.json',
    'resume',
    { data: { type: 'candidate_files', attributes: { filename: 'cv.txt', content: 'aGVsbG8=' }, options: { parse_resume: true } } },
  ],
  [
    'rm/education-create.request.json',
    'all fields, free date layout (D15)',
    {
      data: {
        type: 'educations',
        attributes: { school: { name: 'Leeds' }, course: 'Maths', start_date: '2010-09', end_date: '01/07/2013' },
      },
    },
  ],
  [
    'rm/employment-create.request.json',
    'all fields',
    {
      data: {
        type: 'employments',
        attributes: { company: { name: 'ACME' }, title: 'Dev', locality: 'Leeds', start_date: '2014-01-01', end_date: '2016-06-30' },
      },
    },
  ],
];

// One broken rule each; `seed` is a part of the expected seed annotation in the error.
const rmInvalid: [string, string, unknown, string][] = [
  ['rm/datetime.json', 'utc not a date-time', { ...dt, utc: 'yesterday' }, '000 §2 DateTime object'],
  ['rm/datetime.json', 'epoch not an integer', { ...dt, epoch: 1.5 }, '000 §2 DateTime object'],
  ['rm/datetime.json', 'epoch a string', { ...dt, epoch: '1709285400' }, '000 §2 DateTime object'],
  ['rm/relationship.json', 'identifier without type', { id: 1 }, '000 §1'],
  ['rm/relationship.json', 'array item without id', [{ type: 'x' }], '000 §1'],
  ['rm/relationship.json', 'data of the wrong shape', { data: 'c1' }, '000 §1'],
  ['rm/relationship.json', 'an object with neither data nor links', { related: '/x' }, '000 §1'],
  ['rm/resource.json', 'attributes missing', { id: 1, type: 'x' }, '000 §1'],
  ['rm/resource.json', 'id a boolean', { id: true, type: 'x', attributes: {} }, '000 §1'],
  ['rm/candidate.json', 'type not candidates', { ...candidate, type: 'people' }, '000 §2 Candidate'],
  ['rm/candidate.json', 'interaction_score above 1', withAttr(candidate, 'interaction_score', 1.01), '000 §2 Candidate'],
  ['rm/candidate.json', 'interaction_score below 0', withAttr(candidate, 'interaction_score', -0.1), '000 §2 Candidate'],
  [
    'rm/candidate.json',
    'subscription_status outside the enumeration',
    withAttr(candidate, 'subscription_status', 'pending'),
    '000 §2 Candidate',
  ],
  ['rm/candidate.json', 'archived_status outside the enumeration', withAttr(candidate, 'archived_status', 'deleted'), '000 §2 Candidate'],
  ['rm/candidate.json', 'uid not alphanumeric', withAttr(candidate, 'uid', 'a-b'), '000 §2 Candidate'],
  ['rm/candidate.json', 'created_at not a DateTime', withAttr(candidate, 'created_at', '2024-01-01'), '000 §2'],
  ['rm/candidate.json', 'tags not strings', withAttr(candidate, 'tags', [1]), '000 §2 Candidate'],
  ['rm/candidate.json', 'internal_candidate not boolean', withAttr(candidate, 'internal_candidate', 'no'), '000 §2 Candidate'],
  ['rm/candidate.json', 'links entry url not a string', withAttr(candidate, 'links', { self: { url: 1 } }), '000 §2 Candidate'],
  ['rm/candidate.json', 'links entry without url', withAttr(candidate, 'links', { tel: {} }), '000 §2 Candidate'],
  ['rm/candidate.json', 'relationship of the wrong shape', { ...candidate, relationships: { notes: 'n1' } }, '000 §1'],
  ['rm/candidate-event.json', 'type not candidate_events', { ...candidateEvent, type: 'events' }, '000 §2 Candidate event'],
  ['rm/candidate-event.json', 'referrer url not a string', withAttr(candidateEvent, 'referrer', { url: 5 }), '000 §2 Candidate event'],
  ['rm/job.json', 'currency code not ISO 4217 letters', withAttr(job, 'payment_currency_code', 'usd'), '000 §2 Job'],
  ['rm/job.json', 'remote not boolean', withAttr(job, 'remote', 'yes'), '000 §2 Job'],
  ['rm/job.json', 'payment_amount not a number', withAttr(job, 'payment_amount', '20'), '000 §2 Job'],
  ['rm/list.json', 'count negative', withAttr(list, 'count', -1), '000 §2 List'],
  ['rm/list.json', 'count not an integer', withAttr(list, 'count', 1.5), '000 §2 List'],
  ['rm/list.json', 'type not company_lists', { ...list, type: 'lists' }, '000 §2 List'],
  ['rm/message.json', 'kind not a string', withAttr(message, 'kind', 3), '000 §2 Message'],
  ['rm/note.json', 'body not a string', withAttr(note, 'body', 3), '000 §2 Note'],
  ['rm/tagging.json', 'name not a string', withAttr(tagging, 'name', ['x']), '000 §2 Tagging'],
  ['rm/job-template-field-option.json', 'name not a string', withAttr(templateOption, 'name', 1), '000 §2 Job template field and option'],
  ['rm/recruitment-event.json', 'no id', { type: 'x', attributes: {} }, '000 §1'],
  ['rm/document-list.json', 'data missing', { meta: {} }, '000 §1'],
  ['rm/candidates-list.json', 'data not an array', doc(candidate), '000 §1'],
  ['rm/candidates-list.json', 'an item of another type', doc([job]), '000 §2 Candidate'],
  ['rm/candidates-list.json', 'next_cursor a number', doc([], { meta: { next_cursor: 3 } }), '000 §4 Common query parameters'],
  [
    'rm/candidates-list.json',
    'included candidate breaking its schema',
    doc([], { included: [withAttr(candidate, 'interaction_score', 3)] }),
    '000 §2 Candidate',
  ],
  ['rm/candidates-list.json', 'included record without attributes', doc([], { included: [{ id: 1, type: 'locations' }] }), '000 §1'],
  ['rm/candidate-document.json', 'data null', doc(null), '000 §2 Candidate'],
  [
    'rm/jobs-list.json',
    'included job breaking its schema',
    doc([], { included: [withAttr(job, 'payment_currency_code', 'pounds')] }),
    '000 §2 Job',
  ],
  ['rm/lists-list.json', 'list with negative count', doc([withAttr(list, 'count', -2)]), '000 §2 List'],
  ['rm/messages-list.json', 'item of another type', doc([note]), '000 §2 Message'],
  [
    'rm/candidate-create.request.json',
    'email missing',
    { data: { type: 'candidates', attributes: { first_name: 'A' } } },
    '000 §4 Operations',
  ],
  [
    'rm/candidate-create.request.json',
    'email not an e-mail',
    { data: { type: 'candidates', attributes: { email: 'nope' } } },
    '000 §4 rule 1',
  ],
  ['rm/candidate-create.request.json', 'type missing', { data: { attributes: { email: 'a@b.test' } } }, '000 §4 Operations'],
  ['rm/candidate-create.request.json', 'data missing', { type: 'candidates' }, '000 §4 Operations'],
  [
    'rm/candidate-create.request.json',
    'tag_values not an array',
    { data: { type: 'candidates', attributes: { email: 'a@b.test', tag_values: 'x' } } },
    '000 §4 Operations',
  ],
  [
    'rm/candidate-update.request.json',
    'skills not strings',
    { data: { type: 'candidates', attributes: { skills: [1] } } },
    '000 §4 Operations',
  ],
  ['rm/tag-create.request.json', 'name not a string', { data: { type: 'tags', attributes: { name: 1 } } }, '000 §4 Operations'],
  [
    'rm/candidate-file.request.json',
    'content missing',
    { data: { type: 'candidate_files', attributes: { filename: 'cv.txt' } } },
    '000 §4 Operations',
  ],
  [
    'rm/candidate-file.request.json',
    'filename missing',
    { data: { type: 'candidate_files', attributes: { content: 'aGk=' } } },
    '000 §4 Operations',
  ],
  [
    'rm/candidate-file.request.json',
    'content not base64',
    { data: { type: 'candidate_files', attributes: { filename: 'a', content: 'not base64!' } } },
    '000 §4 rule 2',
  ],
  [
    'rm/candidate-file.request.json',
    'parse_resume not boolean',
    { data: { type: 'candidate_files', attributes: { filename: 'a', content: 'aGk=' }, options: { parse_resume: 'yes' } } },
    '000 §4 Operations',
  ],
  [
    'rm/education-create.request.json',
    'school missing',
    { data: { type: 'educations', attributes: { course: 'Maths' } } },
    '000 §4 Operations',
  ],
  [
    'rm/education-create.request.json',
    'school name blank',
    { data: { type: 'educations', attributes: { school: { name: '  ' } } } },
    '000 §7',
  ],
  ['rm/education-create.request.json', 'school name missing', { data: { type: 'educations', attributes: { school: {} } } }, '000 §2'],
  [
    'rm/employment-create.request.json',
    'company missing',
    { data: { type: 'employments', attributes: { title: 'Dev' } } },
    '000 §4 Operations',
  ],
  [
    'rm/employment-create.request.json',
    'company name blank',
    { data: { type: 'employments', attributes: { company: { name: '' } } } },
    '000 §7',
  ],
];

function withAttr(resource: Json, key: string, value: unknown): Json {
  return { ...resource, attributes: { ...(resource.attributes as Json), [key]: value } };
}

// ---------- examples from the tables of 001 §2 ----------
const employee: Json = {
  externalId: 'E100',
  title: 'Dr',
  firstName: 'Grace',
  lastName: 'Hopper',
  initials: 'GH',
  email: 'grace@example.test',
  homePhone: '1',
  workPhone: '2',
  mobilePhone: '3',
  loginAccess: true,
  archive: false,
  location: { postCode: '2000', state: 'NSW', countryCode: 'AU' },
  position: { externalId: 'P1', startDate: '2024-02-29' },
  access: { primaryTeamExternalId: 'T1', secondaryTeamExternalIds: ['T2'], permissionGroupExternalIds: ['G1'], products: ['learning'] },
  ineligibleForPerformanceReview: { ineligibleForPerformance: true, ineligibilityReason: 'probation' },
  succession: { employeeCritical: false },
};
const position: Json = {
  externalId: 'P1',
  name: 'Nurse',
  parentPositionExternalId: 'P0',
  roleExternalId: 'R',
  siteExternalId: 'S',
  costCentreExternalId: 'CC',
  payScaleExternalId: 'PS',
  agreementExternalId: 'A',
  workTypeExternalId: 'W',
  jobTypeExternalId: 'J',
  agreementTypeExternalId: 'AT',
  agreementClassificationExternalId: 'AC',
  jobSectorExternalId: 'JS',
  positionTypeExternalId: 'PT',
  fte: 0.8,
  baseHours: 30.4,
  critical: true,
  funded: true,
  vacant: false,
  archive: false,
  vacantDate: '20240301',
  businessUnit: { level1ExternalId: 'B1', level2ExternalId: 'B2', level3ExternalId: 'B3', level4ExternalId: 'B4' },
  supplementary: {
    textField1: 'a',
    textField10: 'j',
    boolField1: true,
    boolField5: false,
    dateField1: '2024-01-01',
    dateField10: '20240101T10:00:00',
  },
  genericList: [{ genericListTypeExternalId: 'GT', genericListValueExternalId: 'GV' }],
};
const activity: Json = {
  [LEARNING_PROVIDER_FIELD]: { id: 11 },
  owner: { id: 22 },
  accessLevel: 'orgwide',
  title: 'Fire safety',
  description: 'yearly',
  code: 'FS-1',
  content: { type: 'scormcourse' },
  duration: { duration: 30, durationPeriod: 'minutes' },
  costs: { currency: { code: 'AUD' }, attendenceCost: 10, cancellationCost: 0, otherCost: 1.5 },
  image: { tempKey: 'tmp/abc' },
  isArchived: false,
  aggregateId: 'agg-1',
};
const privateActivity: Json = {
  [LEARNING_PROVIDER_FIELD]: { id: 11 },
  owner: { id: 22 },
  accessLevel: 'private',
  title: 'Reading',
  content: { type: 'text', text: 'Read it' },
};

const v3Valid: [string, string, unknown][] = [
  ['hr/date.json', 'YYYY-MM-DD', '2024-02-29'],
  ['hr/date.json', 'YYYYMMDD', '20240229'],
  ['hr/date.json', 'with a time part (ignored)', '2024-02-29T13:45:00Z'],
  ['hr/employee.json', 'every field', employee],
  [
    'hr/employee.json',
    'nulls remove values (rule 2)',
    { externalId: 'E1', email: null, location: { postCode: null }, access: { products: [] } },
  ],
  ['hr/employee-create.json', 'externalId only', { externalId: 'E1' }],
  ['hr/employee-update.json', 'externalId plus one', { externalId: 'E1', firstName: 'G' }],
  ['hr/employee-archive.json', 'archive', { externalId: 'E1', archive: true }],
  ['hr/business-unit.json', 'any level', { externalId: 'B', archive: 'true' }],
  ['hr/business-unit-level1.json', 'level 1', { externalId: 'B1', name: 'North' }],
  ['hr/business-unit-level2.json', 'level 2 update without parent (D21)', { externalId: 'B2', name: 'Leeds' }],
  ['hr/business-unit-level3.json', 'level 3', { externalId: 'B3', name: 'Ward', level2ExternalId: 'B2' }],
  ['hr/business-unit-level4.json', 'level 4', { externalId: 'B4', name: 'Bay', level3ExternalId: 'B3' }],
  ['hr/business-unit-level1-create.json', 'create level 1', { externalId: 'B1', name: 'North' }],
  ['hr/business-unit-level2-create.json', 'create level 2', { externalId: 'B2', name: 'Leeds', level1ExternalId: 'B1' }],
  ['hr/business-unit-level3-create.json', 'create level 3', { externalId: 'B3', name: 'Ward', level2ExternalId: 'B2' }],
  ['hr/business-unit-level4-create.json', 'create level 4', { externalId: 'B4', name: 'Bay', level3ExternalId: 'B3', archive: false }],
  ['hr/business-unit-update.json', 'rename', { externalId: 'B1', name: 'South' }],
  ['hr/business-unit-archive.json', 'archive, string form (D22)', { externalId: 'B1', archive: 'false' }],
  ['hr/position.json', 'every field', position],
  [
    'hr/position.json',
    'null removes the collection (rule 3)',
    { externalId: 'P1', genericList: null, supplementary: { dateField2: null } },
  ],
  ['hr/position-create.json', 'create', { externalId: 'P1', name: 'Nurse' }],
  ['hr/position-update.json', 'update', { externalId: 'P1', fte: 1 }],
  ['hr/position-archive.json', 'archive', { externalId: 'P1', archive: true }],
  ['hr/employee-reference.json', 'externalId', { externalId: 'E100' }],
  ['hr/employee-reference.json', 'payload not shown: anything', { other: 1 }],
  [
    'hr/token-response.json',
    'bearer token',
    { access_token: 'eyJ.x.y', token_type: 'Bearer', expires_in: 300, scope: 'Public.HrCore.Write' },
  ],
  ['hr/token-response.json', 'token_type in lower case', { access_token: 'eyJ.x.y', token_type: 'bearer', expires_in: 300 }],
  ['learning/activity.json', 'orgwide, every field', activity],
  ['learning/activity.json', 'nothing', {}],
  ['learning/activity-create.json', 'orgwide', activity],
  ['learning/activity-create.json', 'private with text content', privateActivity],
  ['learning/activity-create.json', 'public with a weblink', { ...privateActivity, accessLevel: 'public', content: { type: 'weblink' } }],
  ['learning/activity-update.json', 'nulls remove values', { title: null, costs: null, image: null, description: 'new' }],
  ['learning/activity-update.json', 'archive', { isArchived: true }],
  ['learning/activity-write.request.json', 'create', privateActivity],
  ['learning/activity-write.request.json', 'update', { code: null }],
  ['learning/activity-created.json', '201 body', { id: 5, aggregateId: 'agg-1', url: 'https://x/learning/5' }],
  ['learning/activity-created.json', 'integer aggregateId (D27)', { id: 5, aggregateId: 77, url: 'https://x/learning/5' }],
];

const v3Invalid: [string, string, unknown, string][] = [
  ['hr/date.json', 'day/month layout', '29/02/2024', '001 §2'],
  ['hr/date.json', 'month 13', '2024-13-01', '001 §2'],
  ['hr/employee.json', 'externalId missing', { firstName: 'G' }, '001 §2 Employee'],
  ['hr/employee.json', 'externalId null', { externalId: null }, '001 §2 Employee'],
  ['hr/employee.json', 'loginAccess not boolean', { ...employee, loginAccess: 'yes' }, '001 §2 Employee'],
  ['hr/employee.json', 'position.startDate not a date', { ...employee, position: { startDate: 'soon' } }, '001 §2'],
  [
    'hr/employee.json',
    'secondaryTeamExternalIds not strings',
    { ...employee, access: { secondaryTeamExternalIds: [1] } },
    '001 §2 Employee',
  ],
  ['hr/employee.json', 'employeeCritical not boolean', { ...employee, succession: { employeeCritical: 1 } }, '001 §2 Employee'],
  ['hr/employee-update.json', 'externalId alone', { externalId: 'E1' }, '001 §4 Shared write rules 1'],
  ['hr/employee-archive.json', 'archive missing', { externalId: 'E1', firstName: 'G' }, '001 §4 Shared write rules 1'],
  ['hr/business-unit-level1.json', 'externalId missing', { name: 'North' }, '001 §2 Business unit'],
  [
    'hr/business-unit-level1.json',
    'archive not a boolean or its string form',
    { externalId: 'B1', archive: 'yes' },
    '001 §2 Business unit',
  ],
  ['hr/business-unit-level1-create.json', 'name missing on create', { externalId: 'B1' }, '001 §4 Shared write rules 1'],
  [
    'hr/business-unit-level2-create.json',
    'level 2 without level1ExternalId',
    { externalId: 'B2', name: 'Leeds' },
    '001 §4 Shared write rules 1',
  ],
  [
    'hr/business-unit-level3-create.json',
    'level 3 without level2ExternalId',
    { externalId: 'B3', name: 'Ward', level1ExternalId: 'B1' },
    '001 §4 Shared write rules 1',
  ],
  [
    'hr/business-unit-level4-create.json',
    'level 4 without level3ExternalId',
    { externalId: 'B4', name: 'Bay' },
    '001 §4 Shared write rules 1',
  ],
  [
    'hr/business-unit-level2-create.json',
    'level1ExternalId null on create',
    { externalId: 'B2', name: 'Leeds', level1ExternalId: null },
    '001 §2 Business unit',
  ],
  ['hr/business-unit-update.json', 'externalId alone', { externalId: 'B1' }, '001 §4 Shared write rules 1'],
  ['hr/business-unit-archive.json', 'archive missing', { externalId: 'B1' }, '001 §4 Shared write rules 1'],
  ['hr/position.json', 'fte not a number', { ...position, fte: 'full' }, '001 §2 Position'],
  ['hr/position.json', 'vacantDate not a date', { ...position, vacantDate: 'March' }, '001 §2'],
  ['hr/position.json', 'supplementary boolField not boolean', { ...position, supplementary: { boolField3: 'y' } }, '001 §2 Position'],
  ['hr/position.json', 'supplementary dateField not a date', { ...position, supplementary: { dateField10: '1 Jan' } }, '001 §2'],
  [
    'hr/position.json',
    'genericList item value not a string',
    { ...position, genericList: [{ genericListValueExternalId: 1 }] },
    '001 §2 Position',
  ],
  ['hr/position-create.json', 'name missing on create', { externalId: 'P1' }, '001 §4 Shared write rules 1'],
  ['hr/employee-reference.json', 'externalId not a string', { externalId: 100 }, '001 §4'],
  ['hr/token-response.json', 'access_token missing', { token_type: 'Bearer', expires_in: 300 }, '001 §5'],
  ['hr/token-response.json', 'token_type not bearer', { access_token: 'x', token_type: 'mac', expires_in: 300 }, '001 §5'],
  ['hr/token-response.json', 'expires_in a string', { access_token: 'x', token_type: 'Bearer', expires_in: '300' }, '001 §5'],
  ['learning/activity.json', 'accessLevel outside the enumeration', { accessLevel: 'team' }, '001 §2 Learning activity'],
  ['learning/activity.json', 'provider id not an integer', { [LEARNING_PROVIDER_FIELD]: { id: '11' } }, '001 §2 Learning activity'],
  ['learning/activity.json', 'owner without id', { owner: {} }, '001 §2 Learning activity'],
  [
    'learning/activity.json',
    'currency code not ISO 4217',
    { costs: { currency: { code: 'dollars' }, otherCost: 1 } },
    '001 §2 Learning activity',
  ],
  ['learning/activity.json', 'cost not a number', { costs: { currency: { code: 'AUD' }, otherCost: '1' } }, '001 §2 Learning activity'],
  ['learning/activity.json', 'cost without currency code', { costs: { attendenceCost: 10 } }, '001 §7 If cost is supplied'],
  ['learning/activity.json', 'currency code without cost', { costs: { currency: { code: 'AUD' } } }, '001 §7 If currency code is supplied'],
  [
    'learning/activity.json',
    'private activity with a scorm course',
    { accessLevel: 'private', content: { type: 'scormcourse' } },
    '001 §7 Invalid access level for content type',
  ],
  [
    'learning/activity.json',
    'public activity with a code',
    { accessLevel: 'public', code: 'X' },
    '001 §7 Field is invalid for access level',
  ],
  ['learning/activity.json', 'isArchived not boolean', { isArchived: 'true' }, '001 §2 Learning activity'],
  ['learning/activity.json', 'duration not a number', { duration: { duration: '30' } }, '001 §2 Learning activity'],
  ['learning/activity.json', 'image tempKey not a string', { image: { tempKey: 1 } }, '001 §2 Learning activity'],
  ['learning/activity.json', 'null where values must be given', { title: null }, '001 §2 Learning activity'],
  ...(['provider', 'owner', 'accessLevel', 'title'] as const).map((field): [string, string, unknown, string] => {
    const { [field]: _omitted, ...rest } = privateActivity;
    return ['learning/activity-create.json', `${field} missing on create`, rest, '001 §4 Operations'];
  }),
  ['learning/activity-update.json', 'accessLevel outside the enumeration', { accessLevel: 'everyone' }, '001 §2 Learning activity'],
  [
    'learning/activity-write.request.json',
    'neither form: bad provider',
    { [LEARNING_PROVIDER_FIELD]: { id: 1.5 } },
    '001 §2 Learning activity',
  ],
  ['learning/activity-created.json', 'url missing', { id: 5, aggregateId: 'a' }, '001 §4 Operations'],
  ['learning/activity-created.json', 'id not an integer', { id: '5', aggregateId: 'a', url: 'u' }, '001 §4 Operations'],
];

const allValid = [...rmValid, ...v3Valid];
const allInvalid = [...rmInvalid, ...v3Invalid];

// ---------- conventions ----------
void test('every schema compiles under Ajv strict mode', () => {
  assert.ok(schemaIds().length >= 60, `only ${schemaIds().length} schemas`);
  for (const schemaId of schemaIds()) assert.doesNotThrow(() => validateAgainst(schemaId, null), schemaId);
});

void test('every schema has its $id, $schema 2020-12 and an x-clause naming a clause of the registry', () => {
  for (const schemaId of schemaIds()) {
    const schema = getSchema(schemaId);
    assert.match(schemaId, /^https:\/\/schemas\.conformance\.test\/(rm|hr|learning)\/[a-z0-9.-]+\.json$/);
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema', schemaId);
    assert.ok(isClauseId(String(schema['x-clause'])), `${schemaId}: x-clause "${String(schema['x-clause'])}" is not in the registry`);
  }
});

/** Every entry of every `properties` object, anywhere, names its clause. */
void test('every property carries an x-clause annotation', () => {
  const missing: string[] = [];
  const walk = (node: unknown, where: string, inRule: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}/${i}`, inRule));
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      // properties inside if/then/not rules restate a field already annotated at its declaration
      const rule = inRule || ['if', 'then', 'else', 'not'].includes(key);
      if (key === 'properties' && !rule && typeof child === 'object' && child !== null) {
        for (const [name, prop] of Object.entries(child)) {
          if (typeof prop === 'object' && prop !== null && !('x-clause' in prop)) missing.push(`${where}/properties/${name}`);
        }
      }
      walk(child, `${where}/${key}`, rule);
    }
  };
  for (const schemaId of schemaIds()) walk(getSchema(schemaId), schemaId, false);
  assert.deepEqual(missing, []);
});

/** Every enforced keyword is traced: each `x-clause`, anywhere, names a clause that exists. */
void test('every x-clause anywhere names a clause of the registry', () => {
  const unknown: string[] = [];
  let traced = 0;
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}/${i}`));
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'x-clause') {
        traced += 1;
        if (!isClauseId(String(child))) unknown.push(`${where}: ${String(child)}`);
      } else walk(child, `${where}/${key}`);
    }
  };
  for (const schemaId of schemaIds()) walk(getSchema(schemaId), schemaId);
  assert.deepEqual(unknown, []);
  assert.ok(traced > 300, `only ${traced} x-clause annotations`);
});

void test('x-decision annotations are non-empty and schemas/DECISIONS.md records the decisions', () => {
  const decisions: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'x-decision') decisions.push(String(child));
      else walk(child);
    }
  };
  for (const schemaId of schemaIds()) walk(getSchema(schemaId));
  assert.ok(decisions.length > 10);
  assert.ok(decisions.every((text) => text.trim().length > 0));
  const record = readFileSync(join(__dirname, '../../schemas/DECISIONS.md'), 'utf8');
  assert.ok((record.match(/^\*\*D\d+\./gm) ?? []).length >= 25, 'DECISIONS.md has fewer entries than expected');
});

void test('the learning schemas name the provider field exactly LEARNING_PROVIDER_FIELD', () => {
  assert.equal(LEARNING_PROVIDER_FIELD, 'provider');
  const activity = getSchema('learning/activity.json') as { properties: Json };
  assert.ok(LEARNING_PROVIDER_FIELD in activity.properties);
  assert.ok((getSchema('learning/activity-create.json').required as string[]).includes(LEARNING_PROVIDER_FIELD));
  const text = schemaIds()
    .filter((s) => s.includes('/learning/'))
    .map((s) => JSON.stringify(getSchema(s)))
    .join('\n');
  assert.doesNotMatch(text, /"(the service|service|the_service)":/);
});

void test('every schema has at least one valid example in these tables', () => {
  const covered = new Set(allValid.map(([schemaId]) => id(schemaId)));
  assert.deepEqual(
    schemaIds().filter((schemaId) => !covered.has(schemaId)),
    [],
  );
});

// ---------- examples ----------
for (const [schemaId, what, value] of allValid) {
  void test(`valid ${schemaId}: ${what}`, () => {
    const result = validateAgainst(id(schemaId), value);
    assert.deepEqual(result.errors, []);
    assert.equal(result.valid, true);
  });
}

for (const [schemaId, what, value, seed] of allInvalid) {
  void test(`rejects ${schemaId}: ${what}`, () => {
    const result = validateAgainst(id(schemaId), value);
    assert.equal(result.valid, false, `${what} was accepted`);
    const part = seed.split(' ').slice(0, 2).join(' ');
    const cited = result.errors.map((e) => (e.clause && isClauseId(e.clause) ? CLAUSES[e.clause] : null));
    assert.ok(
      cited.some((c) => c !== null && `${c.seed} ${c.section.split(' ')[0]}` === part),
      `no error cites a clause of ${part}: ${result.errors.map((e) => e.text).join('; ')}`,
    );
  });
}

void test('error strings read "<path> <message> [<clause id>]"', () => {
  const result = validateAgainst(id('rm/candidates-list.json'), doc([withAttr(candidate, 'interaction_score', 2)]));
  const texts = result.errors.map((e) => e.text);
  assert.ok(texts.includes('/data/0/attributes/interaction_score must be <= 1 [rm.candidate.interaction_score]'), texts.join('\n'));
});

void test('lawful where the documents are silent: DateTime without utc, an event kind outside the filter list, any recruitment event type', () => {
  for (const [schemaId, value] of [
    ['rm/datetime.json', { epoch: 1 }],
    ['rm/candidate-event.json', withAttr(candidateEvent, 'kind', 'click')],
    ['rm/recruitment-event.json', { ...recruitmentEvent, type: 'events' }],
    ['rm/job-alert-subscription.json', { ...subscription, type: 'job_alert_subscriptions' }],
    ['rm/relationship.json', null],
    ['rm/candidate-document.json', candidate],
  ] as const) {
    assert.deepEqual(validateAgainst(id(schemaId), value).errors, [], schemaId);
  }
});

void test('types 000 §2 names (D7): an education or employment typed otherwise than its relationship row is refused', () => {
  const texts = validateAgainst(id('rm/education.json'), { ...education, type: 'candidate_educations' }).errors.map((e) => e.text);
  assert.ok(
    texts.some((t) => t.includes('/type') && t.includes('[rm.candidate.rel.educations]')),
    texts.join('\n'),
  );
  assert.equal(validateAgainst(id('rm/employment.json'), { ...employment, type: 'employment' }).valid, false);
});

void test('unknown schema ids throw a clear error', () => {
  assert.throws(() => getSchema('rm/nope.json'), /unknown schema id "rm\/nope.json"/);
  assert.throws(() => validateAgainst('https://schemas.conformance.test/rm/nope.json', {}), /unknown schema id/);
});

void test('every schema is a valid JSON Schema 2020-12 document (the registry does not check this as it loads)', () => {
  const meta = createAjv({ allowUnionTypes: true });
  for (const id of schemaIds()) assert.equal(meta.validateSchema(getSchema(id)), true, `${id}: ${meta.errorsText(meta.errors)}`);
  // The operation catalogue's own schema too (contract/catalogue loads it without this check).
  const catalogueSchema = JSON.parse(readFileSync(join(__dirname, '../../schemas/catalogue.schema.json'), 'utf8')) as object;
  assert.equal(meta.validateSchema(catalogueSchema), true, `catalogue.schema.json: ${meta.errorsText(meta.errors)}`);
  // The check can fail: a type that is no JSON type.
  assert.equal(meta.validateSchema({ type: 'strng' }), false);
});
