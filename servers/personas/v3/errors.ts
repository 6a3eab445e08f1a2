/**
 * Refusals: the JSON error body of each persona, and the HTTP 200 validation envelope of the frameworks persona.
 * Document part 7: "Failed validation returns a validation message in the response; generic HTTP status errors may
 * also occur"; "HTTP status codes per operation and error body format: not shown". Part 4 shared write rule 4.
 * RFC 9457 (problem details) for the frameworks persona's error bodies.
 */
import { randomBytes } from 'node:crypto';
import type { PersonaChoices } from './choices';
import type { JsonObject } from './json';
import type { Reply } from './reply';

export interface Problem {
  readonly field: string;
  readonly message: string;
}

export function problem(field: string, message: string): Problem {
  return { field, message };
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

/** The `type` ASP.NET Core writes per status (its ProblemDetails defaults: the RFC section of the status). */
const ASPNET_TYPES: Readonly<Record<number, string>> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  405: 'https://tools.ietf.org/html/rfc9110#section-15.5.6',
  409: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
  413: 'https://tools.ietf.org/html/rfc9110#section-15.5.14',
  415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
  422: 'https://tools.ietf.org/html/rfc4918#section-11.2',
};

/**
 * ASP.NET Core's RFC 7807 problem details: `ValidationProblemDetails` (`errors`: the messages per field, `$` for the
 * body as a whole) for a validation refusal, plain `ProblemDetails` (the message in `detail`) otherwise.
 */
function validationProblem(choices: PersonaChoices, status: number, problems: readonly Problem[]): JsonObject {
  const body: JsonObject = {
    type: ASPNET_TYPES[status] ?? 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail: problems[0]?.message ?? 'Request refused',
    traceId: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`,
  };
  if (status === choices.http.validationStatus) {
    const errors: Record<string, string[]> = {};
    for (const p of problems) (errors[p.field === '' ? '$' : p.field] ??= []).push(p.message);
    body.title = 'One or more validation errors occurred.';
    body.errors = errors;
  }
  return body;
}

/** An RFC 3339 UTC timestamp with microseconds, as Java's Instant writes it through Jackson. */
export function microTimestamp(ms = Date.now()): string {
  const micro = Number(process.hrtime.bigint() % 1000n);
  return new Date(ms).toISOString().replace(/Z$/, `${String(micro).padStart(3, '0')}Z`);
}

/**
 * `single`: the first message only; `list`: every problem with the field it concerns; `problem`: RFC 9457 problem
 * details as Spring Boot writes them (`instance` is filled in by the router), with every problem under `errors`.
 */
export function refuse(
  choices: PersonaChoices,
  status: number,
  problems: readonly Problem[],
  headers?: Readonly<Record<string, string>>,
): Reply {
  if (choices.http.errorShape === 'single') {
    return { status, body: { message: problems[0]?.message ?? 'Request refused' }, headers };
  }
  if (choices.http.errorShape === 'validation-problem') {
    return { status, body: validationProblem(choices, status, problems), headers, contentType: 'application/problem+json' };
  }
  const errors = problems.map((p) => ({ field: p.field, message: p.message }));
  if (choices.http.errorShape === 'problem') {
    const body: JsonObject = {
      type: 'about:blank',
      title: TITLES[status] ?? 'Error',
      status,
      detail: problems[0]?.message ?? 'Request refused',
      instance: '',
      timestamp: microTimestamp(),
    };
    if (problems.some((p) => p.field !== '')) body.errors = errors;
    return { status, body, headers, contentType: 'application/problem+json' };
  }
  return { status, body: { errors }, headers };
}

/**
 * A validation or business-rule refusal of an HR core write: the persona's error status, or (frameworks) HTTP 200 with
 * `{success: false, message, errors, timestamp}`: "Failed validation returns a validation message in the response".
 */
export function refuseValidation(choices: PersonaChoices, status: number, problems: readonly Problem[]): Reply {
  if (choices.hr.validationRefusal === 'status') return refuse(choices, status === 400 ? choices.http.validationStatus : status, problems);
  return {
    status: 200,
    body: {
      success: false,
      message: problems[0]?.message ?? 'Validation failed',
      errors: problems.map((p) => ({ field: p.field, message: p.message })),
      timestamp: microTimestamp(),
    },
  };
}
