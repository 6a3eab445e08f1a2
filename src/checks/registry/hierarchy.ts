/** hierarchy: business unit parents and the archive refusal of 001 §3. */
import type { Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import type { Outcome } from '../judge';
import { enforceAnswer, statusOutcome, type Answered } from './status';

const hierarchy = defineCheck({
  name: 'hierarchy',
  summary: 'a business unit names its parent, and one still referenced by a lower level cannot be archived',
  cites: ['hr.bu.', 'hr.state.bu-archive', 'hr.state.bu-archive-refused'],
});
export default hierarchy;

type Clause = CitedBy<typeof hierarchy>;

/**
 * The predicate of an archive (001 §3): refused (any 4xx, 001 §7.4) while a live lower-level unit
 * references the unit (`referenced`), accepted (any 2xx, 001 §4 Gaps) when none ever did; `why` says which.
 */
export function archiveOutcome(exchange: Answered, referenced: boolean, why: string): Outcome {
  return statusOutcome(exchange, referenced ? '4xx' : '2xx', why);
}

/** The archive of a unit a live lower-level unit references: no 5xx, then refused. */
export function expectArchiveRefused(exchange: Exchange, clause: Clause, why: string): void {
  enforceAnswer(hierarchy, clause, exchange, '4xx', (e) => archiveOutcome(e, true, why));
}

/** The archive of a unit no lower-level unit ever referenced: no 5xx, then accepted. */
export function expectArchiveAccepted(exchange: Exchange, clause: Clause, why: string): void {
  enforceAnswer(hierarchy, clause, exchange, '2xx', (e) => archiveOutcome(e, false, why));
}

/** The predicate: a unit of level 2-4 sent without the id of its parent (001 §2) is refused (any 4xx). */
export function parentRequiredOutcome(exchange: Answered, why: string): Outcome {
  return statusOutcome(exchange, '4xx', why);
}

/** A unit of level 2-4 without its parent's id: no 5xx, then refused. */
export function expectParentRequired(exchange: Exchange, clause: Clause, why: string): void {
  enforceAnswer(hierarchy, clause, exchange, '4xx', (e) => parentRequiredOutcome(e, why));
}

/** The predicate: a unit of level 2-4 created under its live parent, named by the id 001 §2 requires, is accepted (any 2xx that does not refuse). */
export function parentAcceptedOutcome(exchange: Answered, why: string): Outcome {
  return statusOutcome(exchange, '2xx', why);
}

/** A unit of level 2-4 created with its live parent's id: no 5xx, then accepted. */
export function expectParentAccepted(exchange: Exchange, clause: Clause, why: string): void {
  enforceAnswer(hierarchy, clause, exchange, '2xx', (e) => parentAcceptedOutcome(e, why));
}
