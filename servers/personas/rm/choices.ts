// Persona choices: the one table where the lenient, strict, frameworks and alternate personas differ. Every entry is a point
// on which the Recruitment Marketing API v2 document is silent (see README.md for the sentence that leaves each open).
export type PersonaMode = 'lenient' | 'strict' | 'frameworks' | 'alternate';

export interface Choices {
  readonly mode: PersonaMode;
  /** media type of JSON success bodies (part 1 names only the request media type) */
  readonly successMediaType: string;
  /** frameworks: success bodies also as `application/json` when Accept asks for it; 406 when Accept names neither */
  readonly negotiateAccept: boolean;
  /**
   * error bodies: plain text, a JSON:API `errors` array, Django REST framework's `{"detail"}` / field dictionaries, or
   * RFC 7807 problem details (`application/problem+json`, `errors` as RFC 9457 §3 `{detail, pointer}` entries)
   */
  readonly errorFormat: 'text' | 'json' | 'drf' | 'problem';
  /** DateTime object members sent: only utc and epoch, or all five of part 2 */
  readonly fullDateTime: boolean;
  /** DateTime `utc` (and `local`) in whole seconds, milliseconds, or microseconds */
  readonly utcPrecision: 's' | 'ms' | 'us';
  /** DateTime `ago`: Rails `time_ago_in_words` or Django `naturaltime` wording */
  readonly agoStyle: 'rails' | 'django';
  /** resource and linkage ids: strings, or JSON integers where the id is all digits (tagging UUIDs stay strings) */
  readonly idType: 'string' | 'integer';
  /** instants stored as shown, or with microseconds while shown at `utcPrecision` (filters compare the stored instant) */
  readonly storedPrecision: 'shown' | 'us';
  /** relationship values: bare `{id, type}` pairs, or JSON:API relationship objects `{data, links?}` */
  readonly relationshipStyle: 'pairs' | 'jsonapi';
  /** absent to-one relationships: `null` or the key left out (pairs style; JSON:API style always sends `{data: null}`) */
  readonly absentToOne: 'null' | 'omit';
  /** attributes whose value is unknown: left out, or sent as null */
  readonly unknownAttribute: 'omit' | 'null';
  /** attributes of records whose fields part 2 does not show (educations, users, ...): none, or invented ones */
  readonly unshownAttributes: boolean;
  /** top-level `links` (self, first, prev, next, last) and `jsonapi`, and `links.self` on addressable resources */
  readonly jsonapiExtras: boolean;
  /** status of POST educations / employments ("200 or 201") */
  readonly relatedCreatedStatus: 200 | 201;
  /** filter[archived]=true / filter[anonymised]=true: add those records, or return only those */
  readonly flagTrue: 'include' | 'only';
  /** filter[conversation][exists]=false ("accepted"): no filtering, or only messages outside a conversation */
  readonly conversationFalse: 'all' | 'outside';
  /** media types accepted for request bodies (else 415); null: any */
  readonly bodyMediaTypes: readonly string[] | null;
  /** an empty request body: read as "no data", or 400 */
  readonly emptyBody: 'no-data' | 400;
  /** data and data.type required on every request body */
  readonly requireDataType: boolean;
  /** with requireDataType: data.type must also equal the endpoint's resource type (else any non-empty string) */
  readonly dataTypeMustMatch: boolean;
  /** status when a PATCH body's data.type or data.id contradicts the endpoint (JSON:API says 409) */
  readonly dataConflictStatus: 409 | 422;
  /** unknown attributes (and wrongly typed ones) refused with 422 instead of ignored */
  readonly rejectUnknownAttributes: boolean;
  /** attributes read by serializer-like field classes (DRF): coercion, null refused, length bounds, HTML sanitising, all errors at once */
  readonly serializer: boolean;
  /** unknown query parameters and filter names or operators refused with 400 instead of ignored */
  readonly rejectUnknownQuery: boolean;
  /** include values outside the operation's include table refused with 400 */
  readonly rejectUnknownInclude: boolean;
  /** event kinds outside part 2's list refused with 400 */
  readonly rejectUnknownKinds: boolean;
  /** start_date / end_date must be YYYY-MM-DD calendar dates */
  readonly isoDates: boolean;
  /** end_date may not be before start_date */
  readonly dateOrder: boolean;
  /**
   * base64 content: loose alphabet, canonical only, Python's b64decode (data: URI prefix, junk dropped, padding checked), or
   * Ruby's `Base64.decode64` (never refuses: characters outside the alphabet are skipped; only an empty content is refused)
   */
  readonly base64: 'loose' | 'canonical' | 'python' | 'ruby';
  /** e-mail check on POST /candidates: anything with a local part and a domain, RFC-ish dotted domain, or Django's EmailValidator */
  readonly emailCheck: 'loose' | 'strict' | 'django';
  /** filter[email][eq] must be an e-mail address (else 400) */
  readonly emailFilterCheck: boolean;
  /** boolean filter values: loose (1/0/yes/no, others ignored), `true`/`false` only (400), or Django's (true/false/True/False/1/0, else 400) */
  readonly booleanFilter: 'loose' | 'strict' | 'django';
  /**
   * date-time filter values: anything Date.parse reads, RFC 3339 only, RFC 3339 with its fraction kept to the microsecond, or
   * Django's parse_datetime (date alone allowed; microseconds)
   */
  readonly dateTimeFilter: 'loose' | 'rfc3339' | 'rfc3339-us' | 'django';
  /** filter[kind] as an array: comma-joined or repeated keys, or repeated keys only (a value with a comma is no kind: 400) */
  readonly kindArrayForm: 'any' | 'brackets';
  /** first and last names stored as sent, or NFC-normalised into a Latin-1 column (a name outside Latin-1 answered 422) */
  readonly names: 'as-sent' | 'nfc-latin1';
  /** e-mail addresses stored (and matched by filter[email][eq]) as sent, or lower-cased */
  readonly emailStored: 'as-sent' | 'lower-cased';
  /** phone numbers stored as sent, or (when libphonenumber reads a valid number) in E.164 */
  readonly phoneStored: 'as-sent' | 'e164';
  /** live jobs: the published ones, or the published ones not past their closing_at (a live job past it is seeded) */
  readonly liveJobs: 'published' | 'open';
  /** a second POST /candidates with an e-mail already stored: 422, or a new candidate */
  readonly rejectDuplicateEmail: boolean;
  /** requests must carry x-hmac-date or date (else 401) */
  readonly requireDateHeader: boolean;
  /** GET /jobs/{id} for a draft job: 404 (only live jobs are exposed) or 200 */
  readonly draftJobVisible: boolean;
  /** default and maximum per_page (null: no maximum) */
  readonly defaultPerPage: number;
  readonly maxPerPage: number | null;
  /** per_page above the maximum: 400, clamped to the maximum (DRF max_page_size), or 422 (a validated per_page) */
  readonly perPageOverMax: 'refuse' | 'clamp' | 'refuse-422';
  /** per_page not a positive integer: the default, or 400 */
  readonly badPerPage: 'default' | 400;
  /** page not a positive integer: page 1, 400, or 404 (DRF "Invalid page.") */
  readonly badPage: 'first' | 400 | 404;
  /** a page after the first past the last: an empty page, 404 (DRF "Invalid page."), or 422 (the page validated against the last) */
  readonly pagePastEnd: 'empty' | 404 | 422;
  /** meta of paginated lists: empty (plus next_cursor), page/per_page/total_count/total_pages, or DRF JSON:API `pagination` */
  readonly metaStyle: 'empty' | 'detailed' | 'pagination';
  /** `included: []` when an include was asked for but nothing is related (else the key is left out) */
  readonly emptyIncluded: boolean;
  /** the last cursor page: next_cursor left out, sent as null, or sent as the empty string (Go's zero value) */
  readonly cursorEnd: 'omit' | 'null' | 'empty';
  /** next_cursor only when more records exist (look-ahead), or whenever the page is full (may end on an empty page) */
  readonly cursorLookAhead: boolean;
  /** an undecodable cursor: an empty last page, 400, or 404 (DRF "Invalid cursor") */
  readonly badCursor: 'empty' | 400 | 404;
  /** bodies of action answers: `{}`, the resource acted on, or Rails-like (PUT membership: the list; DELETE tag and 202: no body) */
  readonly actionBodies: 'empty-object' | 'resource' | 'rails';
  /** `Location` header on POST /candidates */
  readonly locationHeader: boolean;
  /** maximum decoded size of an uploaded file in bytes (part 8: not shown) */
  readonly maxFileBytes: number;
  /** HTTP defaults of web frameworks: HEAD and OPTIONS answered, Allow/Vary and security headers, ETag with 304 */
  readonly httpExtras: boolean;
  /** unknown paths under /v2: 404 after the credentials are checked (JSON), or before them (Django's HTML page) */
  readonly unknownPath: 'after-auth' | 'before-auth-html';
  /** env also names an archived and an anonymised candidate (RM_ARCHIVED_CANDIDATE_ID, RM_ANONYMISED_CANDIDATE_ID) */
  readonly knownRecordsEnv: boolean;
}

