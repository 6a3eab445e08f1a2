/**
 * include: included records are the ones the relationships point at (000 §4 "related resources to
 * embed"), and a candidate's relationship names the records it has (000 §2). Related type names
 * are not enforced (schemas/DECISIONS.md D4): an embedded record matches an entry by id, and by
 * type only as far as the entry itself names one.
 */
import type { Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { listed } from '../shown';

const include = defineCheck({
  name: 'include',
  summary: "include embeds the related records, relationships point at them, and a candidate's relationship names the records it has",
  cites: [
    'rm.include.',
    'rm.query.include',
    'rm.layout.relationship',
    'rm.layout.resource',
    'rm.candidate.relationships',
    'rm.candidate.rel.',
  ],
});
export default include;

type Clause = CitedBy<typeof include>;

/** A relationship entry, or a record as far as an entry names it. */
export interface Entry {
  readonly id: string;
  /** '' when not shown. */
  readonly type: string;
}

/**
 * Whether `record` is the one `entry` names: the same id, and the same type where both name one
 * (two type names the document gives for the same records, `sameRecords`, count as the same).
 */
export function entryMatches(entry: Entry, record: Entry, sameRecords: readonly string[] | null): boolean {
  if (record.id !== entry.id) return false;
  if (entry.type === '' || record.type === '' || record.type === entry.type) return true;
  return sameRecords !== null && sameRecords.includes(record.type) && sameRecords.includes(entry.type);
}

function countByType(records: readonly Entry[]): string {
  const byType = new Map<string, number>();
  for (const r of records) byType.set(r.type || '(no type)', (byType.get(r.type || '(no type)') ?? 0) + 1);
  return [...byType].map(([t, n]) => `${n} ${t}`).join(', ') || 'none';
}

/**
 * The predicate: the record a relationship entry names (`where` says which record and relationship)
 * is in the answer (`inAnswer`: the embedded records and the primary ones, which a compound
 * document need not repeat, JSON:API 1.1 §7.1.4); `embedded` only for the detail.
 */
export function embeddedOutcome(
  entry: Entry,
  inAnswer: readonly Entry[],
  sameRecords: readonly string[] | null,
  where: string,
  embedded: readonly Entry[],
): Outcome {
  return inAnswer.some((r) => entryMatches(entry, r, sameRecords))
    ? CONFORMS
    : nonConforming(
        `${where} names {id: ${entry.id}, type: ${entry.type || '-'}}, which is not embedded in the answer ` +
          `(${embedded.length} embedded records: ${countByType(embedded)})`,
      );
}

/** The entry's record is embedded in `exchange`; returns it. */
export function expectEmbedded<R extends Entry>(
  exchange: Exchange,
  entry: Entry,
  inAnswer: readonly R[],
  sameRecords: readonly string[] | null,
  clause: Clause,
  where: string,
  embedded: readonly Entry[],
): R {
  enforce(include, clause, exchange, embeddedOutcome(entry, inAnswer, sameRecords, where, embedded));
  const found = inAnswer.find((r) => entryMatches(entry, r, sameRecords));
  if (found === undefined) throw new Error('unreachable: enforce throws on a failure');
  return found;
}

/** A related record a candidate surely has: by id, or a tagging by its name. */
export interface KnownRecord {
  readonly id: string | null;
  readonly name: string | null;
}

/** A record as the known-record rules read it. */
export interface NamedRecord extends Entry {
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** Whether `record` is the known one: the same id, or the same name. */
export function isKnownRecord(known: KnownRecord): (record: NamedRecord) => boolean {
  return (r) => (known.id !== null && r.id === known.id) || (known.name !== null && r.attributes.name === known.name);
}

/** The predicate: include=<value> embeds a record the candidate surely has (`known`; `what` says which and how it is known). */
export function knownEmbeddedOutcome(embedded: readonly NamedRecord[], known: KnownRecord, what: string): Outcome {
  return embedded.some(isKnownRecord(known))
    ? CONFORMS
    : nonConforming(`${what}, but the answer embeds only ${listed(embedded.map((r) => r.id))}`);
}

export function expectKnownEmbedded(
  exchange: Exchange,
  embedded: readonly NamedRecord[],
  known: KnownRecord,
  clause: Clause,
  what: string,
): void {
  enforce(include, clause, exchange, knownEmbeddedOutcome(embedded, known, what));
}

/**
 * The predicate: the candidate's relationship (`names`) names the record it surely has, `id`
 * (000 §2: "where related records exist, `relationships`"); `what` says which and how it is known.
 */
export function relationshipNamesOutcome(refs: readonly Entry[], id: string, names: readonly string[], what: string): Outcome {
  return refs.some((r) => r.id === id)
    ? CONFORMS
    : nonConforming(
        `${what}, but its relationship ${names.join(' or ')} names ${refs.length ? listed(refs.map((r) => r.id)) : 'nothing'}: ` +
          'the embedded record is not linked to the candidate',
      );
}

export function expectRelationshipNames(
  exchange: Exchange,
  refs: readonly Entry[],
  id: string,
  names: readonly string[],
  clause: Clause,
  what: string,
): void {
  enforce(include, clause, exchange, relationshipNamesOutcome(refs, id, names, what));
}

/**
 * The predicate: two relationships of one candidate that name records of opposite directions (000 §2:
 * messages_to "messages (sent to the candidate)", messages_from "messages (sent by the candidate)") share
 * no record: a message sent to the candidate is not one the candidate sent. `what` names the candidate.
 */
export function relationshipsApartOutcome(
  a: readonly Entry[],
  b: readonly Entry[],
  names: readonly [string, string],
  what: string,
): Outcome {
  const shared = a.filter((x) => b.some((y) => y.id === x.id)).map((x) => x.id);
  return shared.length === 0
    ? CONFORMS
    : nonConforming(`${what}: ${names[0]} and ${names[1]} both name ${listed(shared)}, a record cannot be both`);
}

export function expectRelationshipsApart(
  exchange: Exchange,
  a: readonly Entry[],
  b: readonly Entry[],
  names: readonly [string, string],
  clause: Clause,
  what: string,
): void {
  enforce(include, clause, exchange, relationshipsApartOutcome(a, b, names, what));
}

/** A record as far as its relationships go: each relationship it carries, with the records it names ([] for none, null, or links only). */
export interface RelationshipView {
  readonly id: string;
  readonly relationships: ReadonlyMap<string, readonly Entry[]>;
}

/**
 * The predicate: the same stored records read through two operations (`shownBy` through one, `other`
 * through the other; 000 §6: candidate events are "read through the candidate events and job
 * application events operations") carry every relationship under which one read names a related
 * record in the other too (000 §1: "where related records exist, `relationships`"). How the other read
 * gives it is its own affair (linkage, links only or an empty entry, D3); leaving it out is not.
 */
export function relationshipsKeptOutcome(
  shownBy: readonly RelationshipView[],
  other: readonly RelationshipView[],
  what: { shownBy: string; other: string },
): Outcome {
  const missing: string[] = [];
  for (const record of shownBy) {
    const again = other.find((o) => o.id === record.id);
    if (!again) continue;
    for (const [name, entries] of record.relationships) {
      if (entries.length > 0 && !again.relationships.has(name))
        missing.push(`${record.id} without ${name} (${what.shownBy} names ${listed(entries.map((e) => e.id))})`);
    }
  }
  return missing.length === 0
    ? CONFORMS
    : nonConforming(
        `${what.other} shows ${missing.length > 1 ? 'records' : 'record'} ${missing.slice(0, 5).join('; ')}: the related records exist`,
      );
}

export function expectRelationshipsKept(
  exchange: Exchange,
  shownBy: readonly RelationshipView[],
  other: readonly RelationshipView[],
  clause: Clause,
  what: { shownBy: string; other: string },
): void {
  enforce(include, clause, exchange, relationshipsKeptOutcome(shownBy, other, what));
}
