/**
 * HR core and Learning v3 faults and variants of the reference server (001_a9e2e7eab7c908bd.txt).
 * Each is only ever active by name; the handlers test them through `on(behaviour, name)` (../switches.ts),
 * whose argument is typed from these lists, so a handler cannot test a name the catalogue does not hold.
 *
 * A fault names the clause it breaks (src/clauses/registry.ts) and the check that must catch it;
 * the pair compiles only when that check cites that clause (../fault-factory.ts). A variant names
 * the clause whose silence or latitude makes it lawful.
 */
import { defineFault, defineVariant } from '../fault-factory';

export const V3_FAULTS = [
  // --- token endpoint (001 §5) ---
  defineFault(
    'hr',
    'hr.token.expires-in-3600',
    'v3.auth.lifetime',
    'token',
    'The token response says expires_in 3600 and the JWT exp claim is iat + 3600.',
  ),
  defineFault('hr', 'hr.token.exp-claim-3600', 'v3.auth.lifetime', 'token', 'expires_in says 300 but the JWT exp claim is iat + 3600.'),
  defineFault('hr', 'hr.token.type-missing', 'v3.auth.token', 'token', 'The token response has no token_type (RFC 6749 §5.1: REQUIRED).'),
  defineFault(
    'hr',
    'hr.token.opaque',
    'v3.auth.token',
    'token',
    'Access tokens are opaque random strings kept by the server, not the JWT 001 §5.1 names.',
  ),
  defineFault(
    'hr',
    'hr.token.unknown-client-accepted',
    'v3.auth.token',
    'auth-enforced',
    'The token endpoint issues a token for an unknown client id or a wrong secret (RFC 6749 §5.2: invalid_client).',
  ),
  defineFault(
    'hr',
    'hr.token.multi-scope-not-granted',
    'v3.auth.scope',
    'scope',
    'Public.HrCore.Write is granted only when it is requested alone: asked among several space-separated scopes it is left ' +
      "out of the token, while the response's scope field echoes what was asked.",
  ),
  defineFault(
    'hr',
    'hr.token.scope-always-granted',
    'v3.auth.scope',
    'scope',
    "Every token carries Public.HrCore.Write whatever scope was asked for, while the response's scope field echoes only what was asked (RFC 6749 §3.3).",
  ),
  // --- bearer tokens at the API (001 §5) ---
  defineFault(
    'hr',
    'hr.auth.token-not-required',
    'v3.auth.token',
    'auth-enforced',
    'HR core writes succeed without an Authorization header.',
  ),
  defineFault(
    'hr',
    'hr.auth.any-bearer-accepted',
    'v3.auth.token',
    'auth-enforced',
    'Any non-empty bearer value is accepted (malformed tokens included).',
  ),
  defineFault(
    'hr',
    'hr.auth.signature-not-verified',
    'v3.auth.token',
    'auth-enforced',
    'A well-formed JWT whose signature does not verify is accepted.',
  ),
  defineFault(
    'hr',
    'hr.auth.expired-token-accepted',
    'v3.auth.lifetime',
    'auth-enforced',
    'Tokens state a 3-second life (expires_in 3, exp = iat + 3) but the API never checks exp: a token is accepted long after ' +
      'its stated lifetime.',
  ),
  defineFault(
    'hr',
    'hr.auth.reference-no-token-404',
    'v3.auth.token',
    'auth-enforced',
    'PUT /employee/{employeeId} answers 404 (as if the route did not exist) to a request without a token; with a valid token ' +
      'the route answers.',
  ),
  defineFault(
    'learning',
    'learning.auth.token-not-required',
    'learning.auth.scope',
    'auth-enforced',
    'Learning writes succeed without an Authorization header (001 §5.5: the scope they require is not shown, not that they require none).',
  ),
  defineFault(
    'hr',
    'hr.scope.not-enforced',
    'v3.auth.scope',
    'scope',
    'HR core writes accept a valid token that lacks Public.HrCore.Write.',
  ),
  // --- HR core shared write rules (001 §2, §3, §4) ---
  defineFault(
    'hr',
    'hr.write.externalid-not-required',
    'hr.employee.externalId',
    'validation',
    'A write without externalId is accepted (an id is made up).',
  ),
  defineFault(
    'hr',
    'hr.write.update-only-externalid-accepted',
    'hr.rule.required',
    'validation',
    'An update of an existing record carrying only externalId is accepted.',
  ),
  defineFault(
    'hr',
    'hr.write.no-validation-message',
    'hr.rule.message',
    'validation-message',
    'Validation refusals are 400 with an empty body.',
  ),
  defineFault(
    'hr',
    'hr.write.validation-answered-200',
    'v3.error.validation',
    'validation',
    'Validation failures are answered 200 with an error body, as if the write had succeeded.',
  ),
  defineFault(
    'hr',
    'hr.write.update-replaces-record',
    'hr.rule.omitted-kept',
    'state',
    'An update replaces the stored record with the fields sent: omitted fields are dropped (a business unit updated without ' +
      'its parent id no longer references the parent, which then archives).',
  ),
  defineFault('hr', 'hr.write.null-field-500', 'hr.rule.omitted-kept', 'no-server-error', 'An update with a null field answers 500.'),
  defineFault(
    'hr',
    'hr.bu.level2-parent-not-required',
    'hr.bu.level1ExternalId',
    'hierarchy',
    'A level 2 business unit is created without level1ExternalId.',
  ),
  defineFault(
    'hr',
    'hr.bu.level3-parent-not-required',
    'hr.bu.level2ExternalId',
    'hierarchy',
    'A level 3 business unit is created without level2ExternalId.',
  ),
  defineFault(
    'hr',
    'hr.bu.level4-parent-not-required',
    'hr.bu.level3ExternalId',
    'hierarchy',
    'A level 4 business unit is created without level3ExternalId.',
  ),
  defineFault(
    'hr',
    'hr.bu.archive-referenced-accepted',
    'hr.state.bu-archive-refused',
    'hierarchy',
    'A business unit that a live lower-level unit references is archived anyway.',
  ),
  defineFault(
    'hr',
    'hr.bu.refused-archive-applied',
    'hr.state.bu-archive-refused',
    'state',
    'The archive of a business unit that a live lower-level unit references is refused (400) but the unit is archived all the ' +
      'same: asked again it archives, and a child create under it is refused.',
  ),
  defineFault('hr', 'hr.bu.create-without-name-accepted', 'hr.bu.name', 'validation', 'A business unit is created without a name.'),
  defineFault('hr', 'hr.position.create-without-name-accepted', 'hr.position.name', 'validation', 'A position is created without a name.'),
  // --- learning activities (001 §3, §4, §7.2) ---
  defineFault('learning', 'learning.create.status-200', 'learning.op.put', 'status', 'Creating an activity answers 200 instead of 201.'),
  defineFault('learning', 'learning.create.no-aggregate-id', 'learning.op.put', 'schema', 'The 201 body has no aggregateId.'),
  defineFault('learning', 'learning.create.id-as-string', 'learning.op.put', 'schema', 'The 201 body carries id as a string.'),
  defineFault(
    'learning',
    'learning.create.required-not-checked',
    'learning.title',
    'validation',
    'An activity is created without a title.',
  ),
  defineFault(
    'learning',
    'learning.update.trailing-slash-404',
    'learning.rule.trailing-slash',
    'status',
    'The path with a trailing slash answers 404.',
  ),
  defineFault('learning', 'learning.update.status-201', 'learning.op.put', 'status', 'Updating an existing activity answers 201.'),
  defineFault('learning', 'learning.archive.status-204', 'learning.state.archive', 'status', 'Archiving an activity answers 204.'),
  defineFault(
    'learning',
    'learning.update.null-ignored',
    'learning.rule.update',
    'state',
    'A field sent as null in an update is accepted (200) but ignored: the stored value is kept.',
  ),
  defineFault('learning', 'learning.null-field-500', 'learning.rule.update', 'no-server-error', 'An update with a null field answers 500.'),
  defineFault(
    'learning',
    'learning.validation-answered-200',
    'v3.error.validation',
    'validation',
    'Learning validation failures are answered 200 with the error body, as if the write had succeeded.',
  ),
  defineFault(
    'learning',
    'learning.validation.no-message',
    'v3.error.validation',
    'validation-message',
    'Learning validation refusals are 400 with an empty body.',
  ),
  defineFault(
    'learning',
    'learning.msg.from-orgwide-reworded',
    'learning.msg.from-orgwide',
    'validation-message',
    'Says "Cannot change access level from orgwide" (no hyphen).',
  ),
  defineFault(
    'learning',
    'learning.msg.to-orgwide-reworded',
    'learning.msg.to-orgwide',
    'validation-message',
    'Says "Cannot change access level to orgwide" (no hyphen).',
  ),
  defineFault(
    'learning',
    'learning.msg.aggregate-id-reworded',
    'learning.msg.aggregate-id',
    'validation-message',
    'Says "Cannot change aggregateId for an existing activity".',
  ),
  defineFault(
    'learning',
    'learning.msg.cost-without-currency-reworded',
    'learning.msg.cost-needs-currency',
    'validation-message',
    'Says "If cost is supplied then currency also needs to be supplied".',
  ),
  defineFault(
    'learning',
    'learning.msg.currency-without-cost-reworded',
    'learning.msg.currency-needs-cost',
    'validation-message',
    'Says "If currency code is supplied a cost also needs to be supplied".',
  ),
  defineFault(
    'learning',
    'learning.msg.content-type-reworded',
    'learning.msg.content-type',
    'validation-message',
    'Says "Invalid content type for access level".',
  ),
  defineFault(
    'learning',
    'learning.msg.field-access-level-reworded',
    'learning.msg.field-access-level',
    'validation-message',
    'Says "Field is not valid for access level".',
  ),
  defineFault('learning', 'learning.msg.image-reworded', 'learning.msg.image', 'validation-message', 'Says "Image not found".'),
  defineFault(
    'learning',
    'learning.msg.generic',
    'learning.msg.from-orgwide',
    'validation-message',
    'Every learning validation failure says only "Bad Request" (first of the §7.2 rows it breaks: the access-level change from orgwide).',
  ),
  defineFault(
    'learning',
    'learning.access.from-orgwide-allowed',
    'learning.msg.from-orgwide',
    'validation',
    'An orgwide activity may be changed to private.',
  ),
  defineFault(
    'learning',
    'learning.access.to-orgwide-allowed',
    'learning.msg.to-orgwide',
    'validation',
    'A private activity may be changed to orgwide.',
  ),
  defineFault(
    'learning',
    'learning.aggregate-id-change-allowed',
    'learning.msg.aggregate-id',
    'validation',
    'An update may change the aggregate id.',
  ),
  defineFault(
    'learning',
    'learning.costs.cost-without-currency-accepted',
    'learning.msg.cost-needs-currency',
    'validation',
    'A cost without currency.code is accepted.',
  ),
  defineFault(
    'learning',
    'learning.costs.currency-without-cost-accepted',
    'learning.msg.currency-needs-cost',
    'validation',
    'currency.code without any cost is accepted.',
  ),
  defineFault(
    'learning',
    'learning.costs.rule-skipped-on-update',
    'learning.msg.cost-needs-currency',
    'validation',
    'The cost and currency rules of 001 §7.2 are applied on create only: an update sending a cost without currency.code, or ' +
      'currency.code without a cost, is accepted.',
  ),
  defineFault(
    'learning',
    'learning.content.scormcourse-on-private-accepted',
    'learning.msg.content-type',
    'validation',
    'A private activity may use content type scormcourse.',
  ),
  defineFault(
    'learning',
    'learning.field.code-on-public-accepted',
    'learning.msg.field-access-level',
    'validation',
    'A public activity may carry a code.',
  ),
  defineFault(
    'learning',
    'learning.image.unknown-key-accepted',
    'learning.msg.image',
    'validation',
    'An image key that does not exist is accepted.',
  ),
] as const;