const lenient: Choices = {
  mode: 'lenient',
  successMediaType: 'application/json',
  negotiateAccept: false,
  errorFormat: 'text',
  fullDateTime: false,
  utcPrecision: 'ms',
  agoStyle: 'rails',
  relationshipStyle: 'pairs',
  absentToOne: 'null',
  unknownAttribute: 'omit',
  unshownAttributes: false,
  jsonapiExtras: false,
  relatedCreatedStatus: 200,
  flagTrue: 'include',
  conversationFalse: 'all',
  bodyMediaTypes: null,
  emptyBody: 'no-data',
  requireDataType: false,
  dataConflictStatus: 422,
  rejectUnknownAttributes: false,
  serializer: false,
  rejectUnknownQuery: false,
  rejectUnknownInclude: false,
  rejectUnknownKinds: false,
  isoDates: false,
  dateOrder: false,
  base64: 'loose',
  emailCheck: 'loose',
  emailFilterCheck: false,
  booleanFilter: 'loose',
  dateTimeFilter: 'loose',
  rejectDuplicateEmail: false,
  requireDateHeader: false,
  draftJobVisible: true,
  defaultPerPage: 25,
  maxPerPage: null,
  perPageOverMax: 'refuse',
  badPerPage: 'default',
  badPage: 'first',
  pagePastEnd: 'empty',
  metaStyle: 'empty',
  emptyIncluded: false,
  cursorEnd: 'omit',
  cursorLookAhead: false,
  badCursor: 'empty',
  actionBodies: 'empty-object',
  locationHeader: false,
  maxFileBytes: 50 * 1024 * 1024,
  httpExtras: false,
  unknownPath: 'after-auth',
  idType: 'string',
  storedPrecision: 'shown',
  dataTypeMustMatch: false,
  kindArrayForm: 'any',
  names: 'as-sent',
  emailStored: 'as-sent',
  phoneStored: 'as-sent',
  liveJobs: 'published',
  knownRecordsEnv: false,
};

