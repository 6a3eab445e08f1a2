/**
 * The checks whose judgement is a status, each from its own file: not-found, auth-enforced, scope,
 * validation, hierarchy, access-level, filter-cap and setup (a 5xx before any of them is
 * 'no-server-error', a missing answer 'transport'); and the token endpoint's answers (token, auth-enforced).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { expectUsableAtLevel, usableAtLevelOutcome } from '../../src/checks/registry/access-level';
import {
  credentialsRefusalStatus,
  credentialsRefusedOutcome,
  expectCredentialsRefused,
  challengeOutcome,
  challengeSchemes,
  expectRefusalChallenge,
  expectSecretMissingRefused,
  expectTokenRefused,
  tokenRefusedOutcome,
} from '../../src/checks/registry/auth-enforced';
import { issuedToken } from '../../src/checks/token-answer';
import { capRefusedOutcome, expectCapRefused, expectNotCapped, notCappedOutcome } from '../../src/checks/registry/filter-cap';
import {
  archiveOutcome,
  expectArchiveAccepted,
  expectArchiveRefused,
  expectParentAccepted,
  expectParentRequired,
  parentAcceptedOutcome,
  parentRequiredOutcome,
} from '../../src/checks/registry/hierarchy';
import { expectNotFound, notFoundOutcome } from '../../src/checks/registry/not-found';
import {
  expectNotRefusedForScope,
  expectScopeAccepted,
  expectScopeRefused,
  notRefusedForScopeOutcome,
  scopeAcceptedOutcome,
} from '../../src/checks/registry/scope';
import { expectSetup, expectSetupShown, failSetup, setupAcceptedOutcome, setupShownOutcome } from '../../src/checks/registry/setup';
import {
  answeredByReadingOutcome,
  expectAcceptedOr422,
  expectAcceptedOrRefused,
  expectRefused,
  expectValidationFailed,
  refusalOutcome,
} from '../../src/checks/registry/validation';
import { RM_TAG_WITHOUT_EMAIL, RM_UNTYPED_BODY } from '../../src/readings/entries/rm-records';
import { answered, conforms, exchange, fails, judged, verdictOf, tokenAnswer } from './checks-kit';

const hr = (status: number | null, opId = 'hr.employee.put') =>
  exchange({ api: 'hr', operationId: opId, method: 'PUT', path: '/hrcore/employee', status });
const learning = (status: number | null) =>
  exchange({ api: 'learning', operationId: 'learning.activities.put', method: 'PUT', path: '/learning/activities/externalId/a1', status });

test('notFoundOutcome: 404 for a record that does not exist', () => {
  conforms(notFoundOutcome(answered({ status: 404 })));
  fails(notFoundOutcome(answered({ status: 200 }), 'unknown {candidateId}'), 'expected 404 (unknown {candidateId})');
});

test("expectNotFound: the row's clause where the operation documents 404, else 000 §7; a 5xx is no-server-error", () => {
  const get = exchange({ operationId: 'rm.candidates.get', path: '/candidates/nope', status: 200 });
  verdictOf(() => expectNotFound(get), {
    check: 'not-found',
    clause: 'rm.op.candidates.get',
    verdict: 'failed',
    about: get,
    cells: ['404'],
    judgesStatus: true,
  });
  const jobs = exchange({ operationId: 'rm.lists.list', path: '/lists', status: 404 });
  verdictOf(() => expectNotFound(jobs), { check: 'not-found', clause: 'rm.error.404', verdict: 'passed', about: jobs, cells: [] });
  const crashed = exchange({ operationId: 'rm.candidates.get', status: 500 });
  verdictOf(() => expectNotFound(crashed), { check: 'no-server-error', clause: 'rm.op.candidates.get', verdict: 'failed', about: crashed });
});

test('credentialsRefusedOutcome: RM 401; v3 401 or 403 (RFC 6750 §3.1); any 4xx where the route is not shown', () => {
  assert.equal(credentialsRefusalStatus(exchange()), 401);
  assert.deepEqual(credentialsRefusalStatus(hr(403)), [401, 403]);
  assert.equal(credentialsRefusalStatus(hr(404), false), '4xx');
  conforms(credentialsRefusedOutcome(answered({ status: 401 })));
  fails(credentialsRefusedOutcome(answered({ status: 403 })), 'expected 401');
  conforms(credentialsRefusedOutcome(answered({ api: 'hr', operationId: 'hr.employee.put', status: 403 })));
  fails(credentialsRefusedOutcome(answered({ api: 'hr', operationId: 'hr.employee.put', status: 404 })), 'expected 401 or 403');
  conforms(credentialsRefusedOutcome(answered({ api: 'hr', operationId: 'hr.employee.put', status: 404 }), { routeShown: false }));
});

test('expectCredentialsRefused: auth-enforced, about the exchange, speaking for the refusal cell', () => {
  const rm = exchange({ status: 200 });
  verdictOf(() => expectCredentialsRefused(rm, 'rm.auth.401', { why: 'sent without credentials' }), {
    check: 'auth-enforced',
    clause: 'rm.auth.401',
    verdict: 'failed',
    about: rm,
    cells: ['401'],
    judgesStatus: true,
  });
  const v3 = exchange({
    api: 'hr',
    operationId: 'hr.employee.put',
    status: 403,
    headers: { 'www-authenticate': 'Bearer error="insufficient_scope"' },
  });
  const [status] = judged(() => expectCredentialsRefused(v3, 'v3.auth.token')).verdicts.filter((v) => v.judgesStatus);
  assert.equal(status?.check, 'auth-enforced');
  assert.equal(status?.clause, 'v3.auth.token');
  assert.equal(status?.verdict, 'passed');
  assert.deepEqual(status?.cells, ['4xx']);
  // The refusal names its Bearer challenge (RFC 6750 §3): the last verdict.
  verdictOf(() => expectCredentialsRefused(v3, 'v3.auth.token'), {
    check: 'auth-enforced',
    clause: 'rfc6750.3.bearer',
    verdict: 'passed',
    about: v3,
  });
  const unchallenged = hr(401);
  verdictOf(() => expectCredentialsRefused(unchallenged, 'v3.auth.token'), {
    check: 'auth-enforced',
    clause: 'rfc6750.3.challenge',
    verdict: 'failed',
    about: unchallenged,
  });
  const none = hr(null);
  // No answer: 'transport' (judged before the 5xx check, as every wrapper that first rules out a server error does).
  verdictOf(() => expectCredentialsRefused(none, 'v3.auth.token'), {
    check: 'transport',
    clause: 'v3.auth.token',
    verdict: 'failed',
    about: none,
  });
});

test('tokenRefusedOutcome / expectTokenRefused: no token to wrong client credentials; by the form 400 or 401 invalid_client (D56), by basic 401 with a Basic challenge', () => {
  const challenge = { 'content-type': 'application/json', 'www-authenticate': 'Basic realm="token"' };
  const refused = tokenAnswer(401, { error: 'invalid_client' }, challenge);
  const issued = tokenAnswer(200, { access_token: 'abc' });
  assert.equal(issuedToken(issued), 'abc');
  assert.equal(issuedToken(refused), null);
  conforms(tokenRefusedOutcome(refused, 'a wrong client secret'));
  fails(tokenRefusedOutcome(issued, 'a wrong client secret'), 'answered 200 with an access_token to a wrong client secret');
  fails(tokenRefusedOutcome(tokenAnswer(500, null), 'an unknown client'), 'answered 500');
  verdictOf(() => expectTokenRefused(issued, 'post', 'an unknown client'), {
    check: 'auth-enforced',
    clause: 'rfc6749.4.4.2.authenticate',
    verdict: 'failed',
    about: issued.exchange,
    cells: [],
  });
  // By the form: 400 invalid_client is a reading; 401 needs its challenge (RFC 9110 §15.5.2).
  const form400 = tokenAnswer(400, { error: 'invalid_client' });
  const v = verdictOf(() => expectTokenRefused(form400, 'post', 'a wrong client secret'), {
    check: 'auth-enforced',
    clause: 'rfc6749.5.2.invalid-client',
    verdict: 'passed',
    about: form400.exchange,
  });
  assert.deepEqual(v.reading?.held, ['invalid-client-400']);
  const wrongCode = tokenAnswer(400, { error: 'invalid_request' });
  verdictOf(() => expectTokenRefused(wrongCode, 'post', 'x'), {
    check: 'auth-enforced',
    clause: 'rfc6749.5.2.invalid-client',
    verdict: 'failed',
    about: wrongCode.exchange,
  });
  const bare401 = tokenAnswer(401, { error: 'invalid_client' });
  verdictOf(() => expectTokenRefused(bare401, 'post', 'x'), {
    check: 'auth-enforced',
    clause: 'rfc9110.15.5.2.challenge',
    verdict: 'failed',
    about: bare401.exchange,
  });
  verdictOf(() => expectTokenRefused(refused, 'post', 'x'), {
    check: 'auth-enforced',
    clause: 'rfc9110.15.5.2.challenge',
    verdict: 'passed',
    about: refused.exchange,
  });
  // By HTTP basic: 401 with a Basic challenge, nothing else.
  verdictOf(() => expectTokenRefused(form400, 'basic', 'x'), {
    check: 'auth-enforced',
    clause: 'rfc6749.5.2.invalid-client-basic',
    verdict: 'failed',
    about: form400.exchange,
  });
  const bearerChallenge = tokenAnswer(401, { error: 'invalid_client' }, { 'www-authenticate': 'Bearer realm="x"' });
  verdictOf(() => expectTokenRefused(bearerChallenge, 'basic', 'x'), {
    check: 'auth-enforced',
    clause: 'rfc6749.5.2.invalid-client-basic',
    verdict: 'failed',
    about: bearerChallenge.exchange,
  });
  verdictOf(() => expectTokenRefused(refused, 'basic', 'x'), {
    check: 'auth-enforced',
    clause: 'rfc6749.5.2.invalid-client-basic',
    verdict: 'passed',
    about: refused.exchange,
  });
});

test('expectSecretMissingRefused: the client_id without its secret gets no token; invalid_client 400 or 401, or invalid_request 400 (D92)', () => {
  const issued = tokenAnswer(200, { access_token: 'abc' });
  verdictOf(() => expectSecretMissingRefused(issued), {
    check: 'auth-enforced',
    clause: 'rfc6749.4.4.2.authenticate',
    verdict: 'failed',
    about: issued.exchange,
    cells: [],
  });
  for (const [status, error, reading] of [
    [400, 'invalid_request', 'invalid-request-400'],
    [400, 'invalid_client', 'invalid-client-400'],
  ] as const) {
    const answer = tokenAnswer(status, { error });
    const v = verdictOf(() => expectSecretMissingRefused(answer), {
      check: 'auth-enforced',
      clause: 'rfc6749.5.2.invalid-client',
      verdict: 'passed',
      about: answer.exchange,
    });
    assert.deepEqual(v.reading?.held, [reading]);
  }
  const unauthorized = tokenAnswer(400, { error: 'unauthorized_client' });
  verdictOf(() => expectSecretMissingRefused(unauthorized), {
    check: 'auth-enforced',
    clause: 'rfc6749.5.2.invalid-client',
    verdict: 'failed',
    about: unauthorized.exchange,
  });
  const bare401 = tokenAnswer(401, { error: 'invalid_client' });
  verdictOf(() => expectSecretMissingRefused(bare401), {
    check: 'auth-enforced',
    clause: 'rfc9110.15.5.2.challenge',
    verdict: 'failed',
    about: bare401.exchange,
  });
});

test('challengeSchemes, challengeOutcome / expectRefusalChallenge: every 401 names a challenge; a v3 refusal a Bearer one', () => {
  assert.deepEqual(challengeSchemes('Basic realm="simple", Newauth realm="apps", type=1, title="Login"'), ['basic', 'newauth']);
  assert.deepEqual(challengeSchemes('Bearer'), ['bearer']);
  assert.deepEqual(challengeSchemes('Bearer error="invalid_token", error_description="x, y"'), ['bearer']);
  assert.deepEqual(challengeSchemes(undefined), []);
  conforms(challengeOutcome(answered({ status: 401, headers: { 'www-authenticate': 'Basic realm="x"' } })));
  fails(challengeOutcome(answered({ status: 401 })), 'no WWW-Authenticate header');
  fails(challengeOutcome(answered({ status: 401, headers: { 'www-authenticate': 'Basic realm="x"' } }), 'Bearer'), 'no Bearer challenge');
  const rm401 = answered({ status: 401 });
  verdictOf(() => expectRefusalChallenge(rm401), {
    check: 'auth-enforced',
    clause: 'rfc9110.15.5.2.challenge',
    verdict: 'failed',
    about: rm401,
  });
  const v3403 = answered({ api: 'hr', operationId: 'hr.employee.put', status: 403, headers: { 'www-authenticate': 'Basic realm="x"' } });
  verdictOf(() => expectRefusalChallenge(v3403), { check: 'auth-enforced', clause: 'rfc6750.3.bearer', verdict: 'failed', about: v3403 });
  const v3401 = answered({ api: 'hr', operationId: 'hr.employee.put', status: 401 });
  verdictOf(() => expectRefusalChallenge(v3401), {
    check: 'auth-enforced',
    clause: 'rfc6750.3.challenge',
    verdict: 'failed',
    about: v3401,
  });
  // A 404 is no refusal of credentials: nothing judged.
  assert.equal(
    judged(() => expectRefusalChallenge(answered({ api: 'hr', operationId: 'hr.employee.put', status: 404 }))).verdicts.length,
    0,
  );
});

test('scope: refused like credentials, accepted with several scopes, never refused for credentials when it carries the scope', () => {
  conforms(scopeAcceptedOutcome(answered({ api: 'hr', operationId: 'hr.employee.put', status: 201 })));
  fails(
    scopeAcceptedOutcome(answered({ api: 'hr', operationId: 'hr.employee.put', status: 403 }), 'several scopes'),
    'expected 2xx (several scopes)',
  );
  conforms(notRefusedForScopeOutcome(hr(400), 'x'));
  conforms(notRefusedForScopeOutcome(hr(null), 'x'));
  fails(notRefusedForScopeOutcome(hr(403), 'several scopes'), '-> 403: several scopes');
  const refused = hr(200);
  verdictOf(() => expectScopeRefused(refused, 'v3.auth.scope', { why: 'no write scope' }), {
    check: 'scope',
    clause: 'v3.auth.scope',
    verdict: 'failed',
    about: refused,
    cells: ['4xx'],
    judgesStatus: true,
  });
  const accepted = hr(201);
  verdictOf(() => expectScopeAccepted(accepted, 'v3.auth.scope'), {
    check: 'scope',
    clause: 'v3.auth.scope',
    verdict: 'passed',
    about: accepted,
    cells: ['2xx'],
  });
  const probe = hr(401, 'hr.employee-reference.put');
  verdictOf(() => expectNotRefusedForScope(probe, 'v3.auth.scope', 'several scopes'), {
    check: 'scope',
    clause: 'v3.auth.scope',
    verdict: 'failed',
    about: probe,
    cells: ['4xx'],
    judgesStatus: false,
  });
});

test('validation: any 4xx where the status is not shown, the documented 422 of an RM row, or 201 and 422 where acceptance is lawful', () => {
  conforms(refusalOutcome(answered({ status: 422 }), 422));
  fails(refusalOutcome(answered({ status: 201 }), '4xx', 'externalId is required'), 'expected 4xx (externalId is required)');
  const v3 = hr(200);
  verdictOf(() => expectRefused(v3, 'hr.employee.externalId', 'externalId is required'), {
    check: 'validation',
    clause: 'hr.employee.externalId',
    verdict: 'failed',
    about: v3,
    cells: ['4xx'],
    judgesStatus: true,
  });
  const create = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 422 });
  verdictOf(() => expectValidationFailed(create), {
    check: 'validation',
    clause: 'rm.op.candidates.create',
    verdict: 'passed',
    about: create,
    cells: ['422'],
    judgesStatus: true,
  });
  const file = exchange({ operationId: 'rm.candidate-files.create', method: 'POST', status: 400 });
  verdictOf(() => expectAcceptedOr422(file, 'rm.rule.file-refused'), {
    check: 'validation',
    clause: 'rm.rule.file-refused',
    verdict: 'failed',
    about: file,
    cells: ['201', '422'],
  });
  const accepted = exchange({ operationId: 'rm.candidate-files.create', method: 'POST', status: 201 });
  verdictOf(() => expectAcceptedOr422(accepted, 'rm.rule.file-refused'), {
    check: 'validation',
    clause: 'rm.rule.file-refused',
    verdict: 'passed',
    about: accepted,
    cells: ['201'],
  });
});

test('answeredByReadingOutcome / expectAcceptedOrRefused: a reading of the entry on the status, named in the verdict (D12, D13)', () => {
  const post = (status: number) => answered({ operationId: 'rm.candidates.create', method: 'POST', status });
  assert.deepEqual(answeredByReadingOutcome(post(201), RM_UNTYPED_BODY, [201], 'no type').judgement.held, ['type-optional']);
  assert.deepEqual(answeredByReadingOutcome(post(422), RM_UNTYPED_BODY, [201], 'no type').judgement.held, ['type-required']);
  fails(answeredByReadingOutcome(post(400), RM_UNTYPED_BODY, [201], 'no type').outcome, 'no type', 'none of the lawful readings');
  const refused = exchange({ operationId: 'rm.candidate-tags.create', method: 'POST', status: 422 });
  const { verdicts } = judged(() =>
    expectAcceptedOrRefused(refused, 'rm.op.candidate-tags.create', RM_TAG_WITHOUT_EMAIL, [200], 'no email'),
  );
  const last = verdicts[verdicts.length - 1];
  assert.equal(last?.check, 'validation');
  assert.equal(last?.verdict, 'passed');
  assert.deepEqual(last?.reading, { entry: 'rm.write.tag-without-email', held: ['email-required'], declared: null });
  // A 5xx is no reading: no-server-error says so first.
  const broken = exchange({ operationId: 'rm.candidate-tags.create', method: 'POST', status: 500 });
  assert.equal(
    judged(() => expectAcceptedOrRefused(broken, 'rm.op.candidate-tags.create', RM_TAG_WITHOUT_EMAIL, [200], 'x')).verdicts[0]?.check,
    'no-server-error',
  );
});

test('hierarchy: an archive is refused while a live lower-level unit references the unit, accepted when none ever did; a unit needs its parent', () => {
  const unit = (status: number) => answered({ api: 'hr', operationId: 'hr.business-unit-level2.put', method: 'PUT', status });
  conforms(archiveOutcome(unit(409), true, 'level 3 unit u3 references it'));
  conforms(archiveOutcome(unit(200), false, 'never referenced'));
  fails(archiveOutcome(unit(200), true, 'level 3 unit u3 references it'), 'expected 4xx (level 3 unit u3 references it)');
  conforms(parentRequiredOutcome(unit(400), 'level1ExternalId'));
  fails(parentRequiredOutcome(unit(201), 'level1ExternalId is required'), 'expected 4xx');
  const archived = unit(200);
  verdictOf(() => expectArchiveRefused(archived, 'hr.state.bu-archive-refused', 'still referenced'), {
    check: 'hierarchy',
    clause: 'hr.state.bu-archive-refused',
    verdict: 'failed',
    about: archived,
    cells: ['4xx'],
    judgesStatus: true,
  });
  const leaf = unit(204);
  verdictOf(() => expectArchiveAccepted(leaf, 'hr.state.bu-archive', 'never referenced'), {
    check: 'hierarchy',
    clause: 'hr.state.bu-archive',
    verdict: 'passed',
    about: leaf,
    cells: ['2xx'],
  });
  const orphan = unit(201);
  verdictOf(() => expectParentRequired(orphan, 'hr.bu.level1ExternalId', 'needs level1ExternalId'), {
    check: 'hierarchy',
    clause: 'hr.bu.level1ExternalId',
    verdict: 'failed',
    about: orphan,
    cells: ['4xx'],
  });
  conforms(parentAcceptedOutcome(unit(201), 'level1ExternalId names live unit u1'));
  fails(parentAcceptedOutcome(unit(400), 'level1ExternalId names live unit u1'), 'expected 2xx');
  const underParent = unit(400);
  verdictOf(() => expectParentAccepted(underParent, 'hr.bu.level1ExternalId', 'names live unit u1'), {
    check: 'hierarchy',
    clause: 'hr.bu.level1ExternalId',
    verdict: 'failed',
    about: underParent,
    cells: ['2xx'],
    judgesStatus: true,
  });
  const placed = unit(200);
  verdictOf(() => expectParentAccepted(placed, 'hr.bu.level1ExternalId', 'names live unit u1'), {
    check: 'hierarchy',
    clause: 'hr.bu.level1ExternalId',
    verdict: 'passed',
    about: placed,
    cells: ['2xx'],
  });
});

test('access-level: what the access level allows is accepted', () => {
  conforms(usableAtLevelOutcome(answered({ api: 'learning', operationId: 'learning.activities.put', status: 201 }), 'text'));
  fails(
    usableAtLevelOutcome(answered({ api: 'learning', operationId: 'learning.activities.put', status: 400 }), 'weblink at private'),
    'weblink at private',
  );
  const refused = learning(400);
  verdictOf(() => expectUsableAtLevel(refused, 'learning.content', 'weblink at private'), {
    check: 'access-level',
    clause: 'learning.content',
    verdict: 'failed',
    about: refused,
    cells: [],
    judgesStatus: true,
  });
});

test('filter-cap: beyond the cap the documented 400; within it, or by cursor, never 400', () => {
  conforms(capRefusedOutcome(answered({ status: 400 })));
  fails(capRefusedOutcome(answered({ status: 200 })), 'expected 400');
  const beyond = exchange({ status: 200, path: '/candidates?page=10001&per_page=1' });
  verdictOf(() => expectCapRefused(beyond), {
    check: 'filter-cap',
    clause: 'rm.query.filter-cap',
    verdict: 'failed',
    about: beyond,
    cells: ['400'],
    judgesStatus: true,
  });
  conforms(notCappedOutcome(exchange({ status: 200 }), 'x'));
  fails(notCappedOutcome(exchange({ status: 400 }), 'within the cap'), '-> 400: within the cap');
  const within = exchange({ status: 400 });
  verdictOf(() => expectNotCapped(within, 'within the cap'), {
    check: 'filter-cap',
    clause: 'rm.query.filter-cap',
    verdict: 'failed',
    about: within,
    cells: ['400'],
    judgesStatus: false,
  });
});

test('setup: a request the test builds on succeeds, and what it made is shown', () => {
  conforms(setupAcceptedOutcome(answered({ status: 201 })));
  fails(setupAcceptedOutcome(answered({ status: 409 }), 'precondition'), 'expected 2xx (precondition)');
  conforms(setupShownOutcome('c1', 'x'));
  fails(setupShownOutcome(null, 'neither the answer nor the filter shows it'), 'neither the answer');
  const create = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 500 });
  verdictOf(() => expectSetup(create, 'rm.op.candidates.create'), {
    check: 'no-server-error',
    clause: 'rm.op.candidates.create',
    verdict: 'failed',
    about: create,
  });
  const made = exchange({ operationId: 'rm.candidates.create', method: 'POST', status: 201 });
  const read = exchange();
  verdictOf(() => expectSetupShown(null, [made, read], 'rm.op.candidates.create', 'not shown'), {
    check: 'setup',
    clause: 'rm.op.candidates.create',
    verdict: 'failed',
    about: made,
    also: [read],
    cells: ['201'],
  });
  const { verdicts, thrown } = judged(() => failSetup('v3.auth.token', 'no token'));
  assert.equal(verdicts[0]?.check, 'setup');
  assert.equal(verdicts[0]?.exchangeSeq, null);
  assert.ok(thrown instanceof Error);
});
