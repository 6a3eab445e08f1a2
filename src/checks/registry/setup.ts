/** setup: a documented request the test needs first (creating the record it works on) succeeded. */
import type { Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { enforceAnswer, statusOutcome, type Answered } from './status';

const setup = defineCheck({
  name: 'setup',
  summary: 'a documented request the test builds on (creating its own record) succeeds',
  cites: ['rm.op.', 'rm.layout.resource', 'hr.op.', 'learning.op.put', 'v3.auth.token'],
});
export default setup;

type Clause = CitedBy<typeof setup>;

/** The predicate: a request the test builds on succeeded (any 2xx: its exact status is another test's business). */
export function setupAcceptedOutcome(exchange: Answered, why?: string): Outcome {
  return statusOutcome(exchange, '2xx', why);
}

/** A request the test builds on: no 5xx, then any 2xx. */
export function expectSetup(exchange: Exchange, clause: Clause, why?: string): void {
  enforceAnswer(setup, clause, exchange, '2xx', (e) => setupAcceptedOutcome(e, why));
}

/** The predicate: what the test builds on (the record a write made) is shown by the answer or a read; `detail` says where it was looked for. */
export function setupShownOutcome(shown: unknown, detail: string): Outcome {
  return shown === null || shown === undefined ? nonConforming(detail) : CONFORMS;
}

/**
 * What the test builds on is shown: the write first, then the reads that looked for it. Returns it
 * (the test cannot go on without it).
 */
export function expectSetupShown<T>(shown: T | null | undefined, exchanges: readonly Exchange[], clause: Clause, detail: string): T {
  enforce(setup, clause, exchanges, setupShownOutcome(shown, detail));
  if (shown === null || shown === undefined) throw new Error('unreachable: enforce throws on a failure');
  return shown;
}

/** A request the test builds on did not do what the clause says: the test cannot go on. */
export function failSetup(clause: Clause, detail: string, exchange: Exchange | null = null): never {
  enforce(setup, clause, exchange, nonConforming(detail));
  throw new Error('unreachable: enforce throws on a failure');
}