const strict: Choices = {
  mode: 'strict',
  successMediaType: 'application/vnd.api+json',
  negotiateAccept: false,
  errorFormat: 'json',
  fullDateTime: true,
  utcPrecision: 's',
  agoStyle: 'rails',
  relationshipStyle: 'pairs',
  absentToOne: 'omit',
  unknownAttribute: 'null',
  unshownAttributes: true,
  jsonapiExtras: false,
  relatedCreatedStatus: 201,
  flagTrue: 'only',
  conversationFalse: 'outside',
  bodyMediaTypes: ['application/vnd.api+json'],
  emptyBody: 400,
  requireDataType: true,
  dataConflictStatus: 422,
  rejectUnknownAttributes: true,
  serializer: false,
  rejectUnknownQuery: true,
  rejectUnknownInclude: true,
  rejectUnknownKinds: true,
  isoDates: true,
  dateOrder: true,
  base64: 'canonical',
  emailCheck: 'strict',
  emailFilterCheck: true,
  booleanFilter: 'strict',
  dateTimeFilter: 'rfc3339',
  rejectDuplicateEmail: true,
  requireDateHeader: true,
  draftJobVisible: false,
  defaultPerPage: 25,
  maxPerPage: 100,
  perPageOverMax: 'refuse',
  badPerPage: 400,
  badPage: 400,
  pagePastEnd: 'empty',
  metaStyle: 'detailed',
  emptyIncluded: true,
  cursorEnd: 'null',
  cursorLookAhead: true,
  badCursor: 400,
  actionBodies: 'resource',
  locationHeader: true,
  maxFileBytes: 10 * 1024 * 1024,
  httpExtras: false,
  unknownPath: 'after-auth',
  idType: 'string',
  storedPrecision: 'shown',
  dataTypeMustMatch: true,
  kindArrayForm: 'any',
  names: 'as-sent',
  emailStored: 'as-sent',
  phoneStored: 'as-sent',
  liveJobs: 'published',
  knownRecordsEnv: false,
};

/**
 * What popular web frameworks do by default where the document is silent: a JSON:API serializer (Rails
 * jsonapi-serializer, Django REST framework JSON:API) with DRF pagination, errors and field validation, Rails-like
 * action answers. Every clear sentence still wins (README.md, "frameworks" column).
 */
