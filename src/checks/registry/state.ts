/**
 * state: what a successful write did is visible afterwards, and what it did not touch is kept. A
 * read that does not show a write fails the write (it claimed success): its exchange comes first,
 * then the reads that showed otherwise.
 */
import { describe, type Exchange } from '../../http/exchange';
import type { ReadingsEntry } from '../../readings';
import {
  RM_NAME_CHARACTERS,
  RM_PHONE_TYPED,
  RM_STORED_EMAIL,
  RM_STORED_NAMES,
  RM_STORED_PHONE,
  type ReadBack,
  type TypedAnswered,
} from '../../readings/entries/stored-text';
import { LEARNING_COST_NULLED } from '../../readings/entries/v3-learning';
import { LEARNING_MESSAGES } from '../../../contract/terms';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { writeShown } from '../write-shown';
import { about, duplicates, listed, missing, show } from '../shown';
import { expectNoServerError } from './no-server-error';
import { enforceAnswer, statusOutcome, type Answered } from './status';
import { expectResponse } from './transport';

const state = defineCheck({
  name: 'state',
  summary:
    'a successful write is visible afterwards (under the record it was made for, and no other), and what it did not touch keeps its value',
  cites: [
    'rm.op.',
    'rm.candidate.',
    'rm.state.',
    'hr.rule.',
    'hr.state.',
    'learning.rule.',
    'learning.state.',
    'learning.aggregateId',
    'learning.op.put',
  ],
});
export default state;

type Clause = CitedBy<typeof state>;

// ---- values read back ---------------------------------------------------------------------------

/** When a value read back counts as the value sent. */
export type Same = (sent: unknown, read: unknown) => boolean;

/** The very value. */
export const exactly: Same = (sent, read) => sent === read;
// ---- stored text read back (000 §2: names, e-mail and phone number are "string"; D42, D50, D65) ------------

/** What kind of stored value a read shows: each has its readings entry (src/readings/entries/stored-text.ts) and its field's clause. */
export type StoredKind = 'name' | 'email' | 'phone';

const STORED: Readonly<Record<StoredKind, { entry: ReadingsEntry<ReadBack>; clause: Clause }>> = {
  name: { entry: RM_STORED_NAMES, clause: 'rm.candidate.names' },
  email: { entry: RM_STORED_EMAIL, clause: 'rm.candidate.contact' },
  phone: { entry: RM_STORED_PHONE, clause: 'rm.candidate.contact' },
};

/** True when `read` is one of the lawful readings of the `kind` value `sent` (to find a record again; no verdict). */
export function readsAs(kind: StoredKind, sent: string, read: unknown): boolean {
  return STORED[kind].entry.readings.some((r) => r.holds({ sent, read }));
}

/**
 * The predicate: what a read shows of a value a write sent (`field`, of `kind`) is one of the lawful
 * readings of its entry (all of them, or the one a statement declares); `context` says after what.
 */
export function storedShownOutcome(kind: StoredKind, field: string, sent: string, read: unknown, context: string): ReadingOutcome {
  return readingOutcome(STORED[kind].entry, { sent, read }, `${context}: ${field} is ${show(read)}, sent ${show(sent)}`);
}

/**
 * A value a write sent reads back in a lawful reading of the field's entry, citing the field's row
 * (000 §2 Candidate): about the write, then the read; the verdict names the readings that held.
 */
export function expectStoredShown(
  write: Exchange,
  read: Exchange | null,
  kind: StoredKind,
  field: string,
  sent: string,
  shown: unknown,
  context: string,
): void {
  const { outcome, judgement } = storedShownOutcome(kind, field, sent, shown, context);
  enforce(state, STORED[kind].clause, about(write, [read]), outcome, { reading: judgement });
}

/** What a write sent as people write it: names (their characters) or a phone number (its spaces); each has its entry and field row. */
export type TypedKind = 'name' | 'phone';

const TYPED: Readonly<Record<TypedKind, { entry: ReadingsEntry<TypedAnswered>; clause: Clause }>> = {
  name: { entry: RM_NAME_CHARACTERS, clause: 'rm.candidate.names' },
  phone: { entry: RM_PHONE_TYPED, clause: 'rm.candidate.contact' },
};

/**
 * The predicate: a write that sent a value as people write it (a name with accents, an apostrophe or
 * another script; a number with spaces) took it, or refused it as validation failed (000 §7 422): a
 * validation choice 000 §2 leaves open (D65).
 */
export function typedValueOutcome(
  kind: TypedKind,
  write: Exchange & { response: NonNullable<Exchange['response']> },
  sent: string,
): ReadingOutcome {
  return readingOutcome(TYPED[kind].entry, { status: write.response.status }, `${describe(write)}, sending ${show(sent)}`);
}

