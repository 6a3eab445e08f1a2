/**
 * Readings of the learning activity sentences of 001 (§2 Learning activity, §3, §4 Learning update
 * rules, §7.2 messages) that admit more than one reading: the provider field's name (D26), the
 * aggregate id's type (D27), ids not issued at registration (D39), a change between public and
 * private (D40), a numeric string for an integer id and what stands around a message (D45), a cost of
 * 0 (D46), the media type of the create's body (D47), a cost sent as null inside costs (D48), the
 * stored aggregate id sent again (D70).
 */
import { bodyText } from '../body-text';
import { defineReadings, type ReadingsEntry } from '../types';
import { accepted, refusedWithMessage, wrote, type WriteShown } from './v3-shown';

export type { WriteShown } from './v3-shown';

/** Accepted, or refused with a validation message other than the message in question. */
const acceptedOrRefusedOtherwise = (s: WriteShown): boolean => accepted(s) || (refusedWithMessage(s) && !s.saysMessage);

export const LEARNING_ZERO_COST: ReadingsEntry<WriteShown> = defineReadings({
  id: 'learning.costs.zero',
  decision: 'D46',
  clause: 'learning.msg.currency-needs-cost',
  question:
    'Is a cost field sent with the value 0 "a cost"? 001 §7.2 refuses "currency.code is sent without any cost" with "If currency code ' +
    'is supplied at least one cost also needs to be supplied"; whether 0 is a cost, and whether 0 is an allowed cost (001 §8), is not said.',
  judgedBy: 'validation-message',
  readings: [
    {
      id: 'zero-is-a-cost',
      name: 'a cost of 0 is a cost: the create with a currency code is accepted, or refused for something else (a bound) with its message',
      frameworks: ['null checks (Bean Validation @NotNull, Joi .required(), pydantic Optional fields)'],
      holds: acceptedOrRefusedOtherwise,
      shows: [wrote('accepted'), wrote('refused', false, true)],
      not: [wrote('refused', true), wrote('refused', false, false), wrote('other')],
    },
    {
      id: 'zero-is-no-cost',
      name: 'a cost of 0 is no cost: the create is refused "If currency code is supplied at least one cost also needs to be supplied"',
      frameworks: ['truthiness checks (JavaScript `if (cost)`, Python `if cost:`, PHP empty())'],
      holds: (s: WriteShown) => s.outcome === 'refused' && s.saysMessage,
      shows: [wrote('refused', true)],
      not: [wrote('accepted'), wrote('refused', false, true), wrote('other', true)],
    },
  ],
});

export const LEARNING_AGGREGATE_RESENT: ReadingsEntry<WriteShown> = defineReadings({
  id: 'learning.aggregate-id.resent',
  decision: 'D70',
  clause: 'learning.rule.update',
  question:
    'May an update that sends the stored aggregateId unchanged be refused? 001 §4 "send only the fields that change" tells the caller what ' +
    'to send, not what the target does with an unchanged field; 001 §7.2 refuses "Cannot change Aggregate ID for an existing activity" only ' +
    'when the "supplied aggregate id differs from the stored one".',
  judgedBy: 'validation-message',
  readings: [
    {
      id: 'resent-accepted',
      name: 'the stored aggregate id sent again is accepted (it does not differ)',
      frameworks: ['DTOs that bind every member and compare the id (Spring, ASP.NET, NestJS)'],
      holds: accepted,
      shows: [wrote('accepted')],
      not: [wrote('refused', false, true), wrote('refused', true), wrote('other')],
    },
    {
      id: 'resent-refused',
      name:
        'the stored aggregate id sent again is refused as a field that does not change (a read-only member), with a validation message ' +
        'other than "Cannot change Aggregate ID for an existing activity", whose condition does not hold',
      frameworks: ['read-only members refused on input (DRF read_only fields with strict input, JSON Schema readOnly enforced)'],
      holds: (s: WriteShown) => refusedWithMessage(s) && !s.saysMessage,
      shows: [wrote('refused', false, true)],
      not: [wrote('accepted'), wrote('refused', true), wrote('refused', false, false)],
    },
  ],
});