const frameworks: Choices = {
  mode: 'frameworks',
  successMediaType: 'application/vnd.api+json',
  negotiateAccept: true,
  errorFormat: 'drf',
  fullDateTime: true,
  utcPrecision: 'us',
  agoStyle: 'django',
  relationshipStyle: 'jsonapi',
  absentToOne: 'null',
  unknownAttribute: 'null',
  unshownAttributes: true,
  jsonapiExtras: true,
  relatedCreatedStatus: 201,
  flagTrue: 'only',
  conversationFalse: 'outside',
  bodyMediaTypes: ['application/vnd.api+json', 'application/json'],
  emptyBody: 'no-data',
  requireDataType: true,
  dataConflictStatus: 409,
  rejectUnknownAttributes: false,
  serializer: true,
  rejectUnknownQuery: false,
  rejectUnknownInclude: true,
  rejectUnknownKinds: true,
  isoDates: true,
  dateOrder: false,
  base64: 'python',
  emailCheck: 'django',
  emailFilterCheck: false,
  booleanFilter: 'django',
  dateTimeFilter: 'django',
  rejectDuplicateEmail: true,
  requireDateHeader: false,
  draftJobVisible: false,
  defaultPerPage: 25,
  maxPerPage: 100,
  perPageOverMax: 'clamp',
  badPerPage: 'default',
  badPage: 404,
  pagePastEnd: 404,
  metaStyle: 'pagination',
  emptyIncluded: false,
  cursorEnd: 'null',
  cursorLookAhead: true,
  badCursor: 404,
  actionBodies: 'rails',
  locationHeader: true,
  maxFileBytes: 2_621_440,
  httpExtras: true,
  unknownPath: 'before-auth-html',
  idType: 'string',
  storedPrecision: 'shown',
  dataTypeMustMatch: true,
  kindArrayForm: 'any',
  names: 'as-sent',
  emailStored: 'as-sent',
  phoneStored: 'as-sent',
  liveJobs: 'published',
  knownRecordsEnv: false,
};

/**
 * Wherever the document allows more than one answer, a lawful answer the reference server does not take, each as a real
 * stack ships it: bare `{id, type}` pairs with integer ids and nulls, RFC 7807 problem details, instants stored with
 * microseconds and shown with milliseconds, archived and anonymised candidates added by `true`, every message for
 * `conversation false`, a validated page and page size (422), `next_cursor: ""` at the end, names NFC-normalised into a
 * Latin-1 column, e-mail addresses lower-cased, phone numbers in E.164, live jobs open for applications, education and
 * employment creates answered 200. Every clear sentence still wins (README.md, "alternate" section).
 */
const alternate: Choices = {
  mode: 'alternate',
  successMediaType: 'application/json',
  negotiateAccept: false,
  errorFormat: 'problem',
  fullDateTime: true,
  utcPrecision: 'ms',
  agoStyle: 'rails',
  idType: 'integer',
  storedPrecision: 'us',
  relationshipStyle: 'pairs',
  absentToOne: 'null',
  unknownAttribute: 'null',
  unshownAttributes: true,
  jsonapiExtras: false,
  relatedCreatedStatus: 200,
  flagTrue: 'include',
  conversationFalse: 'all',
  bodyMediaTypes: ['application/vnd.api+json', 'application/json'],
  emptyBody: 'no-data',
  requireDataType: true,
  dataTypeMustMatch: false,
  dataConflictStatus: 422,
  rejectUnknownAttributes: false,
  serializer: false,
  rejectUnknownQuery: false,
  rejectUnknownInclude: false,
  rejectUnknownKinds: true,
  isoDates: true,
  dateOrder: false,
  base64: 'ruby',
  emailCheck: 'strict',
  emailFilterCheck: false,
  booleanFilter: 'loose',
  dateTimeFilter: 'rfc3339-us',
  kindArrayForm: 'brackets',
  names: 'nfc-latin1',
  emailStored: 'lower-cased',
  phoneStored: 'e164',
  liveJobs: 'open',
  rejectDuplicateEmail: false,
  requireDateHeader: true,
  draftJobVisible: false,
  defaultPerPage: 20,
  maxPerPage: 100,
  perPageOverMax: 'refuse-422',
  badPerPage: 'default',
  badPage: 'first',
  pagePastEnd: 422,
  metaStyle: 'detailed',
  emptyIncluded: true,
  cursorEnd: 'empty',
  cursorLookAhead: false,
  badCursor: 400,
  actionBodies: 'resource',
  locationHeader: true,
  maxFileBytes: 20 * 1024 * 1024,
  httpExtras: false,
  unknownPath: 'after-auth',
  knownRecordsEnv: true,
};

const PROFILES: Readonly<Record<PersonaMode, Choices>> = { lenient, strict, frameworks, alternate };

export function choicesFor(mode: PersonaMode): Choices {
  return PROFILES[mode];
}
