/**
 * state: what a successful write did is visible afterwards, and what it did not touch is kept. A
 * read that does not show a write fails the write (it claimed success): its exchange comes first,
 * then the reads that showed otherwise.
 */
import { describe, type Exchange } from '../../http/exchange';
import { LEARNING_COST_NULLED } from '../../readings/entries/v3-learning';
import { LEARNING_MESSAGES } from '../../terms';
import { defineCheck, type CitedBy } from '../define';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { writeShown } from '../write-shown';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { about, duplicates, listed, missing, show } from '../shown';
import { expectNoServerError } from './no-server-error';
import { enforceAnswer, statusOutcome, type Answered } from './status';
import { expectResponse } from './transport';

const state = defineCheck({
  name: 'state',
  summary: 'a successful write is visible afterwards, and what it did not touch keeps its value',
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
/** An e-mail address, in any case, around any blanks. */
export const sameEmail: Same = (sent, read) =>
  typeof sent === 'string' && typeof read === 'string' && read.trim().toLowerCase() === sent.trim().toLowerCase();
/** HTML character references a target may store text under, decoded (`&amp;` `&lt;` `&gt;` `&quot;` `&#39;` `&#x27;` ...). */
export function unescapeHtml(text: string): string {
  const named: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return named[ref.toLowerCase()] ?? whole;
  });
}

/** Text with markup taken out as a sanitiser does it: tags and comments removed, then any `<` and `>` left. */
export function withoutMarkup(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/[<>]/g, '');
}

/**
 * Text read back in one of the readings a target may store it under (no sentence says stored text
 * reads back as sent; schemas/DECISIONS.md D50): as sent, trimmed, HTML-escaped (`<`, `>`, `&`, `"`,
 * `'` as character references), or with markup stripped (alone, or with the special characters
 * `<`, `>`, `&`, `"`, `'` removed too). Other changes (a letter lost, a truncation, mojibake) are not readings.
 */
export function sanitisedReading(sent: string, read: string): boolean {
  const s = sent.trim();
  const r = read.trim();
  if (r === s || unescapeHtml(r).trim() === s) return true;
  const stripped = withoutMarkup(s).trim();
  return r === stripped || unescapeHtml(r).trim() === stripped || r === stripped.replace(/[<>&"']/g, '').trim();
}

/** A name a target may trim or sanitise (sanitisedReading); a blank one may be stored as nothing. */
export const sameName: Same = (sent, read) =>
  typeof sent !== 'string' || sent.trim() === '' || (typeof read === 'string' && sanitisedReading(sent, read));
/**
 * A phone number read back as sent, or normalised (D42): a string whose digits (at least 7) end with
 * the sent number's digits, or are their national end (a country code dropped).
 */
export const samePhone: Same = (sent, read) => {
  if (typeof sent !== 'string' || sent.trim() === '') return true;
  if (typeof read !== 'string') return false;
  const [s, r] = [sent.replace(/\D/g, ''), read.replace(/\D/g, '')];
  return r.length >= 7 && (r.endsWith(s) || s.endsWith(r));
};
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
 * then as the state requires; a failure is about the write (it claimed success, or a refusal that
 * left a trace), then the probe.
 */
export function expectStateShownBy(write: Exchange, probe: Exchange, expected: '2xx' | '4xx', clause: Clause, why: string): void {
  expectResponse(probe, clause as never);
  expectNoServerError(probe, clause as never);
  enforce(state, clause, [write, probe], probeOutcome(probe, expected, why));
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
