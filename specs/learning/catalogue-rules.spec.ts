/**
 * The rules 001 states for every v3 operation that hold for the learning operation, one test per
 * operation of the catalogue per rule (the tables are in specs/kit/v3-rules.ts, shared with
 * specs/hr/catalogue-rules.spec.ts):
 * - 001 §5.5 "Scope required for learning operations: not shown." says the learning operations need
 *   a scope, so an OAuth bearer token; which scope is not said, so only the token itself is checked:
 *   no token, a malformed or forged token are refused with 401 or 403 (RFC 6750 §3.1);
 * - a token another tenant's client obtained is observed only (001 §5.4 issues credentials "per
 *   environment", not per tenant).
 */
import { declares, test } from '../kit';
import { catalogueRules } from '../kit/learning';

for (const { describe, cases } of catalogueRules('learning')) {
  test.describe(describe, () => {
    for (const { title, declares: declared, run } of cases) {
      test(title, declares(...declared), async ({ learning, hrTokens, target, cleanup, observe }) => {
        await run({ client: learning, tokens: hrTokens, target, cleanup, observe });
      });
    }
  });
}
