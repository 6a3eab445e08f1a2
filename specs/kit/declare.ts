/**
 * Coverage declared where a test is declared: `test(title, declares('rm.jobs.list 200', 'rm.candidates.create'), body)`.
 * Each item is a catalogue operation the test calls, or a cell ("<operation id> <documented status>") it sets
 * out to earn (its operation called too). Playwright keeps these annotations when it only lists the tests
 * (`--list`), so `npm start -- --operation` and `npm run checks` answer without running one; the self-test
 * holds every test's exchanges and earned cells to its declaration (src/runner/declared.ts).
 */
import type { TestDetails, TestInfo } from '@playwright/test';
import { operation } from '../../contract/catalogue';
import { CALLS_ANNOTATION, EARNS_ANNOTATION, declaredOf } from '../../src/reporting/coverage';
import type { ExchangeBrief } from '../../src/reporting/evidence';

/** The self-test's reference run holds each test to its declaration (CONFORMANCE_SELF_CHECK=1, set by the fault run). */
export const SELF_CHECK = process.env.CONFORMANCE_SELF_CHECK === '1';

export function declares(...items: string[]): TestDetails {
  const annotation = items.map((item) => {
    const [id = '', status, extra] = item.split(' ');
    const op = operation(id); // throws on an id the catalogue does not have
    if (extra !== undefined) throw new Error(`declares(${JSON.stringify(item)}): give "<operation id>" or "<operation id> <status>"`);
    if (status === undefined) return { type: CALLS_ANNOTATION, description: op.id };
    if (!op.responses.some((r) => r.status === status))
      throw new Error(`declares(${JSON.stringify(item)}): ${op.id} documents no status ${status}`);
    return { type: EARNS_ANNOTATION, description: `${op.id} ${status}` };
  });
  return { annotation };
}

/** An error of the suite, not of the target: a test called an operation it does not declare. */
export function undeclaredCalls(testInfo: TestInfo, exchanges: readonly ExchangeBrief[]): void {
  const { calls } = declaredOf(testInfo.annotations);
  const called = [...new Set(exchanges.flatMap((e) => (e.operationId && !e.setup ? [e.operationId] : [])))];
  const missing = called.filter((id) => !calls.includes(id));
  if (missing.length > 0)
    throw new Error(
      `the test calls ${missing.join(', ')} but does not declare it: add it to declares(...) in its details (specs/kit/declare.ts)`,
    );
}
