/** no-trace: a refused write leaves nothing behind. */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { about, listed } from '../shown';

const noTrace = defineCheck({
  name: 'no-trace',
  summary: 'a refused write leaves no trace (the file is not attached, the rejected record is not created)',
  cites: [
    'rm.rule.file-refused',
    'rm.error.422',
    'rm.op.candidate-files.create',
    'rm.op.candidate-tags.create',
    'rm.op.educations.create',
    'rm.op.employments.create',
    'rm.op.candidates.create',
    'learning.state.access-levels',
    'hr.state.bu-archive-refused',
  ],
});
export default noTrace;

type Clause = CitedBy<typeof noTrace>;

/**
 * The predicate: after the refused write, the reads find none of what it would have made (`found`:
 * the ids of records carrying its run-unique values); `where` says where they were looked for.
 */
export function nothingStoredOutcome(refused: Exchange, found: readonly string[], where: string): Outcome {
  return found.length === 0 ? CONFORMS : nonConforming(`${describe(refused)} refused it, but ${where} shows ${listed(found)}`);
}

/** Nothing of a refused write is stored: about the refused write, then the reads. */
export function expectNothingStored(
  refused: Exchange,
  reads: readonly Exchange[],
  found: readonly string[],
  clause: Clause,
  where: string,
): void {
  enforce(noTrace, clause, about(refused, reads), nothingStoredOutcome(refused, found, where));
}

/** The predicate: a count the refused write would have raised (`what`: files shown, records listed) is what it was before. */
export function countKeptOutcome(refused: Exchange, before: number, after: number, what: string): Outcome {
  return after === before ? CONFORMS : nonConforming(`${describe(refused)} refused it, but ${what} went from ${before} to ${after}`);
}

/** A count is kept across a refused write: about the refused write, then the reads. */
export function expectCountKept(
  refused: Exchange,
  reads: readonly Exchange[],
  before: number,
  after: number,
  clause: Clause,
  what: string,
): void {
  enforce(noTrace, clause, about(refused, reads), countKeptOutcome(refused, before, after, what));
}
