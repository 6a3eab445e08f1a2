/**
 * A failed check. Its message names the check (`[check:<name>]`), says what was expected, and quotes
 * the clause that requires it (`[clause:<id>]` and the sentence), so every report line, and the
 * fault runner, can trace a red cell to the contract's own words.
 */
import { clause as clauseOf, clauseLine, SEED_FILES, type ClauseId } from '../clauses';

export class CheckError extends Error {
  override readonly name = 'CheckError';
  constructor(
    readonly check: string,
    readonly clauseId: ClauseId,
    readonly detail: string,
  ) {
    const c = clauseOf(clauseId);
    super(`[check:${check}] ${detail}\n  required by [clause:${clauseId}] ${SEED_FILES[c.seed]} ${clauseLine(c).slice(4)}`);
  }
}

/** The check names found in a failure message (the fault runner reads them from reporter output). */
export function checksInMessage(message: string): string[] {
  return [...message.matchAll(/\[check:([\w.-]+)\]/g)].map((m) => m[1] ?? '');
}

/** The clause ids found in a failure message. */
export function clausesInMessage(message: string): string[] {
  return [...message.matchAll(/\[clause:([\w.-]+)\]/g)].map((m) => m[1] ?? '');
}
