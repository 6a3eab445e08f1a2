/**
 * Judging by readings: a check whose sentence admits several lawful readings asks the readings
 * registry which held; the outcome conforms when an accepted one did (all of them, or the one the
 * statement in force declares), and the verdict names the readings it relied on.
 */
import { judgeReadings, readingsFailure, type ReadingJudgement, type ReadingsEntry } from '../readings';
import { CONFORMS, nonConforming, type Outcome } from './judge';

export interface ReadingOutcome {
  readonly outcome: Outcome;
  readonly judgement: ReadingJudgement;
}

/** The outcome of `entry` on `input`: `what` says what was judged, for the failure's detail. */
export function readingOutcome<I>(entry: ReadingsEntry<I>, input: I, what: string): ReadingOutcome {
  const judgement = judgeReadings(entry, input);
  return { outcome: judgement.ok ? CONFORMS : nonConforming(`${what}: ${readingsFailure(entry, judgement)}`), judgement };
}
