// Persona choices: the one table where the lenient and strict personas differ. Every entry is a point on which
// the Recruitment Marketing API v2 document is silent (see README.md for the sentence that leaves each open).
export type PersonaMode = 'lenient' | 'strict';

export interface Choices {
  readonly mode: PersonaMode;
  /** media type of JSON success bodies (part 1 names only the request media type) */
  readonly successMediaType: string;
  /** error bodies: plain text or a JSON `errors` array (part 7: "Error body format: not shown") */
  readonly errorFormat: 'text' | 'json';
  /** DateTime object members sent: only utc and epoch, or all five of part 2 */
  readonly fullDateTime: boolean;
  /** DateTime `utc` with milliseconds (toISOString) or whole seconds */
  readonly utcMillis: boolean;
  /** absent to-one relationships: `null` or the key left out */
  readonly absentToOne: 'null' | 'omit';
  /** attributes whose value is unknown: left out, or sent as null */
  readonly unknownAttribute: 'omit' | 'null';
  /** attributes of records whose fields part 2 does not show (educations, users, ...): none, or invented ones */
  readonly unshownAttributes: boolean;
  /** status of POST educations / employments ("200 or 201") */
  readonly relatedCreatedStatus: 200 | 201;
  /** filter[archived]=true / filter[anonymised]=true: add those records, or return only those */
  readonly flagTrue: 'include' | 'only';
  /** filter[conversation][exists]=false ("accepted"): no filtering, or only messages outside a conversation */
  readonly conversationFalse: 'all' | 'outside';
  /** request bodies must carry Content-Type application/vnd.api+json (else 415) */
  readonly requireBodyMediaType: boolean;
  /** data and data.type required and equal to the resource type on every request body */
  readonly requireDataType: boolean;
  /** unknown attributes (and wrongly typed ones) refused with 422 instead of ignored */
  readonly rejectUnknownAttributes: boolean;
  /** unknown query parameters, include values and filter names refused with 400 instead of ignored */
  readonly rejectUnknownQuery: boolean;
  /** start_date / end_date must be YYYY-MM-DD calendar dates, end not before start */
  readonly isoDates: boolean;
  /** base64 content must be canonical (alphabet, padding, length, non-empty) */
  readonly canonicalBase64: boolean;
  /** e-mail check: RFC-ish dotted domain, or anything with a local part and a domain */
  readonly strictEmail: boolean;
  /** boolean filters accept only `true`/`false` (else 400); lenient also reads 1/0/yes/no and ignores the rest */
  readonly strictBooleans: boolean;
  /** date-time filter values must be RFC 3339 (else 400); lenient parses what it can and ignores the rest */
  readonly strictDateTimes: boolean;
  /** a second POST /candidates with an e-mail already stored: 422, or a new candidate */
  readonly rejectDuplicateEmail: boolean;
  /** requests must carry x-hmac-date or date (else 401) */
  readonly requireDateHeader: boolean;
  /** GET /jobs/{id} for a draft job: 404 (only live jobs are exposed) or 200 */
  readonly draftJobVisible: boolean;
  /** default and maximum per_page (null: no maximum; values out of range are replaced by the default) */
  readonly defaultPerPage: number;
  readonly maxPerPage: number | null;
  /** meta of paginated lists: empty (plus next_cursor) or with page, per_page, total_count, total_pages */
  readonly detailedMeta: boolean;
  /** `included: []` when an include was asked for but nothing is related (else the key is left out) */
  readonly emptyIncluded: boolean;
  /** the last cursor page: next_cursor left out, or sent as null */
  readonly cursorEnd: 'omit' | 'null';
  /** next_cursor only when more records exist (look-ahead), or whenever the page is full (may end on an empty page) */
  readonly cursorLookAhead: boolean;
  /** an undecodable cursor: an empty last page, or 400 */
  readonly badCursorIs400: boolean;
  /** bodies of action answers (PUT membership, DELETE tag, 202 anonymisation, POST tag without name): {} or a resource */
  readonly actionResource: boolean;
  /** maximum decoded size of an uploaded file in bytes (part 8: not shown) */
  readonly maxFileBytes: number;
}

const lenient: Choices = {
  mode: 'lenient',
  successMediaType: 'application/json',
  errorFormat: 'text',
  fullDateTime: false,
  utcMillis: true,
  absentToOne: 'null',
  unknownAttribute: 'omit',
  unshownAttributes: false,
  relatedCreatedStatus: 200,
  flagTrue: 'include',
  conversationFalse: 'all',
  requireBodyMediaType: false,
  requireDataType: false,
  rejectUnknownAttributes: false,
  rejectUnknownQuery: false,
  isoDates: false,
  canonicalBase64: false,
  strictEmail: false,
  strictBooleans: false,
  strictDateTimes: false,
  rejectDuplicateEmail: false,
  requireDateHeader: false,
  draftJobVisible: true,
  defaultPerPage: 25,
  maxPerPage: null,
  detailedMeta: false,
  emptyIncluded: false,
  cursorEnd: 'omit',
  cursorLookAhead: false,
  badCursorIs400: false,
  actionResource: false,
  maxFileBytes: 50 * 1024 * 1024,
};

const strict: Choices = {
  mode: 'strict',
  successMediaType: 'application/vnd.api+json',
  errorFormat: 'json',
  fullDateTime: true,
  utcMillis: false,
  absentToOne: 'omit',
  unknownAttribute: 'null',
  unshownAttributes: true,
  relatedCreatedStatus: 201,
  flagTrue: 'only',
  conversationFalse: 'outside',
  requireBodyMediaType: true,
  requireDataType: true,
  rejectUnknownAttributes: true,
  rejectUnknownQuery: true,
  isoDates: true,
  canonicalBase64: true,
  strictEmail: true,
  strictBooleans: true,
  strictDateTimes: true,
  rejectDuplicateEmail: true,
  requireDateHeader: true,
  draftJobVisible: false,
  defaultPerPage: 25,
  maxPerPage: 100,
  detailedMeta: true,
  emptyIncluded: true,
  cursorEnd: 'null',
  cursorLookAhead: true,
  badCursorIs400: true,
  actionResource: true,
  maxFileBytes: 10 * 1024 * 1024,
};

export function choicesFor(mode: PersonaMode): Choices {
  return mode === 'strict' ? strict : lenient;
}
