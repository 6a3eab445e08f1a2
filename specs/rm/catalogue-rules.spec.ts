/**
 * The rules every RM operation shares, one test per operation of the catalogue per rule, from the
 * tables of specs/kit/rm-rules.ts (credentials, 000 §5; unknown path ids, 000 §7); and 000 §5.3: the
 * ordinary `date` header may replace `x-hmac-date`.
 */
import { declares, test, expectDocumented, expectStatus, pathOf, type QueryValue } from '../kit';
import { hmacBasicAuth, candidateBody, rmCatalogueRules } from '../kit/rm';
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';

for (const { describe, cases } of rmCatalogueRules()) {
  test.describe(describe, () => {
    for (const { title, declares: declared, run } of cases) {
      test(title, declares(...declared), async ({ rm, target, rmShared, cleanup, observe }) => {
        await run({ rm, target, rmShared, cleanup, observe });
      });
    }
  });
}

test.describe('credentials: the date header (000 §5.3)', () => {
  test(
    'requests carrying the ordinary date header instead of x-hmac-date are served @smoke',
    declares('rm.candidates.get 200', 'rm.candidates.list 200', 'rm.candidates.update 200'),
    async ({ rm, target, rmShared, cleanup, observe }) => {
      // 000 §5.3: "The request header `x-hmac-date` may be replaced by the ordinary `date` header."
      const list = operation('rm.candidates.list');
      const get = operation('rm.candidates.get');
      const update = operation('rm.candidates.update');
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
    },
  );
});
