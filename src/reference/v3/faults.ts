/**
 * HR core and Learning v3 faults and variants of the reference server (001_a9e2e7eab7c908bd.txt).
 * Each is only ever active by name; the handlers test them through `on(behaviour, name)`, whose
 * argument is typed from these lists, so a handler cannot test a name the catalogue does not hold.
 */
import type { ApiName } from '../../catalogue/types';
import type { CheckName } from '../../checks/names';
import type { Behaviour } from '../behaviour';
import type { FaultSpec, VariantSpec } from '../catalogue-types';

function fault<const N extends string>(name: N, api: ApiName, clause: string, expectedCheck: CheckName, description: string): FaultSpec & { name: N } {
  return { name, api, clause, expectedCheck, description };
}

function variant<const N extends string>(name: N, api: ApiName, clause: string, description: string, env?: Record<string, string>): VariantSpec & { name: N } {
  return { name, api, clause, description, ...(env ? { env } : {}) };
}

const LIFETIME = '001 §5.3 / §8: tokens live 300 seconds';
const TOKEN_REQUIRED = '001 §5.1: the service operations need an OAuth 2.0 bearer token (JWT) obtained through the client credentials grant';
const WRITE_RULE_1 = '001 §4 shared write rule 1: create requires the fields named per record in part 2; update requires externalId plus at least one other field';
const BU_PARENT = '001 §2 Business unit: levelNExternalId required when the record is level N+1';
const BU_ARCHIVE = '001 §3: a business unit referenced by a lower-level business unit is not archived, the request is refused';
const MSG = '001 §7.2 learning validation messages';

