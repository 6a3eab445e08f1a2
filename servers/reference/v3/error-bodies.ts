/**
 * The error bodies of common frameworks, as the v3 reference server's variants answer a validation
 * refusal with them (001 §7.4 "HTTP status codes per operation and error body format: not shown"),
 * and the generic envelopes its faults answer instead of a validation message (001 §7.1: "generic
 * HTTP status errors may also occur", besides the message). Each lawful shape says what failed its
 * own way: the field as a key (DRF, ASP.NET, Laravel), as a value (Spring's `field`, express-validator's
 * `path`, FastAPI's `loc`), or in a sentence; where the reference server's message says a field "is
 * required", the framework's own phrase stands in for it (DRF "This field is required.", FastAPI
 * "Field required"), so the field is named only where that framework names it.
 */
import { randomUUID } from 'node:crypto';
import type { FieldError } from './fields';

export interface Shaped {
  status: number;
  body: unknown;
  mediaType?: string;
}

const REQUIRED = / is required\b/;
const required = (e: FieldError): boolean => e.field !== undefined && REQUIRED.test(e.message);
const traceId = (): string => `00-${randomUUID().replace(/-/g, '')}-${randomUUID().replace(/-/g, '').slice(0, 16)}-00`;

/** "level1ExternalId" -> "level1 external id" (Laravel's displayable attribute: snake case, underscores as spaces). */
const spaced = (field: string): string =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();

/** Spring Boot's default error body for a failed @Valid (BindException, server.error.include-binding-errors=always). */
export function springBody(errors: readonly FieldError[], path: string, object: string): Shaped {
  return {
    status: 400,
    body: {
      timestamp: new Date().toISOString(),
      status: 400,
      error: 'Bad Request',
      message: `Validation failed for object='${object}'. Error count: ${errors.length}`,
      errors: errors.map((e) =>
        e.field === undefined
          ? { objectName: object, defaultMessage: e.message, code: 'ValidRequest' }
          : {
              objectName: object,
              field: e.field,
              rejectedValue: null,
              defaultMessage: required(e) ? 'must not be null' : e.message,
              code: required(e) ? 'NotNull' : 'Valid',
            },
      ),
      path,
    },
  };
}

/** Django REST framework: one key per field, a list of messages each; errors of no field under non_field_errors. */
export function drfBody(errors: readonly FieldError[]): Shaped {
  const body: Record<string, string[]> = {};
  for (const e of errors) {
    const key = e.field ?? 'non_field_errors';
    (body[key] ??= []).push(required(e) ? 'This field is required.' : e.message);
  }
  return { status: 400, body };
}

/** ASP.NET Core's ValidationProblemDetails (application/problem+json) with these errors, keyed by the property. */
function aspNetProblem(errors: Record<string, string[]>): Shaped {
  return {
    status: 400,
    mediaType: 'application/problem+json',
    body: {
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
      title: 'One or more validation errors occurred.',
      status: 400,
      errors,
      traceId: traceId(),
    },
  };
}

/** ASP.NET Core's ValidationProblemDetails (application/problem+json), errors keyed by the property. */
export function aspNetBody(errors: readonly FieldError[]): Shaped {
  const map: Record<string, string[]> = {};
  for (const e of errors) {
    const key = e.field === undefined ? '' : e.field.charAt(0).toUpperCase() + e.field.slice(1);
    (map[key] ??= []).push(required(e) ? `The ${key} field is required.` : e.message);
  }
  return aspNetProblem(map);
}

/** Laravel's ValidationException (422): a generic message and the errors keyed by the attribute. */
export function laravelBody(errors: readonly FieldError[]): Shaped {
  const map: Record<string, string[]> = {};
  for (const e of errors) {
    const key = e.field ?? 'request';
    (map[key] ??= []).push(required(e) ? `The ${spaced(key)} field is required.` : e.message);
  }
  return { status: 422, body: { message: 'The given data was invalid.', errors: map } };
}