/** How a write sending a value as people write it was answered: no server error, then taken or refused with 422 (the verdict names which). */
export function expectTypedValueAnswered(write: Exchange, kind: TypedKind, sent: string): void {
  const { clause } = TYPED[kind];
  expectNoServerError(write, clause);
  if (!write.response) return;
  const { outcome, judgement } = typedValueOutcome(kind, write as Exchange & { response: NonNullable<Exchange['response']> }, sent);
  enforce(state, clause, write, outcome, { reading: judgement });
}

/** The same members, in any order (skills). */
export const sameMembers: Same = (sent, read) =>
  Array.isArray(sent) && Array.isArray(read) && new Set(read).size === new Set(sent).size && sent.every((s) => read.includes(s));

/** The predicate: the value read back of `field` is the value written (`same` says when); `context` says after what. */
export function valueShownOutcome(field: string, sent: unknown, read: unknown, context: string, same: Same = exactly): Outcome {
  return same(sent, read) ? CONFORMS : nonConforming(`${context}: ${field} is ${show(read)}, sent ${show(sent)}`);
}

/** What a write sent is what a read shows afterwards: about the write, then the read. */
export function expectValueShown(
  write: Exchange,
  read: Exchange,
  field: string,
  sent: unknown,
  shown: unknown,
  clause: Clause,
  context: string,
  same: Same = exactly,
): void {
  enforce(state, clause, about(write, [read]), valueShownOutcome(field, sent, shown, context, same));
}

/** The predicate: a write that did not send `field` (`context` says which) left its value as it was. */
export function valueKeptOutcome(field: string, before: unknown, after: unknown, context: string, same: Same = exactly): Outcome {
  return same(before, after) ? CONFORMS : nonConforming(`${context} changed ${field} from ${show(before)} to ${show(after)}`);
}

/** A value the write did not send is kept: about the write, then the read. */
export function expectValueKept(
  write: Exchange,
  read: Exchange,
  field: string,
  before: unknown,
  after: unknown,
  clause: Clause,
  context: string,
  same: Same = exactly,
): void {
  enforce(state, clause, about(write, [read]), valueKeptOutcome(field, before, after, context, same));
}

/** The predicate: the fields a write sent as null are gone from what an answer shows of the record (`shown`). */
export function valuesRemovedOutcome(shown: Readonly<Record<string, unknown>>, fields: readonly string[], context: string): Outcome {
  const left = fields.filter((f) => shown[f] !== undefined && shown[f] !== null);
  return left.length === 0 ? CONFORMS : nonConforming(`${context}: still carrying ${left.join(', ')} after they were sent as null`);
}

/** About the write whose answer shows the record. */
export function expectValuesRemoved(
  write: Exchange,
  shown: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  clause: Clause,
  context: string,
): void {
  enforce(state, clause, write, valuesRemovedOutcome(shown, fields, context));
}

// ---- records read back ----------------------------------------------------------------------------

/**
 * The predicate: after `write`, reads (`where`) show what it made: every id of `expected`, or, for
 * 'any', something at all (a record found by a run-unique value); `shown` is what they showed.
 */
export function shownOutcome(write: Exchange, shown: readonly string[], expected: readonly string[] | 'any', where: string): Outcome {
  if (expected === 'any')
    return shown.length > 0 ? CONFORMS : nonConforming(`${describe(write)}, but ${where} shows nothing of what it made`);
  const left = missing(expected, shown);
  return left.length === 0 ? CONFORMS : nonConforming(`${describe(write)}, but ${where} does not show ${listed(left)}`);
}

/** What the writes made is shown: about the first write, then the other writes and the reads. */
export function expectShown(
  writes: readonly Exchange[],
  reads: readonly (Exchange | null)[],
  shown: readonly string[],
  expected: readonly string[] | 'any',
  clause: Clause,
  where: string,
): void {
  const [first] = writes;
  if (!first) throw new Error('expectShown: no write given');
  enforce(state, clause, about(first, [...writes, ...reads]), shownOutcome(first, shown, expected, where));
}

/** The predicate: after `write` removed something, reads (`where`) no longer show it (`shown`: what they still show of it). */
export function goneOutcome(write: Exchange, shown: readonly string[], where: string): Outcome {
  return shown.length === 0 ? CONFORMS : nonConforming(`${describe(write)}, but ${where} still shows ${listed(shown)}`);
}

export function expectGone(write: Exchange, reads: readonly Exchange[], shown: readonly string[], clause: Clause, where: string): void {
  enforce(state, clause, about(write, reads), goneOutcome(write, shown, where));
}

/** The predicate: a record a write must not touch (a request that addressed it wrongly) is still shown by the reads (`shown`: what of it they show). */
export function keptOutcome(write: Exchange, shown: readonly string[], where: string): Outcome {
  return shown.length > 0 ? CONFORMS : nonConforming(`${describe(write)}, but ${where} no longer shows it`);
}

