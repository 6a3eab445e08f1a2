/**
 * A failed check, thrown out of the test. It carries its verdict as data (check, clause, the
 * exchange judged, the cells it speaks for, what was seen); its message says the same for people:
 * the check, what was seen, and the clause's sentence word for word. No report reads the message
 * back: the verdict travels in the test's evidence (specs/kit/fixtures.ts).
 */
import { clause as clauseOf, clauseLine } from '../../contract/clauses';
import type { Verdict } from './verdict';

export class CheckError extends Error {
  override readonly name = 'CheckError';

  constructor(readonly verdict: Verdict) {
    super(`${verdict.check}: ${verdict.detail}\n  required by ${clauseLine(clauseOf(verdict.clause))}`);
  }

  get check(): string {
    return this.verdict.check;
  }
}

/**
 * A judgement the suite may not give: the exchange it would rest on is one the target did not
 * process (429/503 whose retries ran out), or an answer the suite cannot attribute (a write sent
 * again after a reset of a reused connection). The test ends "not judged" with the cause, never
 * failed with a clause (schemas/DECISIONS.md D62).
 */
export class NotJudgedError extends Error {
  override readonly name = 'NotJudgedError';

  constructor(readonly reason: string) {
    super(`not judged: ${reason}`);
  }
}
