/**
 * What makes a body "a validation message" (001 §7.1 "Failed validation returns a validation message
 * in the response; generic HTTP status errors may also occur"; 001 §4 Shared write rules 4 "A missing
 * required field yields a validation message in the response."), D68. The message list of the service
 * is not shown (001 §7.3) and the error body format is not shown (001 §7.4), so the message may take
 * any form that says what failed: the field it is about, a message of 001 §7.2, or a sentence stating
 * the rule broken. A framework's generic error envelope (a reason phrase, a status, a path, a
 * timestamp, a trace id, an empty `errors`) says none of these: it is the "generic HTTP status error"
 * §7.1 allows only besides the message.
 */
import { bodyText, mentionsField, statesRule } from '../body-text';
import { defineReadings, type ReadingsEntry } from '../types';
import { accepted, wrote, type WriteShown } from './v3-shown';

/** What a refusal that must carry a validation message showed. */
export interface RefusalBodyShown {
  /** The refusal's body, as text. */
  readonly body: string;
  /** The path of the refused request: a body member naming it (Spring's `path`, a problem's `instance`) names the route, no field. */
  readonly requestPath: string;
  /** The JSON names of the fields the refused request left out or broke (empty: the rule is about no one field). */
  readonly fields: readonly string[];
  /** The messages the document gives for the operation, word for word (001 §7.2 for learning; none for HR core, 001 §7.3). */
  readonly documented: readonly string[];
}

const PATH = '/v3/tenant/hrcore/position';
const shown = (body: unknown, fields: readonly string[] = ['name'], documented: readonly string[] = []): RefusalBodyShown => ({
  body: typeof body === 'string' ? body : JSON.stringify(body),
  requestPath: PATH,
  fields,
  documented,
});

const COST = 'If cost is supplied then currency code also needs to be supplied';

/** Generic envelopes of frameworks and gateways: no reading holds on any of them. */
const GENERIC = {
  spring: shown({ timestamp: '2025-01-01T00:00:00.000+00:00', status: 400, error: 'Bad Request', path: PATH }),
  springOld: shown({
    timestamp: 1735689600000,
    status: 400,
    error: 'Bad Request',
    message: "Validation failed for object='positionRequest'. Error count: 1",
    path: PATH,
  }),
  problem: shown({
    type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
    title: 'Bad Request',
    status: 400,
    traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00',
  }),
  problemNoErrors: shown({ title: 'One or more validation errors occurred.', status: 400, errors: {} }, ['title']),
  nginx: shown(
    '<html>\r\n<head><title>400 Bad Request</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>',
  ),
  plain: shown('400 Bad Request'),
  laravelEmpty: shown({ message: 'The given data was invalid.', errors: {} }),
  emptyErrors: shown({ errors: [] }),
  fastapiNoLoc: shown({ detail: [{ type: 'missing', msg: 'Field required', input: { externalId: 'p-1' } }] }),
  expressNoPath: shown({ errors: [{ type: 'field', msg: 'Invalid value', location: 'body' }] }),
};