/** What the provider field's name was: the name a create carried the provider object under, and whether the create was taken. */
export interface ProviderFieldShown {
  readonly name: string;
  readonly taken: boolean;
}

const providerName = (id: string, name: string, frameworks: string[]) => ({
  id,
  name: `the provider object is called "${name}"`,
  frameworks,
  holds: (s: ProviderFieldShown) => s.taken && s.name === name,
  shows: [{ name, taken: true }],
  not: [
    { name, taken: false },
    { name: 'vendor', taken: true },
  ],
});

/** The provider field's reading ids and the names they stand for (a statement declaring one makes the suite send that name). */
export const PROVIDER_FIELD_NAMES: Readonly<Record<string, string>> = Object.freeze({
  provider: 'provider',
  service: 'service',
  'the-service': 'theService',
});

export const LEARNING_PROVIDER_FIELD_NAME: ReadingsEntry<ProviderFieldShown> = defineReadings({
  id: 'learning.provider.field',
  decision: 'D26',
  clause: 'learning.provider',
  question:
    '001 §2 names a field "the service" (a vendor\'s name was taken out): under which JSON name does a create carry the provider object {id}?',
  judgedBy: 'setup',
  readings: [
    providerName('provider', 'provider', ["the suite's schemas and the reference server"]),
    providerName('service', 'service', []),
    providerName('the-service', 'theService', []),
  ],
});

/** What an aggregate id was shown as: the value of `aggregateId` in the 201 body. */
export interface AggregateIdShown {
  readonly value: unknown;
}

export const LEARNING_AGGREGATE_ID: ReadingsEntry<AggregateIdShown> = defineReadings({
  id: 'learning.aggregate-id.type',
  decision: 'D27',
  clause: 'learning.aggregateId',
  question:
    '001 §2 "aggregateId | identifier of the activity" and 001 §4 "{id integer, aggregateId identifier, url string}": of which JSON type?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'string',
      name: 'a non-empty string (a UUID, a key)',
      frameworks: ['UUID keys (Java UUID, .NET Guid, Postgres uuid serialised as text)'],
      holds: (s: AggregateIdShown) => typeof s.value === 'string' && s.value.trim() !== '',
      shows: [{ value: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' }, { value: 'AGG-42' }],
      not: [{ value: '' }, { value: 42 }, { value: null }],
    },
    {
      id: 'integer',
      name: 'an integer',
      frameworks: ['numeric keys (a sequence, a bigint)'],
      holds: (s: AggregateIdShown) => typeof s.value === 'number' && Number.isInteger(s.value),
      shows: [{ value: 42 }],
      not: [{ value: 4.2 }, { value: '42' }, { value: true }, { value: { id: 1 } }],
    },
  ],
});

export const LEARNING_UNISSUED_IDS: ReadingsEntry<WriteShown> = defineReadings({
  id: 'learning.ids.unissued',
  decision: 'D39',
  clause: 'learning.provider',
  question:
    '001 §2 "the id is issued to the integrator at registration" (provider) and "issued at registration" (owner): is a create carrying ' +
    'another id refused, or taken?',
  judgedBy: 'validation',
  readings: [
    {
      id: 'unissued-accepted',
      name: 'another id is taken (the sentence says where ids come from, not that others are refused)',
      frameworks: ['ids stored as given, not looked up'],
      holds: accepted,
      shows: [wrote('accepted')],
      not: [wrote('refused', false, true), wrote('other')],
    },
    {
      id: 'unissued-refused',
      name: 'another id is refused with a validation message',
      frameworks: ['ids looked up against the registered integrators'],
      holds: refusedWithMessage,
      shows: [wrote('refused', false, true)],
      not: [wrote('accepted'), wrote('refused', false, false)],
    },
  ],
});