export const V3_FAULTS = [
  // --- token endpoint (001 §5) ---
  fault('hr.token.expires-in-3600', 'hr', LIFETIME, 'token', 'The token response says expires_in 3600 and the JWT exp claim is iat + 3600.'),
  fault('hr.token.exp-claim-3600', 'hr', LIFETIME, 'token', 'expires_in says 300 but the JWT exp claim is iat + 3600.'),
  fault('hr.token.no-exp-claim', 'hr', LIFETIME, 'token', 'The JWT carries no exp claim: the token never expires.'),
  fault('hr.token.type-missing', 'hr', '001 §5.1: an OAuth 2.0 bearer token (RFC 6749 §5.1: token_type is required)', 'token', 'The token response has no token_type.'),
  fault('hr.token.unknown-client-accepted', 'hr', '001 §5.4: client id and client secret are issued per environment (RFC 6749 §5.2: invalid_client, 401)', 'auth-enforced', 'The token endpoint issues a token for an unknown client id or a wrong secret.'),
  fault('hr.token.scope-always-granted', 'hr', '001 §5.2: the token request must ask for the scope Public.HrCore.Write', 'scope', 'Every token carries Public.HrCore.Write whatever scope was asked for, while the response\'s scope field echoes only what was asked.'),
  // --- bearer tokens at the API (001 §5) ---
  fault('hr.auth.token-not-required', 'hr', TOKEN_REQUIRED, 'auth-enforced', 'HR core writes succeed without an Authorization header.'),
  fault('hr.auth.any-bearer-accepted', 'hr', TOKEN_REQUIRED, 'auth-enforced', 'Any non-empty bearer value is accepted (malformed tokens included).'),
  fault('hr.auth.signature-not-verified', 'hr', TOKEN_REQUIRED, 'auth-enforced', 'A well-formed JWT whose signature does not verify is accepted.'),
  fault('hr.auth.foreign-client-token-accepted', 'hr', '001 §1 / §5.4: credentials are issued per tenant and environment; a token of another tenant\'s client is not valid here', 'auth-enforced', 'A token issued to another tenant\'s client (aud of that tenant) is accepted.'),
  fault('learning.auth.token-not-required', 'learning', '001 §5.1 / §5.5: the learning operations are called with a bearer token (their scope is not shown)', 'auth-enforced', 'Learning writes succeed without an Authorization header.'),
  fault('hr.scope.not-enforced', 'hr', '001 §5.2: the service operations need the scope Public.HrCore.Write', 'scope', 'HR core writes accept a valid token that lacks Public.HrCore.Write.'),
  // --- HR core shared write rules (001 §4) ---
  fault('hr.write.externalid-not-required', 'hr', '001 §2 Employee: externalId required in every request', 'validation', 'A write without externalId is accepted (an id is made up).'),
  fault('hr.write.update-only-externalid-accepted', 'hr', WRITE_RULE_1, 'validation', 'An update of an existing record carrying only externalId is accepted.'),
  fault('hr.write.no-validation-message', 'hr', '001 §4 shared write rule 4: a missing required field yields a validation message in the response', 'validation-message', 'Validation refusals are 400 with an empty body.'),
  fault('hr.write.validation-answered-200', 'hr', '001 §7.1: failed validation returns a validation message (a refusal, not a success)', 'validation', 'Validation failures are answered 200 with an error body.'),
  fault('hr.write.null-field-500', 'hr', '001 §4 shared write rule 2: a field sent as null is removed', 'no-server-error', 'An update with a null field answers 500.'),
  fault('hr.bu.level2-parent-not-required', 'hr', BU_PARENT, 'hierarchy', 'A level 2 business unit is created without level1ExternalId.'),
  fault('hr.bu.level3-parent-not-required', 'hr', BU_PARENT, 'hierarchy', 'A level 3 business unit is created without level2ExternalId.'),
  fault('hr.bu.level4-parent-not-required', 'hr', BU_PARENT, 'hierarchy', 'A level 4 business unit is created without level3ExternalId.'),
  fault('hr.bu.archive-referenced-accepted', 'hr', BU_ARCHIVE, 'hierarchy', 'A business unit that a live lower-level unit references is archived anyway.'),
  fault('hr.bu.archive-after-child-archived-refused', 'hr', '001 §3: a business unit not referenced by a lower-level business unit is archived', 'hierarchy', 'Archived lower-level units still block archiving their parent.'),
  fault('hr.bu.create-without-name-accepted', 'hr', '001 §2 Business unit: name required on create', 'validation', 'A business unit is created without a name.'),
  fault('hr.position.create-without-name-accepted', 'hr', '001 §2 Position: name required on create', 'validation', 'A position is created without a name.'),
  fault('hr.employee.reference-unknown-200', 'hr', '001 §4: PUT /employee/{employeeId} sets the externalId of an employee created at offer acceptance', 'status', 'PUT /employee/{employeeId} with an unknown id answers 200.'),
  // --- learning activities (001 §4, §7.2) ---
  fault('learning.create.status-200', 'learning', '001 §4: PUT /learning/activities/externalId/{externalId} create -> 201', 'status', 'Creating an activity answers 200 instead of 201.'),
  fault('learning.create.no-aggregate-id', 'learning', '001 §4: create -> 201 with body {id integer, aggregateId identifier, url string}', 'schema', 'The 201 body has no aggregateId.'),
  fault('learning.create.id-as-string', 'learning', '001 §4: create -> 201 with body {id integer, aggregateId identifier, url string}', 'schema', 'The 201 body carries id as a string.'),
  fault('learning.create.required-not-checked', 'learning', '001 §4: create: the service, owner, accessLevel, title required', 'validation', 'An activity is created without a title.'),
  fault('learning.create.unregistered-provider-accepted', 'learning', '001 §2 Learning activity: the provider id is issued to the integrator at registration', 'validation', 'An activity is created with a provider id that was never registered.'),
  fault('learning.update.trailing-slash-404', 'learning', '001 §4: the update path may end with a slash', 'status', 'The path with a trailing slash answers 404.'),
  fault('learning.update.status-201', 'learning', '001 §4: update 200', 'status', 'Updating an existing activity answers 201.'),
  fault('learning.archive.status-204', 'learning', '001 §3: learning activity PUT with isArchived true -> archived, 200', 'status', 'Archiving an activity answers 204.'),
  fault('learning.null-field-500', 'learning', '001 §4 learning update rules: sending a field as null removes its value', 'no-server-error', 'An update with a null field answers 500.'),
  fault('learning.validation-answered-200', 'learning', '001 §7.1: failed validation returns a validation message', 'validation', 'Learning validation failures are answered 200 with the error body.'),
  fault('learning.msg.from-orgwide-reworded', 'learning', MSG, 'validation-message', 'Says "Cannot change access level from orgwide" (no hyphen).'),
  fault('learning.msg.to-orgwide-reworded', 'learning', MSG, 'validation-message', 'Says "Cannot change access level to orgwide" (no hyphen).'),
  fault('learning.msg.aggregate-id-reworded', 'learning', MSG, 'validation-message', 'Says "Cannot change aggregateId for an existing activity".'),
  fault('learning.msg.cost-without-currency-reworded', 'learning', MSG, 'validation-message', 'Says "If cost is supplied then currency also needs to be supplied".'),
  fault('learning.msg.currency-without-cost-reworded', 'learning', MSG, 'validation-message', 'Says "If currency code is supplied a cost also needs to be supplied".'),
  fault('learning.msg.content-type-reworded', 'learning', MSG, 'validation-message', 'Says "Invalid content type for access level".'),
  fault('learning.msg.field-access-level-reworded', 'learning', MSG, 'validation-message', 'Says "Field is not valid for access level".'),
  fault('learning.msg.image-reworded', 'learning', MSG, 'validation-message', 'Says "Image not found".'),
  fault('learning.msg.generic', 'learning', MSG, 'validation-message', 'Every learning validation failure says only "Bad Request".'),
  fault('learning.access.from-orgwide-allowed', 'learning', '001 §3: an orgwide activity cannot change to public or private', 'validation', 'An orgwide activity may be changed to private.'),
  fault('learning.access.to-orgwide-allowed', 'learning', '001 §3: a public or private activity cannot change to orgwide', 'validation', 'A private activity may be changed to orgwide.'),
  fault('learning.aggregate-id-change-allowed', 'learning', '001 §2 / §7.2: aggregateId is set at creation, never changed', 'validation', 'An update may change the aggregate id.'),
  fault('learning.costs.cost-without-currency-accepted', 'learning', `${MSG}: a cost field sent without currency.code`, 'validation', 'A cost without currency.code is accepted.'),
  fault('learning.costs.currency-without-cost-accepted', 'learning', `${MSG}: currency.code sent without any cost`, 'validation', 'currency.code without any cost is accepted.'),
  fault('learning.content.scormcourse-on-private-accepted', 'learning', '001 §2: content types other than text and weblink only at orgwide', 'validation', 'A private activity may use content type scormcourse.'),
  fault('learning.field.code-on-public-accepted', 'learning', '001 §2: code applies only to orgwide activities', 'validation', 'A public activity may carry a code.'),
  fault('learning.image.unknown-key-accepted', 'learning', `${MSG}: image.tempKey does not exist in temporary storage`, 'validation', 'An image key that does not exist is accepted.'),
] as const;

