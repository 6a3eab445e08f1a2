/**
 * A failed check, thrown out of the test. It carries its verdict as data (check, clause, the
 * exchange judged, the cells it speaks for, what was seen); its message says the same for people:
 * the check, what was seen, and the clause's sentence word for word. No report reads the message
 * back: the verdict travels in the test's evidence (specs/kit/fixtures.ts).
 */
import { clause as clauseOf, clauseLine } from '../clauses';
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
