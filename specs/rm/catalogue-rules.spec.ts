/**
 * The rules every RM operation shares, one test per operation of the catalogue (nothing by hand):
 * - 000 §5.1/§5.4: every operation requires credentials; none, a wrong secret, or an API key the
 *   target does not know (with the right secret), give 401;
 * - 000 §5.3: the ordinary `date` header may replace `x-hmac-date`;
 * - 000 §7 (and the 404 of each operation in 000 §4): an addressed record that does not exist gives
 *   404, for each path id in turn while the others exist.
 */
import {
  test,
  expectCredentialsRefused,
  expectDocumented,
  expectNotFound,
  expectStatus,
  hmacBasicAuth,
  NO_AUTH,
  pathOf,
  type ApiClient,
  type AuthProvider,
  type QueryValue,
  type Target,
  type Cleanup,
  bodyShape,
  candidateBody,
  exampleBody,
  existingIds,
  type DiscoveryContext,
  unknownId,
  type RmShared,
} from '../kit';
import { operationsOf } from '../../src/catalogue';
import type { OperationSpec } from '../../src/catalogue/types';

/** Operations whose success cannot be undone on a real target: never sent with real ids here. */
const DESTRUCTIVE = new Set(['rm.ats-candidates.anonymise']);

/** Where the table tests find existing records: the discoveries of support/rm-discovery.ts, and the worker's shared records. */
function discovery(rm: ApiClient, target: Target, rmShared: RmShared, cleanup: Cleanup): DiscoveryContext {
  return { rm, target, shared: () => rmShared.records(rm, cleanup) };
}

function withUnknowns(ids: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, v ?? unknownId()]));
}

const rmOperations = operationsOf('rm');

/**
 * A body a write refuses with its 422 when credentials are right (000 §4 rule 1, rule 2 and the rows'
 * 422: no e-mail, no file content, a blank school or company name); for the tag create and the PATCH,
 * whose refusals no sentence names, a body without attributes.
 */
function invalidBody(op: OperationSpec): unknown {
  const bodies: Readonly<Record<string, unknown>> = {
    'rm.candidates.create': { data: { type: 'candidates', attributes: { first_name: 'No e-mail' } } },
    'rm.candidate-files.create': { data: { type: 'candidate_files', attributes: { filename: 'resume.txt' } } },
    'rm.educations.create': { data: { type: 'educations', attributes: { school: { name: ' ' } } } },
    'rm.employments.create': { data: { type: 'employments', attributes: { company: { name: ' ' } } } },
  };
  return bodies[op.id] ?? { data: { type: op.id.split('.')[1] ?? 'records' } };
}

test.describe('every operation: credentials (000 §5)', () => {
  for (const op of rmOperations) {
    test(`${op.method} ${op.path} answers 401 without credentials, with a wrong secret and with an unknown API key @smoke`, async ({
      rm,
      target,
      rmShared,
      covers,
      cleanup,
      observe,
    }) => {
      if (op.responses.some((r) => r.status === '401')) covers(op.id, '401');
      // Real ids where they are harmless, so that only the credentials are wrong.
      const none = Object.fromEntries(op.pathParams.map((p) => [p.name, null]));
      const ids = withUnknowns(DESTRUCTIVE.has(op.id) ? none : await existingIds(op, discovery(rm, target, rmShared, cleanup)));
      const body = exampleBody(op, target);
      const wrongSecret = hmacBasicAuth(target.rm?.apiKey ?? '', `${target.rm?.apiSecret ?? ''}-wrong`);
      // 000 §5.2: the API key takes the place of the user name; a key the target never issued, with the real secret.
      const unknownKey = hmacBasicAuth(`conformance-unknown-key-${unknownId()}`, target.rm?.apiSecret ?? '');
      // 000 §5.2: the secret takes the place of the password; the right key with no secret at all is not a credential.
      const emptySecret = hmacBasicAuth(target.rm?.apiKey ?? '', '');
      // 000 §5.1: "the scheme is declared as HTTP basic": an Authorization header of another scheme carries no valid credentials.
      const otherScheme: AuthProvider = {
        headers: async () => ({ authorization: 'Bearer conformance-not-a-basic-credential' }),
        curl: { kind: 'bearer', tokenCommand: "echo 'conformance-not-a-basic-credential'" },
      };
      const ways: (readonly [string, AuthProvider, Record<string, string>, unknown])[] = [
        ['without credentials', NO_AUTH, ids, body],
        ['with a Bearer authorization header', otherScheme, ids, body],
        ['with a wrong secret', wrongSecret, ids, body],
        ['with an unknown API key', unknownKey, ids, body],
        ['with the API key and an empty secret', emptySecret, ids, body],
      ];
      // 000 §5.4 "Missing or invalid credentials give HTTP 401" on every operation: before anything else is
      // looked at, so also for a record that does not exist (not its 404) and for a body that is invalid (not its 422).
      if (op.pathParams.length > 0) ways.push(['without credentials, for unknown path ids', NO_AUTH, withUnknowns(none), body]);
      if (op.requestBody) ways.push(['without credentials, with an invalid body', NO_AUTH, ids, invalidBody(op)]);
      for (const [how, auth, params, sent] of ways) {
        const ex = await rm.call(op.id, { params, body: sent, auth });
        // Every operation requires credentials (000 §5.1), also where its row lists no 401 (then the 401 speaks for no cell).
        expectCredentialsRefused(ex, 'rm.auth.401', { why: `sent ${how}: missing or invalid credentials` });
        observe('error-body', `${op.method} ${op.path} 401 (${how})`, bodyShape(ex.response?.text ?? ''));
      }
    });
  }
});

