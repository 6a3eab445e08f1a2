/**
 * Whether an answer refuses, read from its body: 001 §7.1 "Failed validation returns a validation
 * message in the response; generic HTTP status errors may also occur" and §7.4 "HTTP status codes
 * per operation and error body format: not shown". A v3 refusal is a 4xx, or a 2xx whose body is
 * plainly a refusal; a 2xx whose body reads like success (or says nothing) is an acceptance (D72).
 *
 * "Plainly a refusal" is read by structure first, in any language the flag names come in: a success
 * flag that is false (`{"success": false}`, `{"erfolg": false}`), a filled errors member
 * (`{"errors": [...]}`, `{"fehler": [...]}`), a failed `status`/`result`/`outcome`, a status of 400
 * or more (`status`, `statusCode`, `code`), found at the top of the body or inside its envelope
 * (`{"data": {"success": false}}`, `{"result": {"errors": [...]}}`, or the one member of a wrapper);
 * only then by the words of a message, detail or plain text. A success flag that is true wins over
 * anything deeper; a state naming success (`"status": "created"`) wins over the words. Pure readers
 * used by the checks' predicates (status.ts, validation-message.ts); no verdict is recorded here.
 */
import type { Exchange } from '../http/exchange';
import { keyOf, parseJson } from '../readings/body-text';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Words of a message that refuses (a missing or offending field, a rule broken), in any case. */
const REFUSING_WORDS =
  /(?<![\p{L}])(required|missing|invalid|not valid|must|cannot|can't|could not|not allowed|is not permitted|refused|rejected|denied|failed|failure|error|errors|violat\w*|does not exist|do not exist|not found|unknown|needs? to be|already|erforderlich|ungültig|fehlt|obligatoire|invalide|requerido|inválido|obrigatório)(?![\p{L}])/iu;
/** Words of a message that reports success. */
const SUCCESS_WORDS =
  /(?<![\p{L}])(success|successful|successfully|succeeded|created|updated|archived|saved|accepted|ok|up[ -]to[ -]date|unchanged|no changes?|nothing changed|erfolgreich|gespeichert|réussi|exitoso|sucesso)(?![\p{L}])/iu;

/** A message text that reads as a refusal (refusing words, no word of success). */
export function refusingText(text: string): boolean {
  return REFUSING_WORDS.test(text) && !SUCCESS_WORDS.test(text);
}

/** Flags of success by member name (keyOf: no case, `_` or `-`), in the languages such envelopes come in. */
const SUCCESS_FLAGS = new Set([
  'success',
  'succeeded',
  'successful',
  'ok',
  'valid',
  'isvalid',
  'issuccess',
  'issuccessful',
  'issucceeded',
  'succes',
  'succès',
  'erfolg',
  'erfolgreich',
  'exito',
  'éxito',
  'exitoso',
  'sucesso',
  'successo',
  'réussi',
  'reussi',
]);
/** Flags of failure by member name: true says the request failed. */
const FAILURE_FLAGS = new Set(['failed', 'failure', 'haserrors', 'haserror', 'iserror', 'isfailure', 'fehlgeschlagen']);
/** Members that carry the errors of a refusal when they are filled. */
const ERROR_MEMBERS = new Set([
  'error',
  'errors',
  'errormessage',
  'errormessages',
  'violations',
  'validationerrors',
  'fielderrors',
  'failures',
  'fehler',
  'fehlermeldung',
  'erreur',
  'erreurs',
  'errores',
  'errore',
  'errori',
  'erro',
  'erros',
]);
/** Members whose text says what happened: read by their words. */
const MESSAGE_MEMBERS = new Set(['message', 'messages', 'detail', 'msg', 'meldung', 'nachricht', 'mensaje', 'mensagem', 'messaggio']);
/** Members whose text names the outcome. */
const STATE_MEMBERS = new Set(['status', 'result', 'outcome', 'state', 'ergebnis', 'resultat', 'résultat', 'resultado', 'estado']);
/** Values of a state member that say the request failed. */
const FAILED_STATES =
  /^(error|errors|fail|failed|failure|invalid|rejected|refused|denied|validation[ _-]?(error|failed)|fehler|fehlgeschlagen|abgelehnt|erreur|échec|echec|refusé|fallido|rechazado|falha|erro|errore|rifiutato)$/i;
/** Values of a state member that say the request succeeded: such a state wins over the words of its messages. */
const SUCCEEDED_STATES =
  /^(ok|success|successful|succeeded|created|updated|archived|saved|accepted|done|completed?|erfolgreich|gespeichert|réussi|exitoso|éxito|sucesso)$/i;
/** Members that carry the HTTP status of the answer in its body (`{"code": 400, "message": "Bad Request"}`). */
const STATUS_MEMBERS = new Set(['status', 'statuscode', 'httpstatus', 'httpstatuscode', 'code']);
/** Members an answer is wrapped in: an envelope is read like the body itself. */
const ENVELOPES = new Set([
  'data',
  'result',
  'results',
  'response',
  'payload',
  'body',
  'value',
  'd',
  'return',
  'returnvalue',
  'meta',
  'status',
  'outcome',
  'answer',
  'antwort',
  'ergebnis',
  'daten',
  'resultat',
  'résultat',
  'resultado',
  'datos',
  'dados',
  'risultato',
  'réponse',
  'reponse',
  'respuesta',
  'resposta',
]);
/** How deep envelopes are read (a body wrapped three times is still read). */
const MAX_DEPTH = 3;

const filled = (v: Json | undefined): boolean =>
  v !== undefined &&
  v !== null &&
  v !== false &&
  !(typeof v === 'string' && v.trim() === '') &&
  !(Array.isArray(v) && v.length === 0) &&
  !(isObject(v) && Object.keys(v).length === 0);

/** What an object says by structure: 'success' (a true success flag), a refusal's reason, or null (nothing). */
function structure(value: { [key: string]: Json }, at: string, depth: number): string | 'success' | null {
  const members = Object.entries(value).map(([k, v]) => [keyOf(k), k, v] as const);
  for (const [key, name, v] of members) {
    if (!SUCCESS_FLAGS.has(key)) continue;
    if (v === true || v === 'true') return 'success';
    if (v === false || v === 'false') return `${at}${name} is false`;
  }
  for (const [key, name, v] of members) {
    if (FAILURE_FLAGS.has(key) && (v === true || v === 'true')) return `${at}${name} is true`;
    if (ERROR_MEMBERS.has(key) && filled(v) && v !== true) return `it carries ${at}${name}`;
    if (ERROR_MEMBERS.has(key) && v === true) return `${at}${name} is true`;
    if (STATE_MEMBERS.has(key) && typeof v === 'string' && FAILED_STATES.test(v.trim())) return `${at}${name} is "${v}"`;
    if (STATUS_MEMBERS.has(key) && typeof v === 'number' && v >= 400 && v < 600) return `${at}${name} is ${v}`;
  }
  if (depth >= MAX_DEPTH) return null;
  const only = members.length === 1;
  for (const [key, name, v] of members) {
    if (!isObject(v) || !(ENVELOPES.has(key) || only)) continue;
    const inner = structure(v, `${at}${name}.`, depth + 1);
    if (inner !== null) return inner;
  }
  return null;
}

/** What an object says by its words: a message, messages or detail that refuses (also inside its envelopes). */
function words(value: { [key: string]: Json }, at: string, depth: number): string | null {
  const members = Object.entries(value).map(([k, v]) => [keyOf(k), k, v] as const);
  for (const [key, name, v] of members) {
    if (!MESSAGE_MEMBERS.has(key)) continue;
    if (typeof v === 'string' && refusingText(v)) return `the ${at}${name} says "${v.slice(0, 120)}"`;
    if (Array.isArray(v) && v.some((m) => typeof m === 'string' && refusingText(m))) return `the ${at}${name} refuse`;
    // A list of error objects under `detail` (FastAPI / pydantic: [{loc, msg, type}]).
    if (key === 'detail' && Array.isArray(v) && v.length > 0 && v.every(isObject)) return `the ${at}${name} lists errors`;
  }
  if (depth >= MAX_DEPTH) return null;
  const only = members.length === 1;
  for (const [key, name, v] of members) {
    if (!isObject(v) || !(ENVELOPES.has(key) || only)) continue;
    const inner = words(v, `${at}${name}.`, depth + 1);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * Why a body reads as a refusal ("success is false", "it carries data.errors", "the message says ..."),
 * or null when it reads like success or says nothing (an empty body, a record, `{"status": "created"}`,
 * `{"id": 1, "detail": "created"}`). By structure first (flags, errors members, failed states, at the
 * top or in an envelope), then by the words of a message, detail or plain text.
 */
export function refusingBody(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = parseJson(trimmed) as Json | undefined;
  if (value === undefined) return refusingText(trimmed) ? `the text says "${trimmed.slice(0, 120)}"` : null;
  if (!isObject(value)) return null;
  const shown = structure(value, '', 0);
  if (shown === 'success') return null;
  if (shown !== null) return shown;
  // Nothing refuses by structure: a state naming success wins over the words of a note beside it
  // (`{"status": "created", "messages": ["access.primaryTeamExternalId missing: the default team was applied"]}`).
  const succeeded = Object.entries(value).some(
    ([k, v]) => STATE_MEMBERS.has(keyOf(k)) && typeof v === 'string' && SUCCEEDED_STATES.test(v.trim()),
  );
  return succeeded ? null : words(value, '', 0);
}

/** Why a 2xx answer of a v3 operation refuses (see refusingBody), or null (not a 2xx, not v3, or it reads like success). */
export function refusalOf(exchange: Exchange): string | null {
  const response = exchange.response;
  if (!response || response.status < 200 || response.status >= 300) return null;
  if (exchange.api !== 'hr' && exchange.api !== 'learning') return null;
  return refusingBody(response.text);
}
