// Error statuses and bodies (part 7 "Errors"; "Error body format: not shown": plain text, a JSON:API `errors` array,
// Django REST framework's `{"detail": "..."}` and field dictionaries such as `{"email": ["Enter a valid email address."]}`,
// or RFC 7807 problem details with RFC 9457's `errors` extension).
import type { Choices } from './choices';

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

/** DRF-style field errors: a list of messages per field, nested for nested serializers. */
export interface FieldErrors {
  [field: string]: string[] | FieldErrors;
}

export interface ErrorExtras {
  /** the `detail` Django REST framework would write (frameworks persona); `detail` otherwise */
  drf?: string;
  /** field dictionary of a serializer refusal (frameworks persona) */
  fields?: FieldErrors;
  /** Django's HTML 404 page for a URL no route matches (frameworks persona) */
  html?: boolean;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly pointer?: string,
    readonly headers: Record<string, string> = {},
    readonly extras: ErrorExtras = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, drf?: string): HttpError => new HttpError(400, detail, undefined, {}, drf ? { drf } : {});

/** `what` names the record in words ("job application"); DRF answers "No JobApplication matches the given query." */
export const notFound = (what: string): HttpError =>
  new HttpError(404, `${what} not found`, undefined, {}, { drf: `No ${modelName(what)} matches the given query.` });

export const unprocessable = (detail: string, pointer?: string, drf?: string): HttpError =>
  new HttpError(422, detail, pointer, {}, drf ? { drf } : {});

function modelName(what: string): string {
  return what
    .replace(/^ATS candidate$/, 'candidate')
    .split(/\s+/)
    .map((w) => (w === w.toUpperCase() ? w.charAt(0) + w.slice(1).toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

/** `/data/attributes/school/name` -> `{"school": {"name": [message]}}`; `/data/type` -> `{"type": [message]}`. */
export function fieldErrorsAt(pointer: string, message: string): FieldErrors {
  const parts = pointer
    .split('/')
    .filter((p) => p !== '')
    .slice(1);
  const path = parts[0] === 'attributes' && parts.length > 1 ? parts.slice(1) : parts;
  if (path.length === 0) return { data: [message] };
  let out: FieldErrors | string[] = [message];
  for (const key of [...path].reverse()) out = { [key]: out };
  return out as FieldErrors;
}

const DJANGO_404 =
  '<!doctype html>\n<html lang="en">\n<head>\n  <title>Not Found</title>\n</head>\n<body>\n  <h1>Not Found</h1>' +
  '<p>The requested resource was not found on this server.</p>\n</body>\n</html>\n';

export function renderError(err: HttpError, choices: Choices): { contentType: string; body: string } {
  const title = TITLES[err.status] ?? 'Error';
  if (choices.errorFormat === 'text') {
    return { contentType: 'text/plain; charset=utf-8', body: `${title}: ${err.detail}\n` };
  }
  if (choices.errorFormat === 'drf') {
    if (err.extras.html) return { contentType: 'text/html; charset=utf-8', body: DJANGO_404 };
    const message = err.extras.drf ?? err.detail;
    let body: FieldErrors | { detail: string };
    if (err.extras.fields) body = err.extras.fields;
    else if (err.status === 422 && err.pointer !== undefined) body = fieldErrorsAt(err.pointer, message);
    else body = { detail: message };
    return { contentType: 'application/json', body: JSON.stringify(body) };
  }
  if (choices.errorFormat === 'problem') {
    // RFC 7807 §3.1 members; validation problems listed as RFC 9457 §3 example's `errors: [{detail, pointer}]`
    const body: Record<string, unknown> = { type: 'about:blank', title, status: err.status, detail: err.detail };
    if (err.pointer !== undefined) {
      // a JSON Pointer into the request body, or (RFC 9457 §3's `parameter`) the query parameter at fault
      const at = err.pointer.startsWith('/data') ? { pointer: err.pointer } : { parameter: err.pointer.replace(/^\//, '') };
      body.errors = [{ detail: err.detail, ...at }];
    }
    return { contentType: 'application/problem+json', body: JSON.stringify(body) };
  }
  const entry: Record<string, unknown> = { status: String(err.status), title, detail: err.detail };
  if (err.pointer !== undefined) entry.source = { pointer: err.pointer };
  return { contentType: 'application/vnd.api+json', body: JSON.stringify({ errors: [entry] }) };
}
