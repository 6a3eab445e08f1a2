/**
 * The rules every RM operation shares, one test per operation of the catalogue (nothing by hand):
 * - 000 §5.1/§5.4: every operation requires credentials; none, a wrong secret, or an API key the
 *   target does not know (with the right secret), give 401;
 * - 000 §5.3: the ordinary `date` header may replace `x-hmac-date`;
 * - 000 §7 (and the 404 of each operation in 000 §4): an addressed record that does not exist gives
 *   404, for each path id in turn while the others exist.
 */
import { test } from '../fixtures';
import { operationsOf } from '../../src/catalogue';
import type { OperationSpec } from '../../src/catalogue/types';
import type { Target } from '../../src/config/target';
import { expectDocumented, expectNoServerError, expectStatus } from '../../src/checks';
import { hmacBasicAuth } from '../../src/auth/hmac-basic';
import { NO_AUTH, pathFor, type ApiClient } from '../../src/http/client';
import type { Cleanup } from '../../src/runner/cleanup';
import { bodyShape } from '../../src/reporting/observations';
import {
  candidateBody,
  discoverJob,
  discoverJobApplication,
  discoverRecruitmentEvent,
  educationBody,
  employmentBody,
  fileBody,
  RESUME_BASE64,
  resolveListId,
  runEmail,
  runTag,
  sharedRecords,
  tagBody,
  unknownId,
} from '../support/rm';

/** A valid request body for each RM write, so that only credentials or ids can be wrong. */
function exampleBody(op: OperationSpec, target: Target): unknown {
  switch (op.id) {
    case 'rm.candidates.create':
      return candidateBody({ email: runEmail(target, 'table'), first_name: 'Conformance', last_name: target.run.runId });
    case 'rm.candidates.update':
      return candidateBody({ first_name: 'Conformance' });
    case 'rm.candidate-tags.create':
      return tagBody(runTag(target, 'table'));
    case 'rm.candidate-files.create':
      return fileBody('conformance-table.txt', RESUME_BASE64);
    case 'rm.educations.create':
      return educationBody({ school: { name: 'Conformance University' } });
    case 'rm.employments.create':
      return employmentBody({ company: { name: 'Conformance Ltd' } });
    default:
      return undefined;
  }
}

/** Operations whose success cannot be undone on a real target: never sent with real ids here. */
const DESTRUCTIVE = new Set(['rm.ats-candidates.anonymise']);

/** An existing record for each path parameter, or null when the target shows none. */
async function existingIds(op: OperationSpec, rm: ApiClient, target: Target, cleanup: Cleanup): Promise<Record<string, string | null>> {
  const ids: Record<string, string | null> = {};
  for (const { name } of op.pathParams) {
    switch (name) {
      case 'candidateId':
        ids[name] = (await sharedRecords(rm, target, cleanup)).candidateId;
        break;
      case 'educationId':
        ids[name] = (await sharedRecords(rm, target, cleanup)).educationId;
        break;
      case 'employmentId':
        ids[name] = (await sharedRecords(rm, target, cleanup)).employmentId;
        break;
      case 'tagId':
        ids[name] = (await sharedRecords(rm, target, cleanup)).tagId;
        break;
      case 'listId':
        ids[name] = await resolveListId(rm, target);
        break;
      case 'jobId':
        ids[name] = await discoverJob(rm, target);
        break;
      case 'recruitmentEventId':
        ids[name] = await discoverRecruitmentEvent(rm, target);
        break;
      case 'jobApplicationId':
        ids[name] = await discoverJobApplication(rm, target);
        break;
      case 'atsIntegrationId':
        ids[name] = target.run.allowDestructive ? (target.rm?.atsIntegrationId ?? null) : null;
        break;
      case 'candidateAtsId':
        ids[name] = target.run.allowDestructive ? (target.rm?.atsCandidateId ?? null) : null;
        break;
      default:
        ids[name] = null;
    }
  }
  return ids;
}

function withUnknowns(ids: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v ?? unknownId()]));
}

const rmOperations = operationsOf('rm');