export const V3_VALIDATION_MESSAGE: ReadingsEntry<RefusalBodyShown> = defineReadings({
  id: 'v3.validation.message',
  decision: 'D68',
  clause: 'v3.error.validation',
  question:
    'What makes a refusal\'s body "a validation message"? 001 shows neither the service\'s messages (§7.3) nor the error body format (§7.4), ' +
    'and §7.1 allows "generic HTTP status errors" besides the message.',
  judgedBy: 'validation-message',
  readings: [
    {
      id: 'names-field',
      name: 'the body names the field that failed (its JSON name in any case, alone, in a path, or as the key of its errors)',
      frameworks: [
        'Spring Boot (errors[].field, fieldErrors[].field)',
        'Django REST framework ({"field": ["This field is required."]})',
        'ASP.NET Core ValidationProblemDetails (errors: {"Field": [...]})',
        'Laravel (errors: {"field": [...]})',
        'express-validator (errors[].path)',
        'FastAPI / pydantic (detail[].loc)',
        'Rails ({"field": ["can\'t be blank"]})',
        'JSON:API (errors[].source.pointer)',
      ],
      holds: (s: RefusalBodyShown): boolean => {
        const { texts, keys } = bodyText(s.body, s.requestPath);
        return s.fields.some((f) => texts.some((t) => mentionsField(t, f)) || keys.some((k) => mentionsField(k, f)));
      },
      shows: [
        shown({
          timestamp: '2025-01-01T00:00:00.000+00:00',
          status: 400,
          error: 'Bad Request',
          errors: [{ field: 'name', defaultMessage: 'must not be null', code: 'NotNull', rejectedValue: null }],
          path: PATH,
        }),
        shown({ name: ['This field is required.'] }),
        shown({
          type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { Name: ['The Name field is required.'] },
          traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00',
        }),
        shown({ message: 'The given data was invalid.', errors: { name: ['The name field is required.'] } }),
        shown({ errors: [{ type: 'field', value: '', msg: 'Invalid value', path: 'name', location: 'body' }] }),
        shown({ detail: [{ type: 'missing', loc: ['body', 'name'], msg: 'Field required', input: { externalId: 'p-1' } }] }),
        shown({ message: 'employee.externalId: must not be blank' }, ['externalId']),
        shown({ message: 'The external id field is required.' }, ['externalId']),
        shown('level1ExternalId is required when the record is level 2', ['level1ExternalId']),
        // A field called like a member that holds no message ("code"): keyed by it, it is named.
        shown({ code: ['Field is invalid for access level'] }, ['code']),
      ],
      not: [
        GENERIC.spring,
        GENERIC.problem,
        GENERIC.fastapiNoLoc,
        GENERIC.expressNoPath,
        // Another field named; a longer name that only contains it; the route's own path.
        shown({ errors: { fte: ['must be a number'] } }),
        shown('level1ExternalId is required', ['externalId']),
        shown({ error: 'Bad Request', path: '/v3/tenant/hrcore/position' }, ['position']),
        // An echo of what was sent names no error; nor does an error code.
        shown({ detail: [{ msg: 'Field required', input: { name: 'x' } }] }),
        shown({ errors: [{ code: 'code', status: 'name' }] }, ['code', 'name']),
      ],
    },
    {
      id: 'documented-message',
      name: 'the body carries a message of 001 §7.2 word for word',
      frameworks: [],
      holds: (s: RefusalBodyShown): boolean => s.documented.some((m) => s.body.includes(m)),
      shows: [shown({ message: COST }, ['costs'], [COST]), shown(`${COST}.`, [], [COST])],
      not: [GENERIC.problem, shown({ message: 'If cost is supplied then currency code also needs to be given' }, [], [COST])],
    },
    {
      id: 'states-rule',
      name:
        'a sentence of the body states the rule broken: with reason phrases and status numbers taken out, it has a rule word ' +
        '(required, missing, must, cannot, needs, only, no, already, ...) and a word that is neither a rule word nor boilerplate',
      frameworks: [
        'hand-written messages (Spring ResponseStatusException reason, Express res.status(400).json({message}))',
        'NestJS class-validator ("name should not be empty")',
      ],
      holds: (s: RefusalBodyShown): boolean => bodyText(s.body, s.requestPath).texts.some(statesRule),
      shows: [
        shown({ message: 'No fields to update' }, []),
        shown({ message: 'A position needs a name' }),
        shown('Business unit "bu-1" (level 1) cannot be archived: it is referenced by level 2 business unit "bu-2"', ['archive']),
        shown({ message: ['name should not be empty'], error: 'Bad Request', statusCode: 400 }),
        shown({ message: 'A position must have a valid, non-empty name' }),
        // In another language: what the rule is about, with a word for can't, must, only, already or referenced.
        shown(
          {
            message: 'Die Geschäftseinheit "bu-1" kann nicht archiviert werden: untergeordnete Geschäftseinheiten verweisen noch auf sie.',
          },
          ['archive'],
        ),
        shown({ message: "L'unité « bu-1 » ne peut pas être archivée : elle est référencée par l'unité « bu-2 »." }, ['archive']),
      ],
      not: [
        GENERIC.spring,
        GENERIC.springOld,
        GENERIC.problem,
        GENERIC.problemNoErrors,
        GENERIC.nginx,
        GENERIC.plain,
        GENERIC.laravelEmpty,
        GENERIC.emptyErrors,
        GENERIC.fastapiNoLoc,
        GENERIC.expressNoPath,
        shown({ name: ['This field is required.'] }),
        shown({ message: 'Required request body is missing' }),
        shown({ status: 411, error: 'Length Required' }),
        shown({ message: 'No message available', error: 'Bad Request' }),
        // What a parser says of any body (ASP.NET Core's empty body, a JSON parser, body-parser's size limit): no rule of a field.
        shown({
          type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { '': ['A non-empty request body is required.'] },
        }),
        shown({ message: 'Request body must be valid JSON' }),
        shown('request entity too large'),
        // Boilerplate in another language says no more than in English.
        shown({ message: 'Die Anfrage kann nicht verarbeitet werden.' }),
        shown({ message: 'La requête ne peut pas être traitée.' }),
        shown({ message: 'La solicitud no puede ser procesada.' }),
      ],
    },
  ],
});

export const V3_UNRULED: ReadingsEntry<WriteShown> = defineReadings({
  id: 'v3.unruled.broken-rule',
  decision: 'D32',
  clause: 'v3.error.validation',
  question:
    'A v3 write breaking a rule no sentence ties to a refusal (a value of another JSON type, "true" for a boolean, a malformed date, an ' +
    'unknown value): is it refused, or taken (coerced, ignored, stored as sent)? 001 §7.1 "Failed validation returns a validation ' +
    'message in the response; generic HTTP status errors may also occur" says what a refusal carries, not which rules refuse.',
  judgedBy: 'validation',
  readings: [
    {
      id: 'taken',
      name: 'taken: the value coerced, ignored or stored as sent',
      frameworks: ['Jackson scalar coercion (default)', 'pydantic lax mode', 'schemaless stores'],
      holds: accepted,
      shows: [wrote('accepted')],
      not: [wrote('refused', false, true), wrote('other')],
    },
    {
      id: 'refused',
      name: 'refused (a 4xx, or a 2xx whose body refuses): with a validation message, or as the generic HTTP status error §7.1 allows',
      frameworks: [
        'JSON Schema validators',
        'System.Text.Json (default)',
        'pydantic strict mode',
        'Spring HttpMessageNotReadableException',
      ],
      holds: (s: WriteShown) => s.outcome === 'refused',
      shows: [wrote('refused', false, true), wrote('refused', false, false)],
      not: [wrote('accepted'), wrote('other'), wrote('other', false, false, 302)],
    },
  ],
});

export const V3_VALIDATION_READINGS = [V3_VALIDATION_MESSAGE, V3_UNRULED] as const;