export const V3_VARIANTS = [
  // HR core successes (001 §4 Gaps: "Response bodies and success status codes of the the service operations: not shown.")
  defineVariant('hr', 'hr.variant.write-201-on-create', 'hr.gap.responses', 'HR core creates answer 201; updates and archives 200.'),
  defineVariant('hr', 'hr.variant.write-204', 'hr.gap.responses', 'Every successful HR core write answers 204 without a body.'),
  defineVariant(
    'hr',
    'hr.variant.write-202',
    'hr.gap.responses',
    'Every successful HR core write answers 202 {externalId, status: "accepted"}.',
  ),
  defineVariant('hr', 'hr.variant.write-200-empty', 'hr.gap.responses', 'Every successful HR core write answers 200 with an empty body.'),
  // Errors (001 §7.4: "HTTP status codes per operation and error body format: not shown.")
  defineVariant('hr', 'hr.variant.validation-422', 'v3.gap.errors', 'HR core validation failures answer 422 instead of 400.'),
  defineVariant('hr', 'hr.variant.error-text', 'v3.gap.errors', 'HR core validation failures carry a text/plain body, one message a line.'),
  defineVariant(
    'hr',
    'hr.variant.error-errors-array',
    'v3.gap.errors',
    'HR core validation failures carry {errors: [{field, message}]} only.',
  ),
  defineVariant(
    'hr',
    'hr.variant.error-message-only',
    'v3.gap.errors',
    'HR core validation failures carry {message} only (messages joined by "; ").',
  ),
  defineVariant(
    'hr',
    'hr.variant.problem-json',
    'v3.gap.errors',
    'HR core and learning errors are application/problem+json {type, title, status, detail, errors}.',
  ),
  defineVariant(
    'hr',
    'hr.variant.json-charset',
    'v3.json-bodies',
    'Every v3 JSON answer (token endpoint included) is "application/json; charset=utf-8".',
  ),
  // Business units (001 §3: whether an archived lower-level unit still "references" its parent is not said)
  defineVariant(
    'hr',
    'hr.variant.bu-archived-children-block',
    'hr.state.bu-archive-refused',
    'A business unit stays referenced by its lower-level units after they are archived: archiving it is refused while any of them names it.',
  ),
  // Tokens (001 §5 with RFC 6749 §2.3.1, §5.1 and RFC 7519 §4.1.4)
  defineVariant('hr', 'hr.variant.token-basic-only', 'v3.auth.token', 'The token endpoint accepts only HTTP basic client authentication.', {
    HR_TOKEN_AUTH: 'basic',
  }),
  defineVariant(
    'hr',
    'hr.variant.token-no-scope-echo',
    'v3.auth.scope',
    'The token response has no scope field (RFC 6749 §5.1: optional when it is the scope asked for).',
  ),
  defineVariant('hr', 'hr.variant.token-type-lowercase', 'v3.auth.token', 'token_type is "bearer" (RFC 6749 §5.1: case insensitive).'),
  defineVariant(
    'hr',
    'hr.variant.token-no-expires-in',
    'v3.auth.token',
    'The token response has no expires_in (RFC 6749 §5.1: RECOMMENDED); the JWT exp is iat + 300.',
  ),
  defineVariant(
    'hr',
    'hr.variant.jwt-no-exp',
    'v3.auth.token',
    'The JWT carries no exp claim (RFC 7519 §4.1.4: optional); expires_in is 300 and the server refuses the token 300 s after iat.',
  ),
  // Learning (001 §2, §3, §4 Gaps, §7.4)
  defineVariant('learning', 'learning.variant.validation-422', 'v3.gap.errors', 'Learning validation failures answer 422 instead of 400.'),
  defineVariant(
    'learning',
    'learning.variant.error-text',
    'v3.gap.errors',
    'Learning validation failures carry a text/plain body, one message a line.',
  ),
  defineVariant(
    'learning',
    'learning.variant.error-message-only',
    'v3.gap.errors',
    'Learning validation failures carry {message} only (messages joined by "; ").',
  ),
  defineVariant(
    'learning',
    'learning.variant.update-empty-body',
    'learning.gap.update-body',
    'Learning updates answer 200 without a body.',
  ),
  defineVariant(
    'learning',
    'learning.variant.update-full-activity',
    'learning.gap.update-body',
    'Learning updates answer 200 with the whole stored activity.',
  ),
  defineVariant(
    'learning',
    'learning.variant.unissued-ids-accepted',
    'learning.provider',
    'Provider and owner ids other than the ones issued at registration are accepted.',
  ),
  defineVariant(
    'learning',
    'learning.variant.public-private-refused',
    'learning.state.access-levels',
    'A change between public and private is refused (400) with the message "Cannot change access level between public and private".',
  ),
] as const;

