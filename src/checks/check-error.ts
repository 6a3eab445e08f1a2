/**
 * A failed check. Its message names the check (`[check:<name>]`), says what was expected, and quotes
 * the clause that requires it (`[clause:<id>]` and the sentence), so every report line, and the
 * fault runner, can trace a red cell to the contract's own words.
 */
import { clause as clauseOf, clauseLine, SEED_FILES, type ClauseId } from '../clauses';
import { lastExchangeSeq } from '../http/last-exchange';

export class CheckError extends Error {
  override readonly name = 'CheckError';
  /**
   * The worker-wide seq of the exchange the check judged: the latest one when the check failed
   * (a worker runs one test at a time), unless given, as a property's final error gives its
   * counterexample's. Named in the message as `[exchange:<seq>]` so the fixtures can mark it.
   */
  readonly exchangeSeq: number;
  constructor(
    readonly check: string,
    readonly clauseId: ClauseId,
    readonly detail: string,
    exchangeSeq: number = lastExchangeSeq(),
  ) {
    const c = clauseOf(clauseId);
    super(
      `[check:${check}] ${detail}\n  required by [clause:${clauseId}] ${SEED_FILES[c.seed]} ${clauseLine(c).slice(4)}${exchangeSeq > 0 ? `\n  [exchange:${exchangeSeq}]` : ''}`,
    );
    this.exchangeSeq = exchangeSeq;
  }
}

/** The exchange a failure message names (`[exchange:<seq>]`), if any. */
export function exchangeInMessage(message: string): number | null {
  const m = /\[exchange:(\d+)\]/.exec(message);
  return m ? Number(m[1]) : null;
}

/** The check names found in a failure message (the fault runner reads them from reporter output). */
export function checksInMessage(message: string): string[] {
  return [...message.matchAll(/\[check:([\w.-]+)\]/g)].map((m) => m[1] ?? '');
}

/** The clause ids found in a failure message. */
export function clausesInMessage(message: string): string[] {
  return [...message.matchAll(/\[clause:([\w.-]+)\]/g)].map((m) => m[1] ?? '');
}
