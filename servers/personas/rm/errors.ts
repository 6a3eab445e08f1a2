// Error statuses and bodies (part 7 "Errors"; "Error body format: not shown": plain text or a JSON `errors` array).
import type { Choices } from './choices';

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly pointer?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string): HttpError => new HttpError(400, detail);
export const notFound = (what: string): HttpError => new HttpError(404, `${what} not found`);
export const unprocessable = (detail: string, pointer?: string): HttpError => new HttpError(422, detail, pointer);

export function renderError(err: HttpError, choices: Choices): { contentType: string; body: string } {
  const title = TITLES[err.status] ?? 'Error';
  if (choices.errorFormat === 'text') {
    return { contentType: 'text/plain; charset=utf-8', body: `${title}: ${err.detail}\n` };
  }
  const entry: Record<string, unknown> = { status: String(err.status), title, detail: err.detail };
  if (err.pointer !== undefined) entry.source = { pointer: err.pointer };
  return { contentType: 'application/vnd.api+json', body: JSON.stringify({ errors: [entry] }) };
}
