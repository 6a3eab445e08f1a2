/** validation: input a sentence says is invalid is refused; input a sentence lets a target accept or refuse is answered by a reading. */
import { describe, type Exchange } from '../../http/exchange';
import type { ReadingsEntry } from '../../readings';
import type { WriteAnswered } from '../../readings/entries/rm-records';
import { LEARNING_ID_NUMERIC_STRING, LEARNING_UNISSUED_IDS } from '../../readings/entries/v3-learning';
import { V3_UNRULED } from '../../readings/entries/v3-validation';
import { defineCheck, type CitedBy } from '../define';
import { enforce, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { writeShown } from '../write-shown';
import { expectNoServerError } from './no-server-error';
import { enforceAnswer, enforceDocumentedStatus, enforceStatus, statusOutcome, type Answered, type ExpectedStatus } from './status';

const validation = defineCheck({
  name: 'validation',
  summary: 'input that a sentence of the document says is invalid is refused',
  cites: [
    'rm.rule.',
    'rm.error.422',
    'rm.op.',
    'rm.write.',
    'hr.rule.',
    'hr.bu.',
    'hr.employee.externalId',
    'hr.position.externalId',
    'hr.position.name',
    'hr.state.bu-archive-refused',
    'v3.error.validation',
    'learning.msg.',
    'learning.op.put',
    'learning.provider',
    'learning.owner',
    'learning.accessLevel',
    'learning.title',
  ],
});
export default validation;

type Clause = CitedBy<typeof validation>;

/**
 * The predicate: the invalid input (`why` says what breaks) is refused with `expected`: 422 where
 * the RM row or 000 §7 gives it, any 4xx where the status is not shown (001 §7.4).
 */
export function refusalOutcome(exchange: Answered, expected: ExpectedStatus, why?: string): Outcome {
  return statusOutcome(exchange, expected, why);
}

/** Invalid input whose refusal status is not shown: no 5xx, then any 4xx. */
export function expectRefused(exchange: Exchange, clause: Clause, why?: string): void {
  enforceAnswer(validation, clause, exchange, '4xx', (e) => refusalOutcome(e, '4xx', why));
}

/** Invalid input to an RM write whose row documents 422 (000 §7 "validation failed"): no 5xx, then that 422, citing the row. */
export function expectValidationFailed(exchange: Exchange, why?: string): void {
  enforceDocumentedStatus(validation, exchange, ['422'], undefined, (e) => refusalOutcome(e, 422, why));
}

/**
 * Input a sentence lets the target refuse or accept, and refuse only with 422 (000 §4 rule 2: content
 * "not accepted" gives 422): no 5xx, then 201 or 422.
 */
export function expectAcceptedOr422(exchange: Exchange, clause: Clause, why?: string): void {
  enforceAnswer(validation, clause, exchange, [201, 422], (e) => refusalOutcome(e, [201, 422], why));
}

/**
 * The predicate: the answer to a write a sentence lets the target accept or refuse holds a reading of
 * `entry` (D12, D13, D15, D16, D32): the row's success status (`success`), or the 422 of 000 §7.
 */
export function answeredByReadingOutcome(
  exchange: Answered,
  entry: ReadingsEntry<WriteAnswered>,
  success: readonly number[],
  why: string,
): ReadingOutcome {
  return readingOutcome(entry, { status: exchange.response.status, success }, `${describe(exchange)} (${why})`);
}

/** No 5xx, then a reading of `entry` on the status; the verdict names the reading and speaks for the cells of `success` and 422. */
export function expectAcceptedOrRefused(
  exchange: Exchange,
  clause: Clause,
  entry: ReadingsEntry<WriteAnswered>,
  success: readonly number[],
  why: string,
): void {
  expectNoServerError(exchange, clause as never);
  enforceStatus(validation, clause, exchange, [...success, 422], { reading: (e) => answeredByReadingOutcome(e, entry, success, why) });
}

// ---- readings (D32, D39, D45) -----------------------------------------------------------------------

/**
 * The predicate of a v3 write breaking a rule no sentence ties to a refusal, by the readings of
 * v3.unruled.broken-rule (D32): taken, or refused (a 4xx or a 2xx whose body refuses).
 */
export function unruledOutcome(exchange: Answered, fields: readonly string[], why: string): ReadingOutcome {
  return readingOutcome(V3_UNRULED, writeShown(exchange, fields), `${describe(exchange)} (${why})`);
}

/** A write breaking a rule 001 does not tie to a refusal: no 5xx, then taken or refused; the verdict names which. */
export function expectUnruledReading(exchange: Exchange, clause: Clause, fields: readonly string[], why: string): void {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = unruledOutcome(exchange as Answered, fields, why);
  enforce(validation, clause, exchange, outcome, { reading: judgement });
}

/** The predicate of a learning create carrying a provider or owner id not issued at registration, by learning.ids.unissued (D39). */
export function unissuedIdOutcome(exchange: Answered, field: string): ReadingOutcome {
  return readingOutcome(
    LEARNING_UNISSUED_IDS,
    writeShown(exchange, [field]),
    `${describe(exchange)} (${field}.id not issued at registration)`,
  );
}

/** A create with an id not issued at registration: no 5xx, then taken, or refused with a validation message. */
export function expectUnissuedIdReading(exchange: Exchange, clause: Clause, field: string): void {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = unissuedIdOutcome(exchange as Answered, field);
  enforce(validation, clause, exchange, outcome, { reading: judgement });
}

/** The predicate of a learning create whose provider id is a numeric string ("4100"), by learning.provider.id-string (D45). */
export function idStringOutcome(exchange: Answered, field: string): ReadingOutcome {
  return readingOutcome(
    LEARNING_ID_NUMERIC_STRING,
    writeShown(exchange, [field]),
    `${describe(exchange)} (${field}.id sent as a numeric string)`,
  );
}

/** A create whose provider id is a numeric string: no 5xx, then coerced (taken) or refused. */
export function expectIdStringReading(exchange: Exchange, clause: Clause, field: string): void {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = idStringOutcome(exchange as Answered, field);
  enforce(validation, clause, exchange, outcome, { reading: judgement });
}