export const LEARNING_PUBLIC_PRIVATE: ReadingsEntry<WriteShown> = defineReadings({
  id: 'learning.access-level.public-private',
  decision: 'D40',
  clause: 'learning.state.access-levels',
  question:
    '001 §3 forbids changes to and from orgwide only, and 001 §7.2 "The list is not exhaustive": may a public activity become private, ' +
    'and a private one public?',
  judgedBy: 'access-level',
  readings: [
    {
      id: 'change-allowed',
      name: 'the change is an update like any other: 200 ("update 200", 001 §4)',
      frameworks: [],
      holds: (s: WriteShown) => accepted(s) && s.status === 200,
      shows: [wrote('accepted', false, false, 200)],
      not: [wrote('accepted', false, false, 201), wrote('refused', false, true), wrote('other')],
    },
    {
      id: 'change-refused',
      name: 'the change is refused with a validation message (a rule of the list that is not exhaustive)',
      frameworks: [],
      holds: refusedWithMessage,
      shows: [wrote('refused', false, true)],
      not: [wrote('accepted'), wrote('refused', false, false)],
    },
  ],
});

export const LEARNING_ID_NUMERIC_STRING: ReadingsEntry<WriteShown> = defineReadings({
  id: 'learning.provider.id-string',
  decision: 'D45',
  clause: 'learning.provider',
  question:
    '001 §2 "object `{id}`, id integer": is an id sent as a numeric string ("4100") read as the integer, or refused? No sentence says how a ' +
    'value of another JSON type is read (D32).',
  judgedBy: 'validation',
  readings: [
    {
      id: 'coerced',
      name: 'the numeric string is read as the integer and the create taken',
      frameworks: ['Jackson (ALLOW_COERCION_OF_SCALARS, on by default)', 'pydantic lax mode', 'ASP.NET with AllowReadingFromString'],
      holds: accepted,
      shows: [wrote('accepted')],
      not: [wrote('refused', false, true), wrote('other')],
    },
    {
      id: 'refused',
      name: 'the numeric string is refused as the wrong type',
      frameworks: ['System.Text.Json (default)', 'pydantic strict mode', 'JSON Schema validators'],
      holds: (s: WriteShown) => s.outcome === 'refused',
      shows: [wrote('refused', false, true), wrote('refused', false, false)],
      not: [wrote('accepted'), wrote('other')],
    },
  ],
});

/** What a refusal carrying a 001 §7.2 message showed: its body, the message, and the request's path (for bodyText). */
export interface MessageShown {
  readonly body: string;
  readonly message: string;
  readonly requestPath: string;
}

const MESSAGE = 'Cannot change access level to org-wide';
const said = (body: unknown): MessageShown => ({
  body: typeof body === 'string' ? body : JSON.stringify(body),
  message: MESSAGE,
  requestPath: '/v3/tenant/learning/activities/externalId/a-1',
});
const texts = (s: MessageShown): readonly string[] => bodyText(s.body, s.requestPath).texts;

export const LEARNING_MESSAGE_WORDING: ReadingsEntry<MessageShown> = defineReadings({
  id: 'learning.message.surroundings',
  decision: 'D45',
  clause: 'v3.gap.errors',
  question:
    '001 §7.2 gives each message, and 001 §7.4 "HTTP status codes per operation and error body format: not shown": what may stand around ' +
    'the message in the body (a full stop, a field name, other words)?',
  judgedBy: 'validation-message',
  readings: [
    {
      id: 'as-given',
      name: 'a text of the body is the message as given',
      frameworks: [],
      holds: (s: MessageShown) => texts(s).some((t) => t === s.message),
      shows: [said({ message: MESSAGE }), said(`${MESSAGE}\n`), said({ errors: [{ field: 'accessLevel', message: MESSAGE }] })],
      not: [said({ message: `${MESSAGE}.` }), said({ message: 'Cannot change access level to orgwide' })],
    },
    {
      id: 'full-stop',
      name: 'a text of the body is the message ended by a full stop (or another closing mark)',
      frameworks: ['message bundles written as sentences (Spring MessageSource, Rails I18n)'],
      holds: (s: MessageShown) => texts(s).some((t) => t.length === s.message.length + 1 && t.startsWith(s.message) && /[.!]$/.test(t)),
      shows: [said({ message: `${MESSAGE}.` })],
      not: [said({ message: MESSAGE }), said({ message: `${MESSAGE.toLowerCase()}.` })],
    },
    {
      id: 'within-text',
      name: 'the message word for word within a longer text (a field name before it, more words after it)',
      frameworks: ['DRF non_field_errors joined', 'class-validator "property: message"'],
      holds: (s: MessageShown) => texts(s).some((t) => t !== s.message && t.includes(s.message) && t.length > s.message.length + 1),
      shows: [said({ detail: `accessLevel: ${MESSAGE}` }), said({ message: `${MESSAGE}; the activity stays public` })],
      not: [said({ message: MESSAGE }), said({ message: 'accessLevel: Cannot change the access level to org-wide' })],
    },
  ],
});

