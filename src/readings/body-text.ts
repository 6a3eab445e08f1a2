/**
 * What a response body says, in the terms the v3 readings read (./entries/v3-validation.ts): its
 * message texts (every string a person is meant to read: not a timestamp, a trace id, a status or
 * code, a URI, the request's own path or an echo of the input sent), the keys that say what a text is about
 * (those of an errors map, and keys holding a list of texts), whether a text mentions a field, and
 * whether a sentence states a rule rather than a reason phrase or a framework's boilerplate.
 * Pure functions of text; nothing here knows a framework by name.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON value of a body, or undefined when it is not JSON. */
export function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** A member name compared without case, `_` or `-` ("trace_id", "traceId" and "TraceId" are one). */
export const keyOf = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');

/** Members whose text is no message: when, which trace, which status or code (their lists and objects are still read). */
const NOT_MESSAGES = new Set([
  'timestamp',
  'time',
  'datetime',
  'date',
  'instance',
  'traceid',
  'trace',
  'requestid',
  'correlationid',
  'spanid',
  'status',
  'statuscode',
  'httpstatus',
  'code',
  'errorcode',
]);

/** Members that echo what was sent: nothing under them is read. */
const ECHOES = new Set(['input', 'rejectedvalue', 'value', 'received']);

/** Members that hold the errors of a refusal (an errors map's keys name what each error is about). */
export const ERROR_CONTAINERS = new Set([
  'errors',
  'error',
  'fielderrors',
  'violations',
  'validationerrors',
  'details',
  'failures',
  'messages',
  'invalidparams',
  'problems',
  'fehler',
  'erreurs',
  'errores',
  'errori',
  'erros',
]);

/** A URI (RFC 3986 scheme, or `about:blank`, `urn:`): a problem type or a link, no message. */
const URI = /^(?:[a-z][a-z0-9+.-]*:\/\/|about:|urn:)/i;

/** What a body says: its message texts, and the keys that name what texts are about. */
export interface BodyText {
  readonly texts: readonly string[];
  readonly keys: readonly string[];
}

/** A string the reader skips: blank, a URI, or the request's own path (a `path` or `instance` member naming the route). */
function skipped(value: string, requestPath: string): boolean {
  const s = value.trim();
  if (s === '' || URI.test(s)) return true;
  return s.startsWith('/') && requestPath.length > 1 && (requestPath.endsWith(s) || s.endsWith(requestPath));
}

/** Text of an HTML page: scripts and styles out, tags as line breaks, the usual character references decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, '\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

const filledTexts = (v: Json): boolean => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x.trim() !== '');

/**
 * The message texts of a body and the keys that name what they are about. Plain text and HTML: each
 * line (tags taken out). JSON: every string, in objects and arrays at any depth, except a string
 * right under a member that holds no message (NOT_MESSAGES), anything under an echo of the input
 * (ECHOES), URIs and the request's path. Keys: those of an object under an errors member
 * (ERROR_CONTAINERS: `errors: {"externalId": [...]}`), and any key whose value is a list of texts
 * (`{"name": ["This field is required."]}`, `{"code": ["..."]}`), when the value is not empty.
 */
export function bodyText(body: string, requestPath: string): BodyText {
  const trimmed = body.trim();
  if (trimmed === '') return { texts: [], keys: [] };
  const value = parseJson(trimmed);
  if (value === undefined || typeof value === 'string') {
    const raw = typeof value === 'string' ? value : trimmed;
    const text = /<[a-z!/][^>]*>/i.test(raw) ? htmlText(raw) : raw;
    const lines = text
      .split(/\n+/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !skipped(l, requestPath));
    return { texts: lines, keys: [] };
  }
  const texts: string[] = [];
  const keys: string[] = [];
  const walk = (v: Json, inContainer: boolean): void => {
    if (typeof v === 'string') {
      if (!skipped(v, requestPath)) texts.push(v.trim());
      return;
    }
    if (Array.isArray(v)) {
      for (const item of v) walk(item, false);
      return;
    }
    if (!isObject(v)) return;
    for (const [key, member] of Object.entries(v)) {
      const k = keyOf(key);
      // An errors map's keys are the fields its errors are about, whatever they are called ("code", "value").
      if (!inContainer && ECHOES.has(k)) continue;
      const filled =
        member !== null &&
        member !== false &&
        !(Array.isArray(member) && member.length === 0) &&
        !(isObject(member) && Object.keys(member).length === 0);
      if ((inContainer && filled) || filledTexts(member)) keys.push(key);
      if (!inContainer && NOT_MESSAGES.has(k) && (member === null || typeof member !== 'object')) continue;
      walk(member, ERROR_CONTAINERS.has(k) && isObject(member));
    }
  };
  walk(value, false);
  return { texts, keys };
}

