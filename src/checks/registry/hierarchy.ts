/** hierarchy: business unit parents and the archive refusal of 001 §3. */
import { describe, type Exchange } from '../../http/exchange';
import { HR_BU_ARCHIVE_STRING, HR_BU_ARCHIVED_CHILDREN, HR_BU_PARENT_CHANGE, HR_BU_PARENT_ON_UPDATE } from '../../readings/entries/v3-hr';
import { defineCheck, type CitedBy } from '../define';
import { enforce, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { writeShown } from '../write-shown';
import { expectNoServerError } from './no-server-error';
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

// ---- readings (D21, D22, D38) -----------------------------------------------------------------------

/**
 * The predicate of an update of a level 2-4 unit without its parent id (a new name), by the readings
 * of hr.bu.parent-id.update (D21): taken (the id required on create only), or refused with a
 * validation message naming it (required in every write).
 */
export function parentIdUpdateOutcome(exchange: Answered, field: string): ReadingOutcome {
  return readingOutcome(HR_BU_PARENT_ON_UPDATE, writeShown(exchange, [field]), `${describe(exchange)} (an update without ${field})`);
}

/** An update of a level 2-4 unit without its parent id: no 5xx, then a reading of D21; the verdict names it. */
export function expectParentIdUpdateReading(exchange: Exchange, clause: Clause, field: string): void {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = parentIdUpdateOutcome(exchange as Answered, field);
  enforce(hierarchy, clause, exchange, outcome, { reading: judgement });
}

/**
 * The predicate of `archive: "true"` sent to a unit a live lower-level unit references and to one none
 * references, by the readings of hr.bu.archive.string (D22): the string is the flag (the first refused,
 * the second archived), or the string form is refused (both refused, with a validation message).
 */
export function archiveStringOutcome(referenced: Answered, unreferenced: Answered): ReadingOutcome {
  return readingOutcome(
    HR_BU_ARCHIVE_STRING,
    { referenced: writeShown(referenced, ['archive']), unreferenced: writeShown(unreferenced, ['archive']) },
    `${describe(referenced)} (archive "true", referenced) and ${describe(unreferenced)} (archive "true", unreferenced)`,
  );
}

/** archive "true" on a referenced and an unreferenced unit: no 5xx, then a reading of D22, about the referenced one. */
export function expectArchiveStringReading(referenced: Exchange, unreferenced: Exchange, clause: Clause): void {
  expectNoServerError(referenced, clause);
  expectNoServerError(unreferenced, clause);
  const { outcome, judgement } = archiveStringOutcome(referenced as Answered, unreferenced as Answered);
  enforce(hierarchy, clause, [referenced, unreferenced], outcome, { reading: judgement });
}

/**
 * The predicate of the archive of a unit every lower-level unit of which was archived, by the readings
 * of hr.bu.archive.children-archived (D38): taken, or refused with a validation message.
 */
export function archivedChildrenOutcome(exchange: Answered): ReadingOutcome {
  return readingOutcome(
    HR_BU_ARCHIVED_CHILDREN,
    writeShown(exchange, ['archive']),
    `${describe(exchange)} (the archive of a unit whose lower-level units are all archived)`,
  );
}

/** The archive of a unit whose lower-level units are all archived: no 5xx, then a reading of D38. */
export function expectArchivedChildrenReading(exchange: Exchange, clause: Clause): void {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = archivedChildrenOutcome(exchange as Answered);
  enforce(hierarchy, clause, exchange, outcome, { reading: judgement });
}

/**
 * The predicate of an update naming another live parent, by the readings of hr.bu.parent-change
 * (D93): taken (the unit moves), or refused with a validation message naming the parent id.
 */
export function parentChangeOutcome(exchange: Answered, field: string): ReadingOutcome {
  return readingOutcome(HR_BU_PARENT_CHANGE, writeShown(exchange, [field]), `${describe(exchange)} (${field} naming another live parent)`);
}

/** An update moving a unit to another live parent: no 5xx, then a reading of D93; the verdict names it. Returns true when taken. */
export function expectParentChangeReading(exchange: Exchange, clause: Clause, field: string): boolean {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = parentChangeOutcome(exchange as Answered, field);
  enforce(hierarchy, clause, exchange, outcome, { reading: judgement });
  return judgement.held.includes('move-taken');
}