/** About the write, then the reads. */
export function expectKept(write: Exchange, reads: readonly Exchange[], shown: readonly string[], clause: Clause, where: string): void {
  enforce(state, clause, about(write, reads), keptOutcome(write, shown, where));
}

/**
 * The predicate: a read of one candidate's records (`where`: its path names that candidate) shows no
 * record made for another candidate (`foreign`: the ids of those it shows).
 */
export function foreignOutcome(read: Exchange, foreign: readonly string[], where: string): Outcome {
  return foreign.length === 0
    ? CONFORMS
    : nonConforming(`${describe(read)}: ${where} shows ${listed(foreign)}, made for another candidate`);
}

/** About the read that shows them. */
export function expectNoneForeign(read: Exchange, foreign: readonly string[], clause: Clause, where: string): void {
  enforce(state, clause, read, foreignOutcome(read, foreign, where));
}

/** The predicate: a read of the record `expected` answers that record (`shown`: the id it answered, or null). */
export function sameRecordOutcome(read: Exchange, expected: string, shown: string | null): Outcome {
  return shown === expected ? CONFORMS : nonConforming(`${describe(read)} answered record ${String(shown)}, not ${expected}`);
}

/** About the read. */
export function expectSameRecord(read: Exchange, expected: string, shown: string | null, clause: Clause): void {
  enforce(state, clause, read, sameRecordOutcome(read, expected, shown));
}

/** The predicate: each of several creates made a record of its own (`ids`, one per write). */
export function distinctRecordsOutcome(ids: readonly string[], what: string): Outcome {
  const dup = duplicates(ids);
  return dup.length === 0 ? CONFORMS : nonConforming(`${what} made one record ${listed(dup)}`);
}

/** About the writes. */
export function expectDistinctRecords(writes: readonly Exchange[], ids: readonly string[], clause: Clause, what: string): void {
  enforce(state, clause, writes, distinctRecordsOutcome(ids, what));
}

// ---- states shown by a status --------------------------------------------------------------------------

/** The predicate: a write whose success the state rule gives is accepted (any 2xx; the exact status is not shown). */
export function writeAcceptedOutcome(exchange: Answered, why?: string): Outcome {
  return statusOutcome(exchange, '2xx', why);
}

/** A write the state rule says succeeds: no 5xx, then 2xx (the status is judged). */
export function expectWriteAccepted(exchange: Exchange, clause: Clause, why?: string): void {
  enforceAnswer(state, clause, exchange, '2xx', (e) => writeAcceptedOutcome(e, why));
}

/**
 * The predicate: a later request (`probe`) is answered as the state a write should have left
 * (`expected`: refused, or accepted) requires; `why` says what that state is.
 */
export function probeOutcome(probe: Answered, expected: '2xx' | '4xx', why: string): Outcome {
  return statusOutcome(probe, expected, why);
}

/**
 * The state a write left, shown by a later request: the probe answered (transport) without a 5xx,
 * then as the state requires. A failure is about the probe, the exchange that shows the state broken
 * (a refused archive asked again and answered 200), then the write that should have left the state.
 */
export function expectStateShownBy(write: Exchange, probe: Exchange, expected: '2xx' | '4xx', clause: Clause, why: string): void {
  expectResponse(probe, clause as never);
  expectNoServerError(probe, clause as never);
  enforce(state, clause, [probe, write], probeOutcome(probe, expected, why));
}

/**
 * A record a write made is shown (`shown`: by its answer or by a read, null when neither shows it):
 * about the write, then the read. Returns it.
 */
export function expectCreatedShown<T extends { id: string }>(
  write: Exchange,
  read: Exchange | null,
  shown: T | null | undefined,
  clause: Clause,
  where: string,
): T {
  enforce(state, clause, about(write, [read]), shownOutcome(write, shown ? [shown.id] : [], 'any', where));
  if (shown === null || shown === undefined) throw new Error('unreachable: enforce throws on a failure');
  return shown;
}

/**
 * The predicate of an update sending a cost as null inside costs (the activity's only cost), by the
 * readings of learning.costs.nulled (D48): taken (the cost removed), or refused with a validation
 * message for the currency code it leaves without a cost.
 */
export function costNulledOutcome(exchange: Answered): ReadingOutcome {
  return readingOutcome(
    LEARNING_COST_NULLED,
    writeShown(exchange, ['costs', 'attendenceCost', 'currency'], LEARNING_MESSAGES.currencyWithoutCost),
    `${describe(exchange)} (costs.attendenceCost, the only cost, sent as null)`,
  );
}

/** The only cost sent as null: no 5xx, then taken or refused with a message; the verdict names which. Returns true when taken. */
export function expectCostNulledReading(exchange: Exchange, clause: Clause): boolean {
  expectNoServerError(exchange, clause as never);
  const { outcome, judgement } = costNulledOutcome(exchange as Answered);
  enforce(state, clause, exchange, outcome, { reading: judgement });
  return judgement.held.includes('cost-removed');
}
