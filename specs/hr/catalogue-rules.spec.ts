/**
 * The rules 001 states once for every HR core operation, one test per operation of the catalogue
 * per rule (the tables, and which operations each sentence covers, are in specs/kit/v3-rules.ts):
 * - 001 §2, §4 Shared write rules 1 and 4: a body without externalId, a create without the name
 *   001 §2 requires, and an update of an existing record with only externalId are refused with a
 *   validation message;
 * - 001 §5.1: no token, a malformed token and forged tokens are refused (401 or 403);
 * - 001 §5.2: a token without Public.HrCore.Write is refused; a token asked for with several
 *   space-separated scopes, Public.HrCore.Write among them, is accepted;
 * - 001 §5.4: a token of another tenant's client is observed.
 * The learning operation's share of these rules is in specs/learning/catalogue-rules.spec.ts.
 */
import { declares, test } from '../kit';
import { catalogueRules } from '../kit/hr';

for (const { describe, cases } of catalogueRules('hr')) {
  test.describe(describe, () => {
    for (const { title, declares: declared, run } of cases) {
      test(title, declares(...declared), async ({ hr, hrTokens, target, cleanup, observe, unitParents }) => {
        await run({ client: hr, tokens: hrTokens, target, cleanup, observe, unitParents });
      });
    }
  });
}
