/**
 * Whether an answer refuses, read from its body: 001 §7.1 "Failed validation returns a validation
 * message in the response; generic HTTP status errors may also occur" and §7.4 "HTTP status codes
 * per operation and error body format: not shown". A v3 refusal is a 4xx with a message, or a 2xx
 * whose body is plainly a refusal (the vendor-style envelope `{"success": false, "message": ...}`);
 * a 2xx whose body reads like success (or says nothing) is an acceptance. Pure readers used by the
 * checks' predicates (status.ts, validation-message.ts); no verdict is recorded here.
 */
import type { Exchange } from '../http/exchange';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parse(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Words of a message that refuses (a missing or offending field, a rule broken), in any case. */
const REFUSING_WORDS =
  /\b(required|missing|invalid|not valid|must|cannot|can't|could not|not allowed|is not permitted|refused|rejected|denied|failed|failure|error|errors|violat\w*|does not exist|do not exist|not found|unknown|needs? to be|already)\b/i;
/** Words of a message that reports success. */
const SUCCESS_WORDS = /\b(success|successful|successfully|succeeded|created|updated|archived|saved|accepted|ok)\b/i;

/** A message text that reads as a refusal (refusing words, no word of success). */
export function refusingText(text: string): boolean {
  return REFUSING_WORDS.test(text) && !SUCCESS_WORDS.test(text);
}

/** Flags of success or failure a JSON envelope carries, by member name (compared in lower case). */
const FLAGS = new Set(['success', 'succeeded', 'successful', 'ok', 'valid', 'isvalid', 'issuccess', 'issuccessful']);
/** Members that carry the errors of a refusal when they are not empty. */
const ERROR_MEMBERS = new Set([
  'error',
  'errors',
  'errormessage',
  'errormessages',
  'violations',
  'validationerrors',
  'fielderrors',
  'failures',
  'detail',
]);
/** Values of a `status`/`result`/`outcome` member that say the request failed. */
const FAILED_STATES = /^(error|errors|fail|failed|failure|invalid|rejected|refused|denied|validation[ _-]?(error|failed))$/i;

const filled = (v: Json | undefined): boolean =>
  v !== undefined &&
  v !== null &&
  v !== false &&
  !(typeof v === 'string' && v.trim() === '') &&
  !(Array.isArray(v) && v.length === 0) &&
  !(isObject(v) && Object.keys(v).length === 0);

/**
 * Why a body reads as a refusal ("success is false", "errors carries 1 entry", "the message says ..."),
 * or null when it reads like success or says nothing (an empty body, a record, `{"status": "created"}`).
 * An explicit success flag (`success: true`) wins over anything else the body carries.
 */
export function refusingBody(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = parse(trimmed);
  if (value === undefined) return refusingText(trimmed) ? `the text says "${trimmed.slice(0, 120)}"` : null;
  if (!isObject(value)) return null;
  const members = Object.entries(value).map(([k, v]) => [k.toLowerCase(), v] as const);
  for (const [key, v] of members) {
    if (!FLAGS.has(key)) continue;
    if (v === true || v === 'true') return null;
    if (v === false || v === 'false') return `${key} is false`;
  }
  for (const [key, v] of members) {
    if (ERROR_MEMBERS.has(key) && filled(v)) return `it carries ${key}`;
    if ((key === 'status' || key === 'result' || key === 'outcome') && typeof v === 'string' && FAILED_STATES.test(v.trim()))
      return `${key} is "${v}"`;
    if (key === 'status' && typeof v === 'number' && v >= 400) return `status is ${v}`;
  }
  for (const [key, v] of members) {
    if ((key === 'message' || key === 'messages') && typeof v === 'string' && refusingText(v))
      return `the message says "${v.slice(0, 120)}"`;
    if (key === 'messages' && Array.isArray(v) && v.some((m) => typeof m === 'string' && refusingText(m))) return 'the messages refuse';
  }
  return null;
}

/** Why a 2xx answer of a v3 operation refuses (see refusingBody), or null (not a 2xx, not v3, or it reads like success). */
export function refusalOf(exchange: Exchange): string | null {
  const response = exchange.response;
  if (!response || response.status < 200 || response.status >= 300) return null;
  if (exchange.api !== 'hr' && exchange.api !== 'learning') return null;
  return refusingBody(response.text);
}

/**
 * Whether a body carries a message: some non-blank text (plain text, or a string anywhere in a JSON
 * value). `{"errors": []}` carries none.
 */
export function carriesMessage(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  const value = parse(trimmed);
  if (value === undefined) return true;
  const anyText = (v: Json): boolean =>
    typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) ? v.some(anyText) : isObject(v) ? Object.values(v).some(anyText) : false;
  return anyText(value);
}