export const LEARNING_MEDIA_TYPE: ReadingsEntry<{ readonly contentType: string | null }> = defineReadings({
  id: 'learning.create.media-type',
  decision: 'D47',
  clause: 'v3.json-bodies',
  question:
    '001 §4 "All bodies are JSON.": how is the 201 body of a learning create labelled? RFC 8259 §11 registers application/json, RFC 6839 ' +
    '§3.1 the +json suffix; a body may also come without a Content-Type.',
  judgedBy: 'json-body',
  readings: [
    {
      id: 'application-json',
      name: 'application/json (a charset parameter allowed)',
      frameworks: ['Spring, ASP.NET, Express res.json, FastAPI'],
      holds: (s) => s.contentType !== null && mediaTypeOf(s.contentType) === 'application/json',
      shows: [{ contentType: 'application/json' }, { contentType: 'application/json; charset=utf-8' }],
      not: [{ contentType: 'application/problem+json' }, { contentType: 'text/html' }],
    },
    {
      id: 'json-suffix',
      name: 'a +json media type (RFC 6839 §3.1), e.g. application/hal+json or application/vnd.api+json',
      frameworks: ['Spring HATEOAS (application/hal+json)', 'JSON:API servers'],
      holds: (s) => s.contentType !== null && /^[a-z]+\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaTypeOf(s.contentType)),
      shows: [{ contentType: 'application/hal+json' }, { contentType: 'application/vnd.api+json; charset=utf-8' }],
      not: [{ contentType: 'application/json' }, { contentType: 'text/json-ish' }],
    },
    {
      id: 'unlabelled',
      name: 'no Content-Type at all (the body itself is JSON)',
      frameworks: ['hand-written servers that write the body without a header'],
      holds: (s) => s.contentType === null || s.contentType.trim() === '',
      shows: [{ contentType: null }],
      not: [{ contentType: 'text/plain' }],
    },
  ],
});

function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export const LEARNING_COST_NULLED: ReadingsEntry<WriteShown> = defineReadings({
  id: 'learning.costs.nulled',
  decision: 'D48',
  clause: 'learning.rule.update',
  question:
    '001 §4 "sending a field as null removes its value": an update sending costs {attendenceCost: null} on an activity whose only cost it ' +
    'is leaves a currency code without any cost. Is that update taken (the cost removed), or refused because of what it leaves?',
  judgedBy: 'state',
  readings: [
    {
      id: 'cost-removed',
      name: 'the update is taken and the cost removed (merged into the stored costs, or replacing them)',
      frameworks: ['JSON Merge Patch (RFC 7396)', 'ORMs updating the members sent'],
      holds: accepted,
      shows: [wrote('accepted')],
      not: [wrote('refused', true), wrote('other')],
    },
    {
      id: 'currency-left-refused',
      name: 'the update is refused because the activity it leaves has a currency code without any cost (a validation message)',
      frameworks: ['validation of the record as it would be stored'],
      holds: refusedWithMessage,
      shows: [wrote('refused', true), wrote('refused', false, true)],
      not: [wrote('accepted'), wrote('refused', false, false)],
    },
  ],
});

export const V3_LEARNING_READINGS = [
  LEARNING_PROVIDER_FIELD_NAME,
  LEARNING_AGGREGATE_ID,
  LEARNING_UNISSUED_IDS,
  LEARNING_PUBLIC_PRIVATE,
  LEARNING_ID_NUMERIC_STRING,
  LEARNING_MESSAGE_WORDING,
  LEARNING_ZERO_COST,
  LEARNING_MEDIA_TYPE,
  LEARNING_COST_NULLED,
  LEARNING_AGGREGATE_RESENT,
] as const;
