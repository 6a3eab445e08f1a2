/**
 * HR core and Learning v3 faults and variants of the reference server (001_a9e2e7eab7c908bd.txt).
 * Each is only ever active by name; the handlers test them through `on(behaviour, name)` (../switches.ts),
 * whose argument is typed from these lists, so a handler cannot test a name the catalogue does not hold.
 *
 * A fault names the clause it breaks (contract/clauses/registry.ts) and the check that must catch it;
 * the pair compiles only when that check cites that clause (proof/fault-citations.ts). A variant names
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
  defineFault(
    'hr',
    'hr.token.type-missing',
    'rfc6749.5.1.token-type',
    'token',
    'The token response has no token_type (RFC 6749 §5.1: REQUIRED).',
  ),
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
    'rfc6749.4.4.2.authenticate',
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
    'Validation failures are answered 200 with the success body {externalId, status: "created"} and nothing stored: the ' +
      'refusal reads like a success.',
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
    "Learning validation failures are answered 200 without a body (an update's success) and nothing stored: the refusal " +
      'reads like a success.',
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
  // Clauses no fault broke yet (the fault run's unproven list), one each.
  defineFault(
    'hr',
    'hr.bu.archive-refused-when-any-lower-unit',
    'hr.state.bu-archive',
    'hierarchy',
    'Archiving a business unit is refused whenever any live unit of a lower level exists: the reference lookup forgets to match the parent id.',
  ),
  defineFault(
    'hr',
    'hr.bu.externalid-not-required',
    'hr.bu.externalId',
    'validation',
    'A business unit write without externalId is accepted at levels 2-4 (an id is made up); employee, position and level 1 still require it.',
  ),
  defineFault(
    'learning',
    'learning.code.refused-on-orgwide',
    'learning.code',
    'access-level',
    'code is refused with "Field is invalid for access level" on orgwide activities too: the orgwide-only check runs at every access level.',
  ),
  // Tokens judged clause by clause against the standards 001 §5.1 invokes (issue #38)
  defineFault(
    'hr',
    'hr.token.iat-backdated',
    'v3.auth.lifetime',
    'token',
    'Tokens are dated 60 s in the past: iat and nbf are the moment of issue minus 60 s and exp = iat + 300 (exp - iat still says 300), so a token dies 240 s after it is issued while expires_in says 300.',
  ),
  defineFault(
    'hr',
    'hr.token.no-store-missing',
    'rfc6749.5.1.no-store',
    'token',
    'The token response carries no Cache-Control header (Pragma: no-cache is still sent).',
  ),
  defineFault(
    'hr',
    'hr.token.text-plain',
    'rfc6749.5.1.json',
    'token',
    'The token response is labelled text/plain although its body is the JSON object.',
  ),
  defineFault(
    'hr',
    'hr.token.error-in-200',
    'rfc6749.4.4.2.authenticate',
    'auth-enforced',
    'A client that fails authentication (wrong secret, unknown client) is answered 200 with {"error": "invalid_client"} and no token.',
  ),
  defineFault(
    'hr',
    'hr.token.401-without-challenge',
    'rfc9110.15.5.2.challenge',
    'auth-enforced',
    'The token endpoint answers 401 invalid_client without a WWW-Authenticate header (by the form fields and by HTTP basic).',
  ),
  defineFault(
    'hr',
    'hr.token.error-unregistered',
    'rfc6749.5.2.error',
    'token',
    'An unknown grant_type is refused 400 with error "invalid_grant_type", a code RFC 6749 §5.2 does not list (unsupported_grant_type is).',
  ),
  defineFault(
    'hr',
    'hr.token.missing-grant-accepted',
    'rfc6749.4.4.2.grant-type',
    'token',
    'A token request without grant_type is taken as the client credentials grant and answered with a token.',
  ),
  defineFault(
    'hr',
    'hr.token.authorization-code-accepted',
    'rfc6749.5.2.unauthorized-client',
    'token',
    'The authorization_code grant sent by the client, with any code, is answered with a token.',
  ),
  defineFault(
    'hr',
    'hr.token.both-methods-accepted',
    'rfc6749.5.2.invalid-request',
    'token',
    'Client credentials sent both by HTTP basic and in the form are accepted (HTTP basic is used); RFC 6749 §5.2 gives invalid_request.',
  ),
  defineFault(
    'hr',
    'hr.token.scope-dropped-unstated',
    'rfc6749.3.3.scope-stated',
    'token',
    'Scopes the server does not know are left out of the token, and the response states no scope although the token carries less than was asked.',
  ),
  defineFault(
    'hr',
    'hr.auth.401-without-challenge',
    'rfc6750.3.challenge',
    'auth-enforced',
    'The v3 API refuses a missing or invalid bearer token with 401 but no WWW-Authenticate header.',
  ),
  // Names as people have them (001 §2 Employee "title, firstName, lastName, initials | string"; D64)
  defineFault(
    'hr',
    'hr.employee.names-non-ascii-500',
    'hr.employee.names',
    'no-server-error',
    'An employee whose names hold a character outside ASCII (José, 李) answers 500: the column\'s charset cannot store it (MySQL "Incorrect string value").',
  ),
  // Faults written blind from 001 (clause by clause)
  // --- tokens and bearer tokens (001 §5, §8) ---
  defineFault(
    'hr',
    'hr.token.exp-in-milliseconds',
    'v3.auth.lifetime',
    'token',
    'The JWT exp claim is written in milliseconds ((iat + 300) * 1000) while iat is in seconds, so the token never expires.',
  ),
  defineFault(
    'hr',
    'hr.token.expires-in-string',
    'rfc6749.5.1.numbers',
    'token',
    'The token response carries expires_in as the string "300", not a number (RFC 6749 §5.1).',
  ),
  defineFault(
    'hr',
    'hr.token.basic-auth-refused',
    'rfc6749.2.3.1.basic',
    'token',
    'The token endpoint refuses client authentication by HTTP basic (401 invalid_client); only form fields work (RFC 6749 §2.3.1: MUST support basic).',
  ),
  defineFault(
    'hr',
    'hr.token.unknown-client-500',
    'rfc6749.4.4.2.authenticate',
    'auth-enforced',
    'A token request with a client id the environment never issued answers 500 instead of 401 invalid_client.',
  ),
  defineFault(
    'hr',
    'hr.auth.alg-none-accepted',
    'v3.auth.token',
    'auth-enforced',
    'A JWT whose header says alg "none" and that carries no signature is accepted by the API.',
  ),
  defineFault(
    'hr',
    'hr.scope.first-entry-only',
    'v3.auth.scope',
    'scope',
    'The token endpoint grants only the first entry of a space-separated scope list: Public.HrCore.Write asked second is left out (the response echoes all).',
  ),
  defineFault(
    'hr',
    'hr.scope.any-write-scope-accepted',
    'v3.auth.scope',
    'scope',
    'HR core writes accept any token holding a scope ending in ".Write" (e.g. Public.Learning.Write), not only Public.HrCore.Write.',
  ),
  defineFault(
    'learning',
    'learning.auth.signature-not-verified',
    'learning.auth.scope',
    'auth-enforced',
    'Learning writes accept a well-formed JWT whose signature does not verify (HR core still refuses it).',
  ),
  // --- HR core: one PUT, ids, dates (001 §1, §2) ---
  defineFault(
    'hr',
    'hr.position.update-of-bare-position-500',
    'v3.one-put',
    'no-server-error',
    'The update intent of PUT /hrcore/position answers 500 for a position stored without businessUnit (create and archive work).',
  ),
  defineFault(
    'hr',
    'hr.write.numeric-reference-id-500',
    'v3.external-ids',
    'no-server-error',
    'A ...ExternalId reference sent as a number (e.g. roleExternalId: 7) answers 500 instead of a validation refusal.',
  ),
  defineFault(
    'hr',
    'hr.dates.basic-format-refused',
    'v3.dates',
    'status',
    'HR core dates in the basic form YYYYMMDD are refused (400); only YYYY-MM-DD is accepted.',
  ),
  defineFault(
    'hr',
    'hr.dates.time-part-refused',
    'v3.dates',
    'status',
    'An HR core date carrying a time part (2024-05-01T09:00:00Z) is refused (400) instead of the time being ignored.',
  ),
  // --- employee (001 §2 Employee, §3, §4) ---
  defineFault(
    'hr',
    'hr.employee.first-name-without-last-500',
    'hr.employee.names',
    'no-server-error',
    'An employee update sending firstName without lastName answers 500 (the display name is rebuilt from the body alone).',
  ),
  defineFault(
    'hr',
    'hr.employee.email-set-500',
    'hr.employee.email',
    'no-server-error',
    'An employee update that sets email on an employee stored without one answers 500.',
  ),
  defineFault(
    'hr',
    'hr.employee.phone-plus-500',
    'hr.employee.phones',
    'no-server-error',
    'A phone number written with a leading "+" (international form) answers 500.',
  ),
  defineFault(
    'hr',
    'hr.employee.login-false-500',
    'hr.employee.loginAccess',
    'no-server-error',
    'loginAccess false on an employee that has no login (never given loginAccess true) answers 500.',
  ),
  defineFault(
    'hr',
    'hr.employee.archive-false-500',
    'hr.employee.archive',
    'no-server-error',
    'archive false sent for an employee that is not archived answers 500 (the un-archive path reads an archive date never set).',
  ),
  defineFault(
    'hr',
    'hr.employee.location-without-country-500',
    'hr.employee.location',
    'no-server-error',
    'An employee location without countryCode answers 500.',
  ),
  defineFault(
    'hr',
    'hr.employee.position-without-start-500',
    'hr.employee.position',
    'no-server-error',
    'An employee position object carrying externalId without startDate answers 500.',
  ),
  defineFault(
    'hr',
    'hr.employee.secondary-teams-without-primary-500',
    'hr.employee.access',
    'no-server-error',
    'An access object with secondaryTeamExternalIds but without primaryTeamExternalId answers 500.',
  ),
  defineFault(
    'hr',
    'hr.employee.ineligible-without-reason-500',
    'hr.employee.ineligible',
    'no-server-error',
    'ineligibleForPerformanceReview with ineligibleForPerformance true and no ineligibilityReason answers 500.',
  ),
  defineFault(
    'hr',
    'hr.employee.succession-on-update-500',
    'hr.employee.succession',
    'no-server-error',
    'An update sending succession for an employee created without one answers 500.',
  ),
  defineFault(
    'hr',
    'hr.employee.create-without-access-500',
    'hr.employee.access-defaults',
    'no-server-error',
    'Creating an employee without the access object answers 500 (the defaults are filled into an access object that is not there).',
  ),
  defineFault(
    'hr',
    'hr.employee.create-refused-404',
    'hr.op.employee',
    'status',
    'PUT /hrcore/employee only updates: an externalId not yet known answers 404 instead of creating the employee.',
  ),
  defineFault(
    'hr',
    'hr.employee.archive-with-login-refused',
    'hr.state.employee-archive',
    'status',
    'Archiving an existing employee whose loginAccess is true is refused (400 "revoke login access first").',
  ),
  defineFault(
    'hr',
    'hr.employee.reference-without-externalid-404',
    'hr.op.employee-reference',
    'status',
    'PUT /employee/{employeeId} answers 404 for an offer-acceptance record that has no externalId yet (it only changes an existing one).',
  ),
  defineFault(
    'hr',
    'hr.employee.empty-array-refused',
    'hr.rule.collections',
    'status',
    'An employee update sending an empty array (e.g. access.products: []) is refused (400) instead of removing all its values.',
  ),
  // --- business units (001 §2 Business unit, §3, §4) ---
  defineFault(
    'hr',
    'hr.bu.name-required-at-level1-only',
    'hr.bu.name',
    'validation',
    'Business units of levels 2 to 4 are created without a name (the check is made at level 1 only).',
  ),
  defineFault(
    'hr',
    'hr.bu.archive-string-ignored',
    'hr.bu.archive',
    'hierarchy',
    'archive sent as the string "true" is stored as a string and the write is an update: a referenced unit answers success, unarchived.',
  ),
  defineFault(
    'hr',
    'hr.bu.level2-null-parent-accepted',
    'hr.bu.level1ExternalId',
    'hierarchy',
    'A level 2 unit is created with level1ExternalId: null (the check tests that the key is present, not its value).',
  ),
  defineFault(
    'hr',
    'hr.bu.level3-any-parent-accepted',
    'hr.bu.level2ExternalId',
    'hierarchy',
    'A level 3 unit is created with level1ExternalId and without level2ExternalId (any higher-level id passes for the parent).',
  ),
  defineFault(
    'hr',
    'hr.bu.level4-parent-looked-up-at-level2',
    'hr.bu.level3ExternalId',
    'hierarchy',
    'A level 4 unit looks its level3ExternalId up among level 2 units: a real level 3 parent is refused, a level 2 id accepted.',
  ),
  defineFault(
    'hr',
    'hr.bu.level2-referenced-archive-accepted',
    'hr.state.bu-archive-refused',
    'hierarchy',
    'A level 2 unit referenced by a live level 3 unit is archived anyway (the refusal is missing for level 2 only).',
  ),
  defineFault(
    'hr',
    'hr.bu.archive-refusal-empty',
    'v3.error.validation',
    'validation-message',
    'The refused archive of a referenced business unit answers 400 with an empty body: no validation message on that path.',
  ),
  defineFault(
    'hr',
    'hr.bu.update-requires-name',
    'hr.rule.required',
    'status',
    'A business unit update without name is refused (the create rule is applied to every write but archives).',
  ),
  defineFault(
    'hr',
    'hr.bu.null-parent-kept',
    'hr.rule.omitted-kept',
    'state',
    'A business unit update sending a levelNExternalId as null answers success but keeps the reference (null does not remove it).',
  ),
  defineFault(
    'hr',
    'hr.write.null-only-update-refused',
    'hr.rule.required',
    'status',
    'An update whose only field besides externalId is null (a removal) is refused as an update without fields.',
  ),
  defineFault(
    'hr',
    'hr.bu.missing-fields-no-message',
    'hr.rule.message',
    'validation-message',
    'A business unit create missing name or its parent id is refused with {"errors": []}: no validation message.',
  ),
  defineFault(
    'hr',
    'hr.bu.level4-route-missing',
    'hr.op.business-unit',
    'status',
    'PUT /hrcore/business-unit/level4 answers 404 (only levels 1 to 3 are routed).',
  ),
  // --- positions (001 §2 Position, §3, §4) ---
  defineFault(
    'hr',
    'hr.position.externalid-from-name',
    'hr.position.externalId',
    'validation',
    'A position write without externalId is accepted, keyed by its name.',
  ),
  defineFault(
    'hr',
    'hr.position.null-name-accepted',
    'hr.position.name',
    'validation',
    'A position is created with name: null (the check tests that the key is present, not its value).',
  ),
  defineFault(
    'hr',
    'hr.position.unknown-parent-500',
    'hr.position.references',
    'no-server-error',
    'A parentPositionExternalId naming no stored position answers 500 (the chain walk dereferences the missing parent).',
  ),
  defineFault('hr', 'hr.position.fractional-fte-500', 'hr.position.numbers', 'no-server-error', 'A fractional fte (e.g. 0.5) answers 500.'),
  defineFault(
    'hr',
    'hr.position.vacant-without-date-500',
    'hr.position.flags',
    'no-server-error',
    'vacant true on a position without vacantDate answers 500.',
  ),
  defineFault(
    'hr',
    'hr.position.vacant-date-basic-500',
    'hr.position.vacantDate',
    'no-server-error',
    'vacantDate in the basic form YYYYMMDD answers 500 (new Date("20240501").toISOString() throws).',
  ),
  defineFault(
    'hr',
    'hr.position.partial-business-unit-500',
    'hr.position.businessUnit',
    'no-server-error',
    'A position businessUnit object that does not carry all four level ids answers 500.',
  ),
  defineFault(
    'hr',
    'hr.position.text-field-10-500',
    'hr.position.supplementary',
    'no-server-error',
    'supplementary.textField10 answers 500 (only textField1 to textField9 are mapped: off by one).',
  ),
  defineFault(
    'hr',
    'hr.position.generic-list-item-without-value-500',
    'hr.position.genericList',
    'no-server-error',
    'A genericList item without genericListValueExternalId answers 500.',
  ),
  defineFault(
    'hr',
    'hr.position.generic-list-null-refused',
    'hr.rule.collections',
    'status',
    'A position update sending genericList: null is refused (400 "genericList must be an array") instead of removing the collection.',
  ),
  defineFault(
    'hr',
    'hr.position.business-unit-required',
    'hr.op.position',
    'status',
    'A position create without businessUnit is refused (400), though 001 §2 requires only externalId and name.',
  ),
  defineFault(
    'hr',
    'hr.position.archive-needs-name',
    'hr.state.position-archive',
    'status',
    'Archiving an existing position with externalId and archive only is refused: the archive path demands name.',
  ),
  // --- learning activities (001 §1, §2, §3, §4, §7) ---
  defineFault(
    'learning',
    'learning.put.full-body-recreates',
    'learning.op.put',
    'status',
    'A PUT carrying every create field to an existing externalId creates the activity anew (201, new id and aggregateId) instead of updating it (200).',
  ),
  defineFault(
    'learning',
    'learning.keyed.digits-500',
    'v3.learning.keyed',
    'no-server-error',
    'An externalId made only of digits is taken for the internal activity id and the write answers 500.',
  ),
  defineFault(
    'learning',
    'learning.owner.defaults-to-provider',
    'learning.owner',
    'validation',
    'An activity created without owner is accepted, the owner taken from the provider.',
  ),
  defineFault(
    'learning',
    'learning.access-level.defaults-to-private',
    'learning.accessLevel',
    'validation',
    'An activity created without accessLevel is accepted as private.',
  ),
  defineFault(
    'learning',
    'learning.title.required-for-orgwide-only',
    'learning.title',
    'validation',
    'Public and private activities are created without a title (only orgwide ones are checked).',
  ),
  defineFault(
    'learning',
    'learning.description.set-on-update-500',
    'learning.description',
    'no-server-error',
    'An update setting description on an activity stored without one answers 500.',
  ),
  defineFault(
    'learning',
    'learning.code.unchecked-on-update',
    'learning.msg.field-access-level',
    'validation',
    'code is refused on public and private activities at create only: an update adding code to one is accepted.',
  ),
  defineFault(
    'learning',
    'learning.content.weblink-orgwide-only',
    'learning.content',
    'access-level',
    'A public or private activity with content type weblink is refused ("Invalid access level for content type"); only text passes.',
  ),
  defineFault(
    'learning',
    'learning.content.type-checked-on-create-only',
    'learning.msg.content-type',
    'validation',
    'The content type rule is applied on create only: an update giving a private activity content type scormcourse is accepted.',
  ),
  defineFault(
    'learning',
    'learning.duration.fraction-500',
    'learning.duration',
    'no-server-error',
    'A fractional duration.duration (e.g. 1.5) answers 500.',
  ),
  defineFault(
    'learning',
    'learning.costs.decimal-500',
    'learning.costs',
    'no-server-error',
    'A cost with a fraction (e.g. otherCost 12.5) answers 500 (BigInt of a non-integer throws).',
  ),
  defineFault(
    'learning',
    'learning.image.reused-key-500',
    'learning.image',
    'no-server-error',
    'An image.tempKey already used by another write answers 500 (the consumed key is dereferenced) instead of a message.',
  ),
  defineFault(
    'learning',
    'learning.image.checked-on-create-only',
    'learning.msg.image',
    'validation',
    'image.tempKey is checked on create only: an update with a key not in temporary storage is accepted.',
  ),
  defineFault(
    'learning',
    'learning.is-archived-false-500',
    'learning.isArchived',
    'no-server-error',
    'isArchived false sent for an activity that is not archived answers 500.',
  ),
  defineFault(
    'learning',
    'learning.aggregate-id.reissued-when-resent',
    'learning.aggregateId',
    'state',
    'An update that sends the stored aggregateId unchanged gets a new one issued: sending the original again is refused.',
  ),
  defineFault(
    'learning',
    'learning.aggregate-id.unchecked-on-archive',
    'learning.msg.aggregate-id',
    'validation',
    'An archive (isArchived true) carrying a different aggregateId is accepted: the archive path skips the aggregate id rule.',
  ),
  defineFault(
    'learning',
    'learning.limited-set.code-500',
    'learning.limited-set',
    'no-server-error',
    'A public or private activity carrying code answers 500 instead of the "Field is invalid for access level" refusal.',
  ),
  defineFault(
    'learning',
    'learning.archive.private-refused',
    'learning.state.archive',
    'state',
    'Archiving a private activity is refused with "Field is invalid for access level" (isArchived is listed as an orgwide-only field).',
  ),
  defineFault(
    'learning',
    'learning.access.orgwide-to-public-allowed',
    'learning.msg.from-orgwide',
    'validation',
    'An orgwide activity may be changed to public (only the change to private is refused).',
  ),
  defineFault(
    'learning',
    'learning.access.public-to-orgwide-allowed',
    'learning.msg.to-orgwide',
    'validation',
    'A public activity may be changed to orgwide (only private ones are refused).',
  ),
  defineFault(
    'learning',
    'learning.access.refused-change-stored',
    'learning.state.access-levels',
    'state',
    'A refused access-level change answers 400 with its message but the new level is stored all the same.',
  ),
  defineFault(
    'learning',
    'learning.msg.from-orgwide-says-to',
    'learning.msg.from-orgwide',
    'validation-message',
    'The refused change from orgwide says "Cannot change access level to org-wide" (the other row\'s message).',
  ),
  defineFault(
    'learning',
    'learning.costs.only-attendence-checked',
    'learning.msg.cost-needs-currency',
    'validation',
    'Only attendenceCost needs a currency: cancellationCost or otherCost without currency.code is accepted.',
  ),
  defineFault(
    'learning',
    'learning.msg.cost-typo-on-update',
    'learning.msg.cost-needs-currency',
    'validation-message',
    'On update the cost refusal says "If cost is supplied then currency code also need to be supplied" (create says it right).',
  ),
  defineFault(
    'learning',
    'learning.msg.code-says-content-type',
    'learning.msg.field-access-level',
    'validation-message',
    'code on a public or private activity is refused with "Invalid access level for content type" (the content row\'s message).',
  ),
  defineFault(
    'learning',
    'learning.update.requires-title',
    'learning.rule.update',
    'status',
    'An update that does not resend title is refused ("title is required"): only the fields that change are not enough.',
  ),
  defineFault(
    'learning',
    'learning.update.nested-null-ignored',
    'learning.rule.update',
    'state',
    'null removes top-level fields only: a member sent as null inside an object (costs.otherCost: null) is kept.',
  ),
  defineFault(
    'learning',
    'learning.update.trailing-slash-creates',
    'learning.rule.trailing-slash',
    'status',
    'The path ending with a slash is handled as a create: an update there sending only the changed fields is refused (provider required).',
  ),
  defineFault(
    'learning',
    'learning.create.url-missing-for-private',
    'learning.op.put',
    'schema',
    'The 201 body of a private activity has no url (private activities are not in the library).',
  ),
  defineFault(
    'learning',
    'learning.type-error-500',
    'v3.error.validation',
    'no-server-error',
    'A learning field of the wrong type (e.g. title: 123) answers 500 instead of a validation message.',
  ),
  defineFault(
    'learning',
    'learning.create.body-labelled-html',
    'v3.json-bodies',
    'json-body',
    'The 201 body of a create is labelled text/html (the JSON text is unchanged).',
  ),
  // Added with "the answer refuses, with a message" (a refusal may come in a 2xx, 001 §7.1)
  defineFault(
    'hr',
    'hr.position.business-unit-required-in-body',
    'hr.op.position',
    'status',
    'A valid position create without businessUnit is answered 200 {success: false, message: "businessUnit is required to ' +
      'create a position"} and nothing stored: a refusal, in a 2xx, of a write 001 §2 allows.',
  ),
  defineFault(
    'hr',
    'hr.auth.body-checked-before-token',
    'v3.auth.token',
    'auth-enforced',
    'HR core writes validate the body before the bearer token: a body without externalId sent with no token is answered ' +
      '400 with its validation message (a valid body with no token is still 401).',
  ),
  defineFault(
    'learning',
    'learning.auth.body-checked-before-token',
    'learning.auth.scope',
    'auth-enforced',
    'Learning writes validate the body before the bearer token: a create missing its required fields sent with no token is ' +
      'answered 400 with its validation message (a valid body with no token is still 401).',
  ),
  defineFault(
    'learning',
    'learning.aggregate-id.resent-refused',
    'learning.msg.aggregate-id',
    'validation-message',
    'Any aggregateId sent in an update is refused "Cannot change Aggregate ID for an existing activity", the stored one too ' +
      '(the rule tests that the member is present, not that it differs).',
  ),
  // --- what makes a body a validation message (001 §7.1, §4 rule 4; D68) ---
  defineFault(
    'hr',
    'hr.write.error-generic-spring',
    'hr.rule.message',
    'validation-message',
    'HR core validation refusals answer Spring Boot\'s generic error body {timestamp, status: 400, error: "Bad Request", path}: ' +
      'a reason phrase and the route, no field and no rule.',
  ),
  defineFault(
    'hr',
    'hr.write.error-problem-title-only',
    'hr.rule.message',
    'validation-message',
    'HR core validation refusals answer an application/problem+json {type, title: "Bad Request", status: 400, traceId}: the status ' +
      'and its reason phrase only.',
  ),
  defineFault(
    'hr',
    'hr.write.error-status-text',
    'hr.rule.message',
    'validation-message',
    'HR core validation refusals answer the text/plain body "400 Bad Request" (the status line, as a proxy or Go\'s net/http says it).',
  ),
  defineFault(
    'learning',
    'learning.validation.required-generic-envelope',
    'v3.error.validation',
    'validation-message',
    "A learning create missing a required field answers ASP.NET's ValidationProblemDetails with nothing in it " +
      '{title: "One or more validation errors occurred.", status: 400, errors: {}, traceId}.',
  ),
  defineFault(
    'hr',
    'hr.bu.archive-refusal-reason-phrase',
    'v3.error.validation',
    'validation-message',
    'The refused archive of a referenced business unit answers 409 {status: 409, error: "Conflict"}: a reason phrase, no message.',
  ),
  // --- a refused write leaves nothing behind (001 §2, §4, §5.1; D69) ---
  defineFault(
    'hr',
    'hr.bu.refused-create-stored',
    'hr.bu.name',
    'no-trace',
    "A business unit create refused for a missing required field (its name, a level 2-4 unit's parent id) is stored all the " +
      'same: written again, it is taken as an update.',
  ),
  defineFault(
    'hr',
    'hr.position.refused-create-stored',
    'hr.position.name',
    'no-trace',
    'A position create without name is refused (400) but the position is stored all the same: {externalId, fte: 1} sent again is ' +
      'taken as an update.',
  ),
  defineFault(
    'hr',
    'hr.auth.refused-write-stored',
    'v3.auth.token',
    'no-trace',
    'HR core writes sent without a token are run, then refused 401: the record they create stays.',
  ),
  defineFault(
    'hr',
    'hr.employee.refused-write-stored',
    'v3.auth.token',
    'no-trace',
    'An employee write sent without a token is run, then refused 401: the employee stays, so {externalId} alone is then refused as ' +
      'an update with only externalId, where the same of a fresh id is a create.',
  ),
  defineFault(
    'learning',
    'learning.refused-create-stored',
    'learning.op.put',
    'no-trace',
    'A learning create refused for a missing required field or a 001 §7.2 rule is stored all the same: a title alone sent to its ' +
      'id is then taken as an update (200).',
  ),
  defineFault(
    'learning',
    'learning.auth.refused-write-stored',
    'learning.auth.scope',
    'no-trace',
    'Learning writes sent without a token are run, then refused 401: the activity they create stays.',
  ),
  // --- the v3 decisions as readings: what neither reading holds (D21, D22, D32, D38, D39, D40, D48, D72) ---
  defineFault(
    'hr',
    'hr.bu.update-without-parent-no-message',
    'hr.bu.level1ExternalId',
    'hierarchy',
    'An update of a level 2-4 unit without its parent id is refused 400 with an empty body (D21: taken, or refused with a message).',
  ),
  defineFault(
    'hr',
    'hr.bu.archive-string-refused-bare',
    'hr.bu.archive',
    'hierarchy',
    'archive sent as a string ("true") is refused 400 with an empty body on every unit (D22: the flag, or refused with a message).',
  ),
  defineFault(
    'hr',
    'hr.bu.archive-after-children-no-message',
    'hr.state.bu-archive-refused',
    'hierarchy',
    'The archive of a unit whose lower-level units are all archived is refused 400 with an empty body (D38: archived, or refused ' +
      'with a message).',
  ),
  defineFault(
    'hr',
    'hr.write.type-error-500',
    'v3.error.validation',
    'no-server-error',
    'An HR core write carrying a value of another JSON type than 001 §2 gives answers 500 (D32: taken, or refused).',
  ),
  defineFault(
    'hr',
    'hr.position.refused-in-envelope',
    'hr.op.position',
    'status',
    'A position create without businessUnit is refused inside an envelope, 200 {"result": {"errors": [{field, message}]}}: a valid ' +
      'create refused (D72: a refusal in a 2xx is read in its envelope).',
  ),
  defineFault(
    'learning',
    'learning.ids.unissued-refused-bare',
    'learning.provider',
    'validation',
    'A create with a provider or owner id not issued at registration is refused 400 with an empty body (D39: taken, or refused ' +
      'with a message).',
  ),
  defineFault(
    'learning',
    'learning.access.public-private-refused-bare',
    'learning.state.access-levels',
    'access-level',
    'A change between public and private is refused 400 with an empty body (D40: 200, or refused with a message).',
  ),
  defineFault(
    'learning',
    'learning.costs.nulled-refused-bare',
    'learning.rule.update',
    'state',
    'An update sending the only cost as null inside costs is refused 400 with an empty body (D48: taken, or refused with a message).',
  ),
  // --- red team v3 (redv3): each passed every check until the suite was fixed, but hr.position.refused-200-code (caught
  // already, by the archive's 404 that shows the create was refused); schemas/DECISIONS.md D68, D69, D72, D90-D93 ---
  defineFault(
    'hr',
    'hr.token.secret-omitted-accepted',
    'rfc6749.5.2.invalid-client',
    'auth-enforced',
    'The token endpoint issues a token to a known client_id sent in the form without any client_secret (the secret is ' +
      'compared only when one is sent): RFC 6749 §5.2 invalid_client "no client authentication included".',
  ),
  defineFault(
    'hr',
    'hr.token.secret-case-insensitive',
    'rfc6749.4.4.2.authenticate',
    'auth-enforced',
    'The token endpoint compares the client secret without regard to case (a case-insensitive database collation), so the ' +
      'secret in capitals, a wrong secret, gets a token.',
  ),
  defineFault(
    'hr',
    'hr.token.jwt-parts-not-json',
    'rfc7519.3.claims-json',
    'token',
    'Access tokens are three base64url parts of random bytes joined by dots, kept by the server: the form of a JWT without ' +
      'its JOSE header or claims (001 §5.1 "(JWT)", RFC 7519 §3).',
  ),
  defineFault(
    'hr',
    'hr.token.nbf-after-issue',
    'rfc7519.4.1.5.nbf',
    'token',
    'The JWT says nbf = iat + 240 (a skew margin added the wrong way) while exp = iat + 300: by its own claims the token may be ' +
      'used for 60 seconds, not 300; the API allows that much leeway on nbf.',
  ),
  defineFault(
    'hr',
    'hr.token.iat-in-milliseconds',
    'rfc7519.4.1.6.iat',
    'token',
    "The JWT's iat is written from a millisecond clock (Date.now()) while exp stays in seconds: a NumericDate is seconds " +
      '(RFC 7519 §2), so iat names a moment some fifty thousand years after the token was issued.',
  ),
  defineFault(
    'hr',
    'hr.token.error-description-newline',
    'rfc6749.5.2.error-description',
    'token',
    'Every token error\'s error_description carries its trace on lines of their own ("...\\r\\nTrace ID: ...\\r\\nTimestamp: ' +
      '..."), as Azure AD writes it: RFC 6749 §5.2 allows only %x20-21 / %x23-5B / %x5D-7E there.',
  ),
  defineFault(
    'hr',
    'hr.token.scope-stated-not-granted',
    'rfc6749.3.3.scope-stated',
    'token',
    "The token response states the scope asked for, while the JWT's scope claim carries Public.HrCore.Admin besides it: the " +
      'response does not "inform the client of the actual scope granted" (RFC 6749 §3.3).',
  ),
  defineFault(
    'hr',
    'hr.employee.collection-null-refused',
    'hr.rule.omitted-kept',
    'status',
    'An employee update sending access.secondaryTeamExternalIds as null is refused with a message ("send [] to remove its ' +
      'values"): 001 §4 rule 2 removes a field sent as null, collections included (rule 3 names the empty array besides).',
  ),
  defineFault(
    'hr',
    'hr.write.error-body-required-generic',
    'hr.rule.message',
    'validation-message',
    'Every HR core validation refusal is ASP.NET Core\'s answer to an empty body, {"title": "One or more validation errors ' +
      'occurred.", "errors": {"": ["A non-empty request body is required."]}}: a generic error that names no field and no rule ' +
      'broken.',
  ),
  defineFault(
    'hr',
    'hr.position.refused-200-code',
    'hr.op.position',
    'status',
    'A valid position create without businessUnit is refused 200 {"code": 400, "message": "Bad Request", "data": null} and ' +
      'nothing stored: a refusal (an HTTP status in the body) of a write 001 §2 allows.',
  ),
  defineFault(
    'hr',
    'hr.bu.parent-change-ignored',
    'hr.state.bu-archive-refused',
    'state',
    'An update that moves a level 2-4 unit to another live parent is answered 200 but the parent id set on create is kept: ' +
      'the new parent, which the unit now names, is archived while the unit is live.',
  ),
  defineFault(
    'learning',
    'learning.costs.refused-update-stored',
    'learning.msg.cost-needs-currency',
    'no-trace',
    'An update sending a cost without currency.code is refused with its message, but the cost is stored all the same: a ' +
      'currency code sent alone afterwards is taken.',
  ),
  defineFault(
    'learning',
    'learning.costs.currency-object-taken',
    'learning.msg.cost-needs-currency',
    'validation',
    'A cost sent with an empty currency object, costs {attendenceCost: 25, currency: {}}, is taken: the server tests for ' +
      'currency, not currency.code (001 §7.2: "a cost field ... is sent without currency.code").',
  ),
  defineFault(
    'learning',
    'learning.access.change-on-archive-allowed',
    'learning.msg.from-orgwide',
    'validation',
    'An archive (isArchived true) skips the access-level rules: an orgwide activity archived with accessLevel private is ' +
      'taken, 200, and becomes private.',
  ),
  // --- tokens: the standards' clauses no fault broke yet (RFC 6749 §3.3, §5.2; RFC 6750 §3; RFC 7519 §4.1) ---
  defineFault(
    'hr',
    'hr.token.unknown-scope-access-denied',
    'rfc6749.3.3.ignore-scope',
    'token',
    'A scope the server does not know, asked beside Public.HrCore.Write, is neither ignored nor refused as invalid_scope: the ' +
      'request is answered 403 {"error": "access_denied", "error_description": "Client has not been granted scopes: ..."}, as ' +
      'Auth0 answers it.',
  ),
  defineFault(
    'hr',
    'hr.token.grant-refused-401',
    'rfc6749.5.2.400',
    'token',
    'A grant type other than client_credentials is refused 401 (with a Basic challenge) and error unsupported_grant_type: the ' +
      'server takes a grant it does not allow for a failed authorization, where RFC 6749 §5.2 answers 400 "unless specified ' +
      'otherwise" (only invalid_client is).',
  ),
  defineFault(
    'hr',
    'hr.token.unsupported-grant-invalid-request',
    'rfc6749.5.2.unsupported-grant-type',
    'token',
    'A grant type other than client_credentials is refused 400 with error invalid_request ("grant_type must be ' +
      'client_credentials"): RFC 6749 §5.2 gives unsupported_grant_type, and invalid_request is for "an unsupported parameter ' +
      'value (other than grant type)".',
  ),
  defineFault(
    'hr',
    'hr.token.error-form-encoded',
    'rfc6749.5.2.json',
    'token',
    'Token errors are sent form-encoded (error=invalid_client&error_description=...), labelled ' +
      "application/x-www-form-urlencoded, as GitHub's token endpoint answers by default; the token response itself is JSON.",
  ),
  defineFault(
    'hr',
    'hr.token.basic-refused-bearer-challenge',
    'rfc6749.5.2.invalid-client-basic',
    'auth-enforced',
    "A client that fails HTTP basic authentication at the token endpoint is answered 401 invalid_client with the API's challenge, " +
      'WWW-Authenticate: Bearer realm="token": not the scheme the client used (RFC 6749 §5.2: "matching the authentication ' +
      'scheme used by the client").',
  ),
  defineFault(
    'hr',
    'hr.token.api-challenge-oauth-scheme',
    'rfc6750.3.bearer',
    'auth-enforced',
    'The v3 API refuses a missing or invalid bearer token with 401 and the challenge WWW-Authenticate: OAuth realm="v3", ' +
      'error="invalid_token" (the scheme of the OAuth drafts) where RFC 6750 §3 requires "Bearer".',
  ),
  defineFault(
    'hr',
    'hr.token.exp-string',
    'rfc7519.4.1.4.number',
    'token',
    'The JWT\'s exp claim is a string of seconds ("1717000300", built by string concatenation), not a number; the API reads ' +
      'it back as a number, so the token works for its 300 seconds.',
  ),
  defineFault(
    'hr',
    'hr.token.nbf-iso-date',
    'rfc7519.4.1.5.number',
    'token',
    'The JWT\'s nbf claim is the moment of issue as an ISO 8601 string ("2024-05-29T10:00:00.000Z": a Date object through ' +
      'JSON.stringify), not a NumericDate; the API parses it back.',
  ),
  defineFault(
    'hr',
    'hr.token.iat-iso-date',
    'rfc7519.4.1.6.number',
    'token',
    "The JWT's iat claim is the moment of issue as an ISO 8601 string (a Date object through JSON.stringify), not a " + 'NumericDate.',
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
  defineVariant(
    'hr',
    'hr.variant.validation-200-envelope',
    'v3.error.validation',
    'HR core validation failures answer 200 with the error body {message, errors} (001 §7.1: "generic HTTP status errors ' +
      'may also occur"), nothing stored; the refused archive of a referenced business unit too.',
  ),
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
    'learning.variant.validation-200-envelope',
    'v3.error.validation',
    'Learning validation failures answer 200 with the error body {message, errors}, the 001 §7.2 message in it, nothing stored.',
  ),
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
    'learning.variant.provider-id-string-coerced',
    'learning.provider',
    'A provider id sent as a numeric string ("4100") is read as the integer, as Jackson coerces scalars by default (D45).',
  ),
  defineVariant(
    'learning',
    'learning.variant.messages-full-stop',
    'v3.gap.errors',
    'Every 001 §7.2 message is said word for word and ended by a full stop ("Cannot change access level to org-wide.", D45).',
  ),
  defineVariant(
    'learning',
    'learning.variant.public-private-refused',
    'learning.state.access-levels',
    'A change between public and private is refused (400) with the message "Cannot change access level between public and private".',
  ),
  // Tokens (RFC 6749 §3.3, §5.2: readings of D56, D57)
  defineVariant(
    'hr',
    'hr.variant.token-invalid-client-400',
    'rfc6749.5.2.invalid-client',
    'A client that fails authentication by the form fields is refused 400 invalid_client (HTTP basic still gets 401 with a Basic challenge).',
  ),
  defineVariant(
    'hr',
    'hr.variant.token-unknown-scope-refused',
    'rfc6749.5.2.invalid-scope',
    "A scope outside the server's own (Public.HrCore.Write, Public.HrCore.Read, Public.Learning.Read, Public.Learning.Write, openid) is refused 400 invalid_scope.",
  ),
  defineVariant(
    'hr',
    'hr.variant.token-unknown-scope-default',
    'rfc6749.3.3.ignore-scope',
    "Scopes outside the server's own are ignored: the token carries the known ones asked for, else the default scope Public.HrCore.Write, and the response states the scope granted.",
  ),
  defineVariant(
    'hr',
    'hr.variant.names-latin1-only',
    'hr.employee.names',
    "Employee names with a character outside Latin-1 (Nguyễn, 李) or an apostrophe (O'Brien) are refused with 400 and a field message (D64).",
  ),
  // What makes a body a validation message (001 §7.4 error body format not shown; D68): frameworks' own shapes.
  defineVariant(
    'hr',
    'hr.variant.error-spring',
    'v3.gap.errors',
    "v3 validation refusals answer Spring Boot's binding error body {timestamp, status, error, message, errors: [{field, " +
      'defaultMessage: "must not be null", code}], path}.',
  ),
  defineVariant(
    'hr',
    'hr.variant.error-drf',
    'v3.gap.errors',
    'v3 validation refusals answer Django REST framework\'s {"<field>": ["This field is required."]} (non_field_errors for the rest).',
  ),
  defineVariant(
    'hr',
    'hr.variant.error-aspnet',
    'v3.gap.errors',
    'v3 validation refusals answer ASP.NET Core\'s ValidationProblemDetails {type, title: "One or more validation errors occurred.", ' +
      'status, errors: {"<Field>": [...]}, traceId}.',
  ),
  defineVariant(
    'hr',
    'hr.variant.error-laravel',
    'v3.gap.errors',
    'v3 validation refusals answer Laravel\'s 422 {message: "The given data was invalid.", errors: {"<field>": [...]}}.',
  ),
  defineVariant(
    'hr',
    'hr.variant.error-express-validator',
    'v3.gap.errors',
    'v3 validation refusals answer express-validator\'s {errors: [{type: "field", value, msg: "Invalid value", path, location: "body"}]}.',
  ),
  defineVariant(
    'hr',
    'hr.variant.error-fastapi',
    'v3.gap.errors',
    'v3 validation refusals answer FastAPI\'s 422 {detail: [{type: "missing", loc: ["body", "<field>"], msg: "Field required", input}]}.',
  ),
  // A refusal in a 2xx, by structure (001 §7.1 "generic HTTP status errors may also occur"; D72).
  defineVariant(
    'hr',
    'hr.variant.validation-200-data-envelope',
    'v3.error.validation',
    'HR core validation refusals answer 200 {data: {success: false, message, errors}}, nothing stored.',
  ),
  defineVariant(
    'hr',
    'hr.variant.validation-200-german',
    'v3.error.validation',
    'HR core validation refusals answer 200 {erfolg: false, fehler: [{feld, meldung}]}, nothing stored.',
  ),
  defineVariant(
    'learning',
    'learning.variant.validation-200-result-errors',
    'v3.error.validation',
    'Learning validation refusals answer 200 {result: {errors: [{field, message}]}}, the 001 §7.2 message in it, nothing stored.',
  ),
  defineVariant(
    'hr',
    'hr.variant.write-detail',
    'hr.gap.responses',
    'HR core successes answer 200 {id, detail: "created"|"updated"|"archived"}.',
  ),
  defineVariant(
    'learning',
    'learning.variant.update-detail',
    'learning.gap.update-body',
    'Learning updates answer 200 {id, aggregateId, url, detail: "updated"}.',
  ),
  // Readings of D46 and D70 the reference server does not take.
  defineVariant(
    'learning',
    'learning.variant.zero-is-no-cost',
    'learning.msg.currency-needs-cost',
    'A cost of 0 is no cost (costs tested for truth): a currency code with attendenceCost 0 alone is refused "If currency code is ' +
      'supplied at least one cost also needs to be supplied" (D46 zero-is-no-cost).',
  ),
  defineVariant(
    'learning',
    'learning.variant.unchanged-aggregate-id-refused',
    'learning.rule.update',
    'An update sending the stored aggregateId unchanged is refused (400, "aggregateId is set at creation and does not change: send ' +
      'only the fields that change"), 001 §4 "send only the fields that change" (D70 resent-refused).',
  ),
  // Readings of the v3 decisions the reference server does not take.
  defineVariant(
    'hr',
    'hr.variant.objects-replaced',
    'hr.rule.omitted-kept',
    'An object sent in an HR core update replaces the stored one, its null members left out (D19 object-replaced).',
  ),
  defineVariant(
    'hr',
    'hr.variant.bu-parent-id-every-write',
    'hr.bu.level1ExternalId',
    'An update of a level 2-4 unit without its parent id is refused with "<field> is required in every write ..." (D21 every-write).',
  ),
  defineVariant(
    'hr',
    'hr.variant.bu-archive-string-refused',
    'hr.bu.archive',
    'A business unit archive sent as a string ("true") is refused: "archive must be true or false" (D22 string-refused).',
  ),
  defineVariant(
    'hr',
    'hr.variant.types-taken',
    'v3.error.validation',
    'HR core writes take a value of another JSON type as sent (D32 taken); only externalId must be a string.',
  ),
  defineVariant(
    'learning',
    'learning.variant.provider-field-service',
    'learning.provider',
    'The provider object is called "service"; a "provider" member is no field of its own (D26 service).',
  ),
  defineVariant(
    'learning',
    'learning.variant.aggregate-id-integer',
    'learning.aggregateId',
    'Aggregate ids are issued and answered as integers (D27 integer).',
  ),
  defineVariant(
    'learning',
    'learning.variant.create-hal-json',
    'v3.json-bodies',
    'The 201 body of a learning create is labelled application/hal+json (D47 json-suffix).',
  ),
  defineVariant(
    'learning',
    'learning.variant.create-unlabelled',
    'v3.json-bodies',
    'The 201 body of a learning create comes without a Content-Type (D47 unlabelled).',
  ),
  defineVariant(
    'learning',
    'learning.variant.cost-null-taken',
    'learning.rule.update',
    'An update sending nothing but nulls in costs is judged by what it sends: the only cost sent as null is removed and the update ' +
      'taken, the currency code left (D48 cost-removed); a currency code sent alone afterwards is refused.',
  ),
  // --- red team v3 (redv3): lawful servers. token-jwe, validation-200-code, unchanged-update-already, write-notes and
  // messages-german failed the suite until it was fixed (D90, D72, D68); the others it passed already ---
  defineVariant(
    'hr',
    'hr.variant.token-jwe',
    'v3.auth.token',
    'Access tokens are encrypted JWTs (JWE compact serialization, five parts: alg dir, enc A256GCM), as Auth0 issues with ' +
      'JWE access tokens on: RFC 7519 §3 lets a JWT be a JWS or a JWE.',
  ),
  defineVariant(
    'hr',
    'hr.variant.token-azure',
    'v3.auth.lifetime',
    'The token service answers as Azure AD (Entra ID) does: iat and nbf five minutes before the issue (clock skew), exp 300 ' +
      'seconds after it, expires_in 299 and ext_expires_in, no scope member, the scopes in scp as well; its errors carry ' +
      'error_codes, timestamp, trace_id, correlation_id and error_uri.',
  ),
  defineVariant(
    'hr',
    'hr.variant.token-keycloak',
    'rfc6749.3.3.ignore-scope',
    "The token service answers as Keycloak does: the realm's default scopes (profile email) granted besides those asked and " +
      'stated in scope, refresh_expires_in and not-before-policy members, typ and azp claims; an unknown scope refused ' +
      'invalid_scope "Invalid scopes: ...".',
  ),
  defineVariant(
    'hr',
    'hr.variant.auth-gateway-403',
    'v3.auth.token',
    'An API gateway (Azure API Management validate-jwt, failed-validation-httpcode 403) answers a token that does not validate ' +
      '403 {"statusCode": 403, "message": "Invalid JWT."} with a Bearer challenge, and no token 401 {"statusCode": 401, ...}.',
  ),
  defineVariant(
    'hr',
    'hr.variant.validation-200-code',
    'v3.error.validation',
    'HR core refusals are answered 200 {"code": 400, "msg": "<field> 校验失败", "data": null}: an HTTP status in the body and ' +
      'messages in Chinese naming the field, those about no one field in English (001 §7.1, §7.4; D72).',
  ),
  defineVariant(
    'hr',
    'hr.variant.unchanged-update-already',
    'hr.gap.responses',
    'An HR core update that changes nothing is answered 200 {"message": "<record> is already up to date; nothing changed"}.',
  ),
  defineVariant(
    'hr',
    'hr.variant.write-notes',
    'hr.employee.access-defaults',
    'An HR core write is answered 200 {"externalId", "status": "created" | "updated" | "archived", "messages": [...]} with a ' +
      'note of what the server did, e.g. "access.primaryTeamExternalId missing: the default team of the system configuration ' +
      'was applied" (001 §2: omitted, they take defaults from the system configuration).',
  ),
  defineVariant(
    'hr',
    'hr.variant.messages-german',
    'v3.error.validation',
    'HR core refusals say what failed in German, {"message": "..."}: "Das Feld name ist beim Anlegen erforderlich.", "Die ' +
      'Geschäftseinheit \\"bu-1\\" kann nicht archiviert werden: untergeordnete Geschäftseinheiten verweisen noch auf sie."',
  ),
  defineVariant(
    'hr',
    'hr.variant.error-joi',
    'v3.gap.errors',
    'HR core refusals in the body of hapi/Boom with Joi: {"statusCode": 400, "error": "Bad Request", "message": "\\"name\\" is ' +
      'required", "validation": {"source": "payload", "keys": ["name"]}}.',
  ),
  defineVariant(
    'hr',
    'hr.variant.error-go-validator',
    'v3.gap.errors',
    'HR core refusals in the body of Gin\'s go-playground validator: {"error": "Key: \'Position.Name\' Error:Field validation ' +
      "for 'Name' failed on the 'required' tag\"}, Go names (ExternalID) for the fields.",
  ),
  defineVariant(
    'learning',
    'learning.variant.messages-wrapped',
    'v3.gap.errors',
    'Learning refusals carry each 001 §7.2 message inside a sentence of their own: {"errors": [{"code": "LRN-4001", "message": ' +
      '"Validation error: <message> (field accessLevel)."}]}.',
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
// Changed: hr.write.validation-answered-200 and learning.validation-answered-200 answered a refusal 200 with the error body;
// 001 §7.1 "Failed validation returns a validation message in the response; generic HTTP status errors may also occur" and
// §7.4 (statuses not shown) let a refusal come in a 2xx whose body plainly refuses, so that reading is now the variants
// hr.variant.validation-200-envelope and learning.variant.validation-200-envelope, and the faults answer a refusal with a
// body that reads like success, which no reading allows.
// Moved: learning.costs.zero-cost-not-a-cost (a currency code with attendenceCost 0 refused "If currency code is supplied at
// least one cost also needs to be supplied") is the variant learning.variant.zero-is-no-cost: whether 0 is a cost is not said
// (D46, readings zero-is-a-cost and zero-is-no-cost).
// Changed: learning.aggregate-id.resent-refused is caught by validation-message on learning.msg.aggregate-id: refusing the
// stored aggregateId sent again is lawful (D70, variant learning.variant.unchanged-aggregate-id-refused), but not with the
// message whose condition ("supplied aggregate id differs from the stored one") does not hold.
// Retired with the blind block's review (they escaped, and the suite is right to let them):
// Retired: learning.provider.id-string-accepted: the provider id sent as the numeric string "4100" was accepted. 001 §2 types
// the id ("id integer") but no sentence says how a value of another JSON type is read: coercing "4100" to 4100 is what
// Jackson does by default, as hr.employee.externalid-number-accepted below (DECISIONS D32, D45); now the variant
// learning.variant.provider-id-string-coerced.
// Retired: learning.msg.to-orgwide-full-stop: the message "Cannot change access level to org-wide." with a full stop carries
// 001 §7.2's message word for word; the error body's format is not shown (001 §7.4), so what stands around the message (a
// full stop, a field name, other words) is the body's format, not another message (DECISIONS D45); now the variant
// learning.variant.messages-full-stop.
// Retired: hr.token.exp-299: expires_in 300 and exp = iat + 299. "Tokens live 300 seconds" (001 §5.3) leaves a server a few
// seconds of clock-skew margin (290-300 tolerated: the frameworks persona's expires_in counts the seconds left, 299).
// Retired: hr.token.form-encoded-response: a token endpoint answering form-encoded stops the run before any spec (the
// preflight, src/runner/preflight.ts, exit 2 naming HR_TOKEN_URL): no check of the suite is reached.
// Retired: hr.employee.externalid-number-accepted, hr.bu.externalid-number-accepted: no sentence says how a value of another
// JSON type is read; coercing 42 to "42" is what Jackson does by default (the frameworks persona, row 47; D32).
// Retired: hr.bu.level3-archive-not-stored, hr.write.update-unarchives: HR core has no read, and an archived record differs
// from a live one only where 001 is silent (whether an archived child still references its parent, D38 and the variant
// hr.variant.bu-archived-children-block; writes to an archived record, 001 §3 "Transitions out of the archived state: not
// shown"), so no request can tell either fault from a lawful server.