export type V3FaultName = (typeof V3_FAULTS)[number]['name'];
export type V3VariantName = (typeof V3_VARIANTS)[number]['name'];

// Retired: no sentence of 001 requires what they broke.
// Retired: hr.token.no-exp-claim: RFC 7519 §4.1.4 makes exp optional and the token response still says 300 s; a token outliving 300 s is not observable without a five-minute wait (variant hr.variant.jwt-no-exp keeps the lifetime server-side).
// Retired: hr.auth.foreign-client-token-accepted: 001 §5.4 issues credentials per environment, not per tenant; no sentence refuses a token that another tenant's client obtained through the client credentials grant.
// Retired: hr.bu.archive-after-child-archived-refused: 001 §3 refuses the archive of a unit "referenced by a lower-level business unit" and does not say an archived unit stops referencing it (variant hr.variant.bu-archived-children-block).
// Retired: hr.employee.reference-unknown-200: 001 §4 gives neither status nor refusal for PUT /employee/{employeeId} ("status not shown"; "Exact path prefix and payload ...: not shown").
// Retired: learning.create.unregistered-provider-accepted: 001 §2 says the ids are issued at registration, not that other ids are refused (variant learning.variant.unissued-ids-accepted).
// Moved: hr.variant.token-opaque is now the fault hr.token.opaque: 001 §5.1 names the token a JWT.