test.describe('every operation: credentials (000 §5)', () => {
  for (const op of rmOperations) {
    test(`${op.method} ${op.path} answers 401 without credentials, with a wrong secret and with an unknown API key @smoke`, async ({
      rm,
      target,
      covers,
      cleanup,
      observe,
    }) => {
      if (op.responses.some((r) => r.status === '401')) covers(op.id, '401');
      // Real ids where they are harmless, so that only the credentials are wrong.
      const none = Object.fromEntries(op.pathParams.map((p) => [p.name, null]));
      const ids = withUnknowns(DESTRUCTIVE.has(op.id) ? none : await existingIds(op, rm, target, cleanup));
      const path = pathFor(op.path, ids);
      const body = exampleBody(op, target);
      const wrongSecret = hmacBasicAuth(target.rm?.apiKey ?? '', `${target.rm?.apiSecret ?? ''}-wrong`);
      // 000 §5.2: the API key takes the place of the user name; a key the target never issued, with the real secret.
      const unknownKey = hmacBasicAuth(`conformance-unknown-key-${unknownId()}`, target.rm?.apiSecret ?? '');
      const ways = [
        ['without credentials', NO_AUTH],
        ['with a wrong secret', wrongSecret],
        ['with an unknown API key', unknownKey],
      ] as const;
      for (const [how, auth] of ways) {
        const ex = await rm.send({ method: op.method, path, body, auth, operationId: op.id });
        // Every operation requires credentials (000 §5.1), also where its row lists no 401.
        expectNoServerError(ex, 'rm.auth.401');
        expectStatus(ex, 401, { check: 'auth-enforced', clause: 'rm.auth.401', why: `sent ${how}: missing or invalid credentials` });
        if (op.responses.some((r) => r.status === '401')) expectDocumented(ex, op, '401', { statusCheck: 'auth-enforced', schema: false });
        observe('error-body', `${op.method} ${op.path} 401 (${how})`, bodyShape(ex.response?.text ?? ''));
      }
    });
  }
});

test.describe('every operation: unknown path ids (000 §7)', () => {
  for (const op of rmOperations.filter((o) => o.pathParams.length > 0)) {
    const names = op.pathParams.map((p) => `{${p.name}}`).join(' or ');
    test(`${op.method} ${op.path} answers 404 for an unknown ${names}`, async ({ rm, target, covers, cleanup, observe }) => {
      const documented = op.responses.some((r) => r.status === '404');
      if (documented) covers(op.id, '404');
      const existing = await existingIds(op, rm, target, cleanup);
      for (const { name } of op.pathParams) {
        const ids = { ...withUnknowns(existing), [name]: unknownId() };
        const ex = await rm.send({ method: op.method, path: pathFor(op.path, ids), body: exampleBody(op, target), operationId: op.id });
        if (documented) expectDocumented(ex, op, '404', { statusCheck: 'not-found', schema: false });
        else expectStatus(ex, 404, { check: 'not-found', clause: 'rm.error.404', why: `unknown {${name}}` });
        observe('error-body', `${op.method} ${op.path} 404 (unknown {${name}})`, bodyShape(ex.response?.text ?? ''));
      }
    });
  }
});

test.describe('credentials: the date header (000 §5.3)', () => {
  test('requests carrying the ordinary date header instead of x-hmac-date are served @smoke', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    // 000 §5.3: "The request header `x-hmac-date` may be replaced by the ordinary `date` header."
    const list = covers('rm.candidates.list', '200');
    const get = covers('rm.candidates.get', '200');
    const update = covers('rm.candidates.update', '200');
    const { candidateId } = await sharedRecords(rm, target, cleanup);
    const auth = hmacBasicAuth(target.rm?.apiKey ?? '', target.rm?.apiSecret ?? '', { dateHeader: false });
    const requests = [
      { op: list, path: list.path, query: { page: 1, per_page: 1 }, body: undefined },
      { op: get, path: pathFor(get.path, { candidateId }), query: {}, body: undefined },
      { op: update, path: pathFor(update.path, { candidateId }), query: {}, body: candidateBody({ first_name: 'Conformance' }) },
    ];
    for (const { op, path, query, body } of requests) {
      const headers = { date: new Date().toUTCString() };
      const ex = await rm.send({ method: op.method, path, query, body, headers, auth, operationId: op.id });
      const sent = Object.keys(ex.request.headers).map((h) => h.toLowerCase());
      // The suite's own client must send date alone, else this test proves nothing: an error of the suite, not the target.
      if (!sent.includes('date') || sent.includes('x-hmac-date'))
        throw new Error(`${op.method} ${path} was not sent with date alone: ${sent.join(', ')}`);
      expectStatus(ex, 200, { clause: 'rm.auth.date-header', why: 'the date header replaces x-hmac-date' });
      expectDocumented(ex, op, '200');
    }
    observe('headers', 'RM requests with date instead of x-hmac-date', 'served');
  });
});