/** express-validator's validationResult().array(): the field in `path`, its default message "Invalid value". */
export function expressValidatorBody(errors: readonly FieldError[], sent: unknown): Shaped {
  const valueOf = (field: string): unknown => {
    let at: unknown = sent;
    for (const part of field.split('.')) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[part] : undefined;
    return at;
  };
  return {
    status: 400,
    body: {
      errors: errors.map((e) =>
        e.field === undefined
          ? { type: 'alternative', msg: e.message, nestedErrors: [] }
          : {
              type: 'field',
              value: valueOf(e.field) ?? '',
              msg: required(e) ? 'Invalid value' : e.message,
              path: e.field,
              location: 'body',
            },
      ),
    },
  };
}

/** FastAPI's RequestValidationError (422): detail [{type, loc, msg, input}]. */
export function fastApiBody(errors: readonly FieldError[], sent: unknown): Shaped {
  return {
    status: 422,
    body: {
      detail: errors.map((e) => ({
        type: required(e) ? 'missing' : 'value_error',
        loc: ['body', ...(e.field === undefined ? [] : e.field.split('.'))],
        msg: required(e) ? 'Field required' : `Value error, ${e.message}`,
        input: sent ?? null,
      })),
    },
  };
}

// ---- the generic envelopes the faults answer instead (no validation message) ----------------------

/** Spring Boot's default error body with no binding errors (server.error.include-message=never). */
export function springGeneric(status: number, path: string): Shaped {
  return {
    status,
    body: { timestamp: new Date().toISOString(), status, error: status === 422 ? 'Unprocessable Entity' : 'Bad Request', path },
  };
}

/** An RFC 9457 problem that names the status only. */
export function problemTitleOnly(status: number): Shaped {
  return {
    status,
    mediaType: 'application/problem+json',
    body: { type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1', title: 'Bad Request', status, traceId: traceId() },
  };
}

/** The status line's text alone, as text/plain (Go's net/http, a proxy or a load balancer in front of the API). */
export function statusText(): Shaped {
  return { status: 400, mediaType: 'text/plain', body: '400 Bad Request\n' };
}

/** ASP.NET's ValidationProblemDetails with no errors in it. */
export function aspNetEmpty(): Shaped {
  return aspNetProblem({});
}

/** ASP.NET Core's answer to a request whose body it could not bind (an empty body): the same words whatever failed. */
export function aspNetBodyRequired(): Shaped {
  return aspNetProblem({ '': ['A non-empty request body is required.'] });
}

/** hapi's Boom with Joi (failAction returning the error): the first error, its key quoted, and the keys that failed. */
export function joiBody(errors: readonly FieldError[]): Shaped {
  const first = errors[0];
  const message = first?.field !== undefined && required(first) ? `"${first.field}" is required` : (first?.message ?? 'Invalid request');
  return {
    status: 400,
    body: {
      statusCode: 400,
      error: 'Bad Request',
      message,
      validation: { source: 'payload', keys: errors.flatMap((e) => (e.field === undefined ? [] : [e.field])) },
    },
  };
}

/** Go's field name for a JSON member (Gin binds into a struct): "externalId" -> "ExternalID", "businessUnit.level1ExternalId" -> "BusinessUnit.Level1ExternalID". */
const goName = (field: string): string =>
  field
    .split('.')
    .map((p) => (p.charAt(0).toUpperCase() + p.slice(1)).replace(/Id$/, 'ID'))
    .join('.');

/** Gin's binding error (go-playground/validator): one line per field, struct and field in Go's names; other errors as written. */
export function goValidatorBody(errors: readonly FieldError[], path: string): Shaped {
  const struct =
    path
      .split('/')
      .pop()
      ?.replace(/(^|-)(\w)/g, (_m, _d: string, c: string) => c.toUpperCase()) ?? 'Request';
  const line = (e: FieldError): string => {
    if (e.field === undefined || !required(e)) return e.message;
    const name = goName(e.field);
    return `Key: '${struct}.${name}' Error:Field validation for '${name.split('.').pop() ?? name}' failed on the 'required' tag`;
  };
  return { status: 400, body: { error: errors.map(line).join('\n') } };
}
