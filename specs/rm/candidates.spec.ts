/**
 * Candidates (000 §4 Operations: GET/POST /candidates, GET /candidates/{candidateId}) and the
 * credentials rule every RM operation shares (000 §5).
 */
import { test } from '../fixtures';
import { expectDocumented, expectStatus } from '../../src/checks';
import { hmacBasicAuth } from '../../src/auth/hmac-basic';
import { NO_AUTH, pathFor } from '../../src/http/client';
import { candidateBody, createCandidate, runEmail } from '../support/rm';

test.describe('candidates', () => {
  test('GET /candidates answers 200 with candidate resources @smoke', async ({ rm, covers }) => {
    const op = covers('rm.candidates.list', '200');
    const ex = await rm.send({ method: 'GET', path: op.path, query: { per_page: 5 }, operationId: op.id });
    expectDocumented(ex, op, '200');
  });

  test('GET /candidates without credentials or with a wrong secret answers 401 @smoke', async ({ rm, target, covers }) => {
    const op = covers('rm.candidates.list', '401');
    const none = await rm.send({ method: 'GET', path: op.path, auth: NO_AUTH, operationId: op.id });
    expectDocumented(none, op, '401', { statusCheck: 'auth-enforced', schema: false });
    const wrong = await rm.send({ method: 'GET', path: op.path, auth: hmacBasicAuth(target.rm?.apiKey ?? '', 'not-the-secret'), operationId: op.id });
    expectDocumented(wrong, op, '401', { statusCheck: 'auth-enforced', schema: false });
  });

  test('POST /candidates creates a candidate: 201 @smoke', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidates.create', '201');
    const email = runEmail(target, 'create');
    const ex = await rm.send({ method: 'POST', path: op.path, body: candidateBody({ email, first_name: 'Ada', last_name: 'Lovelace' }), operationId: op.id });
    expectDocumented(ex, op, '201');
    cleanup.leftover(`RM candidate ${email} (000 §4 has no operation that deletes a candidate)`);
  });

  test('POST /candidates without email answers 422', async ({ rm, covers }) => {
    const op = covers('rm.candidates.create', '422');
    const ex = await rm.send({ method: 'POST', path: op.path, body: { data: { type: 'candidates', attributes: { first_name: 'No', last_name: 'Email' } } }, operationId: op.id });
    expectDocumented(ex, op, '422', { statusCheck: 'validation', schema: false });
  });

  test('GET /candidates/{candidateId} answers 200 for a candidate and 404 for an unknown id', async ({ rm, target, covers, cleanup }) => {
    const op = covers('rm.candidates.get', '200', '404');
    const id = await createCandidate(rm, target, cleanup, 'get');
    expectDocumented(await rm.send({ method: 'GET', path: pathFor(op.path, { candidateId: id }), operationId: op.id }), op, '200');
    const missing = await rm.send({ method: 'GET', path: pathFor(op.path, { candidateId: `missing-${target.run.runId}` }), operationId: op.id });
    expectStatus(missing, 404, { seed: '000 §7' });
  });
});
