/** no-trace: a refused write leaves nothing behind. */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { refusalOf } from '../refusal';
import { about, listed } from '../shown';
import { expectNoServerError } from './no-server-error';
import { expectResponse } from './transport';

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
    'hr.bu.',
    'hr.position.name',
    'v3.auth.token',
    'learning.auth.scope',
    'learning.op.put',
    'learning.msg.',
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

// ---- v3: no read operation, so a trace shows in how a later write is answered (D69) ----------------------

type Answered = Exchange & { response: NonNullable<Exchange['response']> };

/** The write was taken: a 2xx whose body does not refuse (001 §7.1). */
const taken = (exchange: Answered): boolean => {
  const code = exchange.response.status;
  return code >= 200 && code < 300 && refusalOf(exchange) === null;
};

/**
 * The predicate: after the refused write, `probe` (a write that is an update of the record had the
 * refused write left it, and a create missing a field a create requires had it not) is not taken;
 * taken, it shows the record (`what` says what it was taken as).
 */
export function leftNothingOutcome(refused: Exchange, probe: Answered, what: string): Outcome {
  return taken(probe) ? nonConforming(`${describe(refused)} refused it, but ${describe(probe)} took ${what}`) : CONFORMS;
}

/** A refused write left nothing a later write shows: the probe answered without a 5xx, then not taken; about the refused write, then the probe. */
export function expectLeftNothing(refused: Exchange, probe: Exchange, clause: Clause, what: string): void {
  expectResponse(probe, clause as never);
  expectNoServerError(probe, clause as never);
  enforce(noTrace, clause, [refused, probe], leftNothingOutcome(refused, probe as Answered, what));
}

/**
 * The predicate, where no write is a create missing a required field (an employee needs only
 * externalId): the same bare write of a fresh id (`control`) and of the refused write's id (`probe`).
 * The control taken and the probe refused: the probe was an update with only externalId, which 001 §4
 * rule 1 refuses, so the refused write left the record. Any other pair shows nothing.
 */
export function leftNothingAlikeOutcome(refused: Exchange, control: Answered, probe: Answered, what: string): Outcome {
  const probeRefused = (probe.response.status >= 400 && probe.response.status < 500) || refusalOf(probe) !== null;
  return taken(control) && probeRefused
    ? nonConforming(`${describe(refused)} refused it, but ${describe(probe)} refused ${what} that ${describe(control)} took for a fresh id`)
    : CONFORMS;
}

/** The differential: about the refused write, then the probe and the control. */
export function expectLeftNothingAlike(refused: Exchange, control: Exchange, probe: Exchange, clause: Clause, what: string): void {
  for (const ex of [control, probe]) {
    expectResponse(ex, clause as never);
    expectNoServerError(ex, clause as never);
  }
  enforce(noTrace, clause, [refused, probe, control], leftNothingAlikeOutcome(refused, control as Answered, probe as Answered, what));
}