const STATUS_SILENT = '001 §4 Gaps: response bodies and success status codes of the service operations are not shown';
const ERRORS_SILENT = '001 §7.4: HTTP status codes per operation and error body format are not shown';

export const V3_VARIANTS = [
  variant('hr.variant.write-201-on-create', 'hr', STATUS_SILENT, 'HR core creates answer 201; updates and archives 200.'),
  variant('hr.variant.write-204', 'hr', STATUS_SILENT, 'Every successful HR core write answers 204 without a body.'),
  variant('hr.variant.write-202', 'hr', STATUS_SILENT, 'Every successful HR core write answers 202 {externalId, status: "accepted"}.'),
  variant('hr.variant.validation-422', 'hr', ERRORS_SILENT, 'HR core validation failures answer 422 instead of 400.'),
  variant('hr.variant.error-text', 'hr', ERRORS_SILENT, 'HR core validation failures carry a text/plain body, one message a line.'),
  variant('hr.variant.error-errors-array', 'hr', ERRORS_SILENT, 'HR core validation failures carry {errors: [{field, message}]} only.'),
  variant('hr.variant.error-message-only', 'hr', ERRORS_SILENT, 'HR core validation failures carry {message} only (messages joined by "; ").'),
  variant('hr.variant.problem-json', 'hr', ERRORS_SILENT, 'HR core and learning errors are application/problem+json {type, title, status, detail, errors}.'),
  variant('hr.variant.json-charset', 'hr', '001 §4: all bodies are JSON (parameters of the media type are not shown)', 'Every v3 JSON answer (token endpoint included) is "application/json; charset=utf-8".'),
  variant('hr.variant.token-basic-only', 'hr', '001 §5.1: client credentials grant; the client authentication method is not shown', 'The token endpoint accepts only HTTP basic client authentication.', { HR_TOKEN_AUTH: 'basic' }),
  variant('hr.variant.token-no-scope-echo', 'hr', '001 §5.2 (RFC 6749 §5.1: scope may be left out when it is the scope asked for)', 'The token response has no scope field.'),
  variant('hr.variant.token-opaque', 'hr', '001 §5.1 names a JWT, but the token is opaque to the client (RFC 6749 §1.4)', 'Access tokens are opaque random strings kept by the server, not JWTs.'),
  variant('hr.variant.token-type-lowercase', 'hr', '001 §5.1 (RFC 6749 §5.1: token_type is case insensitive)', 'token_type is "bearer".'),
  variant('learning.variant.validation-422', 'learning', ERRORS_SILENT, 'Learning validation failures answer 422 instead of 400.'),
  variant('learning.variant.error-text', 'learning', ERRORS_SILENT, 'Learning validation failures carry a text/plain body, one message a line.'),
  variant('learning.variant.error-message-only', 'learning', ERRORS_SILENT, 'Learning validation failures carry {message} only (messages joined by "; ").'),
  variant('learning.variant.update-empty-body', 'learning', '001 §4 Gaps: response body of learning updates not shown', 'Learning updates answer 200 without a body.'),
  variant('learning.variant.update-full-activity', 'learning', '001 §4 Gaps: response body of learning updates not shown', 'Learning updates answer 200 with the whole stored activity.'),
] as const;

export type V3FaultName = (typeof V3_FAULTS)[number]['name'];
export type V3VariantName = (typeof V3_VARIANTS)[number]['name'];

/** True when the named v3 fault or variant is switched on. */
export function on(behaviour: Behaviour, name: V3FaultName | V3VariantName): boolean {
  return behaviour.has(name);
}