test.describe('every operation: unknown path ids (000 §7)', () => {
  for (const op of rmOperations.filter((o) => o.pathParams.length > 0)) {
    const names = op.pathParams.map((p) => `{${p.name}}`).join(' or ');
    test(`${op.method} ${op.path} answers 404 for an unknown ${names}`, async ({ rm, target, rmShared, covers, cleanup, observe }) => {
      const documented = op.responses.some((r) => r.status === '404');
      if (documented) covers(op.id, '404');
      const existing = await existingIds(op, discovery(rm, target, rmShared, cleanup));
      for (const { name } of op.pathParams) {
        const ids = { ...withUnknowns(existing), [name]: unknownId() };
        const ex = await rm.call(op.id, { params: ids, body: exampleBody(op, target) });
        // The clause: the row's 404 where the operation documents one, else 000 §7.
        expectNotFound(ex, `unknown {${name}}`);
        observe('error-body', `${op.method} ${op.path} 404 (unknown {${name}})`, bodyShape(ex.response?.text ?? ''));
      }
    });
  }
});

test.describe('credentials: the date header (000 §5.3)', () => {
  test('requests carrying the ordinary date header instead of x-hmac-date are served @smoke', async ({
    rm,
    target,
    rmShared,
    covers,
    cleanup,
    observe,
  }) => {
    // 000 §5.3: "The request header `x-hmac-date` may be replaced by the ordinary `date` header."
    const list = covers('rm.candidates.list', '200');
    const get = covers('rm.candidates.get', '200');
    const update = covers('rm.candidates.update', '200');
    const { candidateId } = await rmShared.records(rm, cleanup);
    const auth = hmacBasicAuth(target.rm?.apiKey ?? '', target.rm?.apiSecret ?? '', { dateHeader: false });
    const requests: { op: OperationSpec; params: Record<string, string>; query: Record<string, QueryValue>; body: unknown }[] = [
      { op: list, params: {}, query: { page: 1, per_page: 1 }, body: undefined },
      { op: get, params: { candidateId }, query: {}, body: undefined },
      { op: update, params: { candidateId }, query: {}, body: candidateBody({ first_name: 'Conformance' }) },
    ];
    for (const { op, params, query, body } of requests) {
      const headers = { date: new Date().toUTCString() };
      const ex = await rm.call(op.id, { params, query, body, headers, auth });
      const sent = Object.keys(ex.request.headers).map((h) => h.toLowerCase());
      // The suite's own client must send date alone, else this test proves nothing: an error of the suite, not the target.
      if (!sent.includes('date') || sent.includes('x-hmac-date'))
        throw new Error(`${op.method} ${pathOf(op, params)} was not sent with date alone: ${sent.join(', ')}`);
      expectStatus(ex, 200, { clause: 'rm.auth.date-header', why: 'the date header replaces x-hmac-date' });
      expectDocumented(ex, op, '200');
    }
    observe('headers', 'RM requests with date instead of x-hmac-date', 'served');
  });
});