/** The words of a JSON member name: "level1ExternalId" -> level1, External, Id. */
function wordsOf(field: string): string[] {
  return field.split(/(?<=[a-z0-9])(?=[A-Z])|[_\s.-]+/).filter((w) => w !== '');
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The patterns a field is mentioned by, in any case, as a word of its own (letters, digits and `_`
 * around it end it: "employee.externalId", "$.name", "/data/attributes/name", "body -> name" mention
 * their field; "level1ExternalId" does not mention externalId): its JSON name, and its words joined by
 * a space, `_` or `-` ("external id", "external_id", "external-id").
 */
function fieldPatterns(field: string): RegExp[] {
  const words = wordsOf(field);
  const forms = new Set([field, ...(words.length > 1 ? [' ', '_', '-'].map((j) => words.join(j)) : [])]);
  return [...forms].map((f) => new RegExp(`(?<![\\p{L}\\p{N}_])${escape(f)}(?![\\p{L}\\p{N}_])`, 'iu'));
}

/** True when `text` mentions `field` as a word of its own (fieldPatterns). */
export function mentionsField(text: string, field: string): boolean {
  return fieldPatterns(field).some((p) => p.test(text));
}

/** The reason phrases of RFC 9110 §15 (and the common ones it names from other RFCs): status text, no message. */
export const REASON_PHRASES: readonly string[] = [
  'Bad Request',
  'Unauthorized',
  'Payment Required',
  'Forbidden',
  'Not Found',
  'Method Not Allowed',
  'Not Acceptable',
  'Proxy Authentication Required',
  'Request Timeout',
  'Conflict',
  'Gone',
  'Length Required',
  'Precondition Failed',
  'Content Too Large',
  'Payload Too Large',
  'Request Entity Too Large',
  'URI Too Long',
  'Unsupported Media Type',
  'Range Not Satisfiable',
  'Expectation Failed',
  "I'm a teapot",
  'Misdirected Request',
  'Unprocessable Content',
  'Unprocessable Entity',
  'Locked',
  'Failed Dependency',
  'Upgrade Required',
  'Precondition Required',
  'Too Many Requests',
  'Request Header Fields Too Large',
  'Unavailable For Legal Reasons',
  'Internal Server Error',
  'Not Implemented',
  'Bad Gateway',
  'Service Unavailable',
  'Gateway Timeout',
  'HTTP Version Not Supported',
];

const REASON = new RegExp(`(?<![\\p{L}])(?:${REASON_PHRASES.map(escape).join('|')})(?![\\p{L}])`, 'giu');

/**
 * Words that say a rule: what is required, missing, forbidden, bounded or already there (English,
 * with the commonest German, French, Spanish, Portuguese and Italian words for "required", "can",
 * "must", "only", "already" and "referenced": a message in another language states a rule too).
 */
const RULE_WORDS = new Set([
  'required',
  'require',
  'requires',
  'requirement',
  'missing',
  'must',
  'mandatory',
  'cannot',
  "can't",
  'need',
  'needs',
  'needed',
  'should',
  'shall',
  'allowed',
  'permitted',
  'forbidden',
  'prohibited',
  'only',
  'least',
  'most',
  'exceed',
  'exceeds',
  'exceeded',
  'maximum',
  'minimum',
  'too',
  'empty',
  'blank',
  'null',
  'unknown',
  'exist',
  'exists',
  'referenced',
  'duplicate',
  'already',
  'expected',
  'because',
  'no',
  'nothing',
  'unique',
  'erforderlich',
  'fehlt',
  'muss',
  'obligatoire',
  'requis',
  'manquant',
  'requerido',
  'obligatorio',
  'obrigatório',
  'obbligatorio',
  // German, French, Spanish, Portuguese and Italian for can't, must, only, already, at least, referenced.
  'kann',
  'darf',
  'müssen',
  'nur',
  'bereits',
  'mindestens',
  'höchstens',
  'verweist',
  'verweisen',
  'referenziert',
  'peut',
  'doit',
  'seulement',
  'uniquement',
  'déjà',
  'référencé',
  'référencée',
  'puede',
  'debe',
  'solo',
  'sólo',
  'ya',
  'referenciado',
  'referenciada',
  'pode',
  'deve',
  'può',
]);

/**
 * Words of boilerplate: articles, auxiliaries and pronouns, and what every framework's generic error
 * says of any request ("The given data was invalid.", "One or more validation errors occurred.",
 * "Required request body is missing", "This field is required.", "No message available"). A sentence
 * made of these and rule words alone says no more than that something was wrong.
 */
const GENERIC_WORDS = new Set(
  (
    'a an the this that these those it its is are was were be been being am has have had do does did will would could can may might ' +
    'of for to in on at by with from into about as and or but nor not one more some any all each every your you we our us i me my ' +
    'their they them there here which what who please check try again see following ' +
    'http https status code codes error errors exception exceptions occurred occured failed failure fail fails validation validate ' +
    'validated invalid bad request requests body data input inputs payload parameter parameters param params argument arguments ' +
    'entity unprocessable content object field fields value values given provided supplied sent format message messages available ' +
    'problem problems issue issues reason type title detail details instance server client api application json response model ' +
    'state constraint constraints violation violations schema unable process processed processing something went wrong ' +
    'internal unexpected id trace log logs path timestamp ' +
    // What a parser or a transport says of any body: its form and size, not the rule a field broke ("A non-empty request
    // body is required.", "Request body must be valid JSON", "request entity too large").
    'valid non-empty nonempty well-formed malformed syntax syntactically parse parsed parsing parser readable unreadable ' +
    'deserialize deserialized deserializing deserialization serialize serialized encoding encoded charset utf-8 large small long short size ' +
    // The same boilerplate in German, French, Spanish, Portuguese and Italian, so a rule word there needs a subject too
    // ("Die Anfrage kann nicht verarbeitet werden" states no rule).
    'der die das den dem des ein eine einen einem einer ist sind war wurde werden wird konnte nicht kein keine und oder mit von zu ' +
    'für auf im bitte anfrage anforderung daten eingabe wert werte feld felder fehler ungültig ungültige ungültiger ungültiges ' +
    'fehlgeschlagen verarbeitet verarbeiten validierung validierungsfehler aufgetreten interner ' +
    'le la les un une du est sont été être ont pas ne et ou avec pour dans requête données donnée valeur champ champs erreur ' +
    'invalide échoué échec traitée traiter serveur interne ' +
    'el los las es son fue ser y o con para en solicitud petición datos dato valor campo campos inválido inválida fallo falló ' +
    'procesar procesada validación servidor interno ' +
    'os um uma não requisição pedido inválidos erro falhou processar ' +
    'il lo gli una è non richiesta dati valore campo errore fallita elaborare'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}'’_-]+/gu;

/**
 * True when a sentence of `text` states a rule: with reason phrases and status numbers taken out,
 * one of its sentences has a rule word (RULE_WORDS) and a word that is neither a rule word nor
 * boilerplate (GENERIC_WORDS): what the rule is about ("A position needs a name", "No fields to
 * update", "Business unit X cannot be archived: it is referenced by Y"). "Bad Request", "400 Bad
 * Request", "Validation failed", "The given data was invalid.", "Field required", "must not be null"
 * state none: they say that something failed, not what.
 */
export function statesRule(text: string): boolean {
  const cleaned = text.replace(REASON, ' ');
  return cleaned.split(/(?<=[.!?;])\s+|\n+/).some((sentence) => {
    const words = (sentence.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/’/g, "'").replace(/^['_-]+|['_-]+$/g, ''));
    const rule = words.some((w) => RULE_WORDS.has(w));
    const subject = words.some((w) => w.length > 1 && !/^\d+$/.test(w) && !RULE_WORDS.has(w) && !GENERIC_WORDS.has(w));
    return rule && subject;
  });
}
