/** setup: a documented request the test needs first (creating the record it works on) succeeded. */
import { describe, type Exchange } from '../../http/exchange';
import { LEARNING_PROVIDER_FIELD_NAME } from '../../readings/entries/v3-learning';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { refusalOf } from '../refusal';
import { enforceAnswer, statusOutcome, type Answered } from './status';

const setup = defineCheck({
  name: 'setup',
  summary: 'a documented request the test builds on (creating its own record) succeeds',
  cites: ['rm.op.', 'rm.layout.resource', 'hr.op.', 'learning.op.put', 'learning.provider', 'v3.auth.token'],
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

/**
 * The predicate of the name a learning create carried the provider object under (001 §2 "the
 * service"), by the readings of learning.provider.field (D26): provider, service or theService, with
 * the create taken (a 2xx that does not refuse).
 */
export function providerFieldOutcome(exchange: Answered, name: string): ReadingOutcome {
  const status = exchange.response.status;
  const taken = status >= 200 && status < 300 && refusalOf(exchange) === null;
  return readingOutcome(LEARNING_PROVIDER_FIELD_NAME, { name, taken }, `${describe(exchange)} (the provider object sent as "${name}")`);
}

/** The create the test builds on carried the provider object under a lawful name, the declared one under a statement. */
export function expectProviderFieldReading(exchange: Exchange, name: string, clause: Clause): void {
  const { outcome, judgement } = providerFieldOutcome(exchange as Answered, name);
  enforce(setup, clause, exchange, outcome, { reading: judgement });
}
