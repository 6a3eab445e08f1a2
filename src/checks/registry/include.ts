/**
 * include: included records are the ones the relationships point at (000 §4 "related resources to
 * embed"), every embedded record is named by a pair and embedded alike wherever it is repeated, a
 * relationship include asked for gives its pairs, and a candidate's relationship names the records it
 * has (000 §2), the very ones its own operations show. Type names are judged by the readings of D4
 * (rm.relationship.type); an embedded record matches an entry by id, and by type as far as the entry
 * names one (two names 000 §2 gives the same records count as the same).
 */
import type { Exchange } from '../../http/exchange';
import {
  RM_EMBEDDED_PLACE,
  RM_EMBEDDED_REPEATS,
  RM_RELATED_TYPE,
  RM_SENT_BY_CANDIDATE_TO,
  RM_WITHOUT_LINKAGE,
  type EmbeddedPlace,
  type TypeShown,
  type WithoutLinkageShown,
} from '../../readings/entries/rm-records';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { about, listed } from '../shown';

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
    'rm.events.read-through',
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
  /** The relationships it carries links-only (no linkage, D3): they name nothing to compare. */
  readonly withoutLinkage?: ReadonlySet<string>;
}

/** The ids of `entries`, sorted, with the type of each where it names one ("7:jobs", "8"). */
const namedIds = (entries: readonly Entry[]): string[] => [...new Set(entries.map((e) => e.id))].sort();

/** Entries of one read and of another that name different records: ids apart, or one id under two types. */
function namesDiffer(a: readonly Entry[], b: readonly Entry[]): boolean {
  const [x, y] = [namedIds(a), namedIds(b)];
  if (x.length !== y.length || x.some((id, i) => id !== y[i])) return true;
  return a.some((e) => e.type !== '' && b.some((f) => f.id === e.id && f.type !== '' && f.type !== e.type));
}

/**
 * The predicate: the same stored records read through two operations (`shownBy` through one, `other`
 * through the other; 000 §6: candidate events are "read through the candidate events and job
 * application events operations") carry every relationship under which one read names a related
 * record in the other too (000 §1: "where related records exist, `relationships`"), and where both
 * give linkage for a relationship they name the same records (D84: one record names one set of related
 * records). How the other read gives it is its own affair (linkage, links only or an empty entry, D3);
 * leaving it out, or naming other records, is not.
 */
export function relationshipsKeptOutcome(
  shownBy: readonly RelationshipView[],
  other: readonly RelationshipView[],
  what: { shownBy: string; other: string },
): Outcome {
  const missing: string[] = [];
  const differ: string[] = [];
  for (const record of shownBy) {
    const again = other.find((o) => o.id === record.id);
    if (!again) continue;
    for (const [name, entries] of record.relationships) {
      if (entries.length > 0 && !again.relationships.has(name))
        missing.push(`${record.id} without ${name} (${what.shownBy} names ${listed(entries.map((e) => e.id))})`);
      const theirs = again.relationships.get(name);
      if (theirs === undefined || record.withoutLinkage?.has(name) || again.withoutLinkage?.has(name)) continue;
      if (namesDiffer(entries, theirs))
        differ.push(
          `${record.id} ${name} names ${listed(theirs.map((e) => `${e.id}${e.type ? ` (${e.type})` : ''}`))}, ` +
            `where ${what.shownBy} names ${listed(entries.map((e) => `${e.id}${e.type ? ` (${e.type})` : ''}`))}`,
        );
    }
  }
  if (missing.length > 0)
    return nonConforming(
      `${what.other} shows ${missing.length > 1 ? 'records' : 'record'} ${missing.slice(0, 5).join('; ')}: the related records exist`,
    );
  return differ.length === 0
    ? CONFORMS
    : nonConforming(`${what.other}: ${differ.slice(0, 5).join('; ')}: one stored record names one set of related records`);
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

// ---- what a relationship include asked for names (D80, D81, D4, D11) ----------------------------------

/** The predicate: a relationship carried links-only (`shown`) is lawful by a reading of D80; `where` names it. */
export function withoutLinkageOutcome(shown: WithoutLinkageShown, where: string): ReadingOutcome {
  const why = shown.known > 0 ? `${shown.known} related records known` : `${shown.embeddedUnnamed} embedded records of it named by no pair`;
  return readingOutcome(RM_WITHOUT_LINKAGE, shown, `${where} gives links only (no {id, type} pairs) while include asked for it and ${why}`);
}

/** A links-only relationship is lawful: about the answer that carries it. */
export function expectWithoutLinkageLawful(exchange: Exchange, shown: WithoutLinkageShown, clause: Clause, where: string): void {
  const { outcome, judgement } = withoutLinkageOutcome(shown, where);
  enforce(include, clause, exchange, outcome, { reading: judgement });
}

/** The predicate: a type shown for records of a candidate relationship is a name 000 §2 gives them (D4); `where` says whose. */
export function relatedTypeOutcome(shown: TypeShown, where: string): ReadingOutcome {
  const names = [shown.table, shown.heading, shown.include].filter((n): n is string => n !== null);
  return readingOutcome(RM_RELATED_TYPE, shown, `${where} carries type "${shown.type}" (000 §2 names them ${listed([...new Set(names)])})`);
}

export function expectRelatedType(exchange: Exchange, shown: TypeShown, clause: Clause, where: string): void {
  const { outcome, judgement } = relatedTypeOutcome(shown, where);
  enforce(include, clause, exchange, outcome, { reading: judgement });
}

/** A record of an answer with the place it was found at (D11 rm.include.embedded-place). */
export interface Placed<R extends Entry> {
  readonly record: R;
  readonly place: EmbeddedPlace;
}

/**
 * The predicate: the record `entry` names is in the answer at a place a reading of D11 allows (the
 * `included` array, inside a relationship entry, or among the primary records); `where` names the entry.
 */
export function embeddedPlaceOutcome<R extends Entry>(
  entry: Entry,
  inAnswer: readonly Placed<R>[],
  sameRecords: readonly string[] | null,
  where: string,
  embedded: readonly Entry[],
): ReadingOutcome {
  const places = inAnswer.filter((p) => entryMatches(entry, p.record, sameRecords)).map((p) => p.place);
  return readingOutcome(
    RM_EMBEDDED_PLACE,
    { places },
    `${where} names {id: ${entry.id}, type: ${entry.type || '-'}}, which is not embedded in the answer ` +
      `(${embedded.length} embedded records: ${countByType(embedded)})`,
  );
}

/** The entry's record is in the answer; returns it (the first place found). */
export function expectEmbeddedAt<R extends Entry>(
  exchange: Exchange,
  entry: Entry,
  inAnswer: readonly Placed<R>[],
  sameRecords: readonly string[] | null,
  clause: Clause,
  where: string,
  embedded: readonly Entry[],
): R {
  const { outcome, judgement } = embeddedPlaceOutcome(entry, inAnswer, sameRecords, where, embedded);
  enforce(include, clause, exchange, outcome, { reading: judgement });
  const found = inAnswer.find((p) => entryMatches(entry, p.record, sameRecords));
  if (found === undefined) throw new Error('unreachable: enforce throws on a failure');
  return found.record;
}

/** An embedded copy as the repeats rule compares it: its pair, its attributes, and the ids its relationships name (null: links only). */
export interface EmbeddedCopy extends Entry {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly named: ReadonlyMap<string, readonly string[] | null>;
}

/** JSON text with object keys sorted, so that two equal values written in another order compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** The members two copies of one record give different values: attributes both show, relationships both give linkage for. */
export function copiesDiffer(a: EmbeddedCopy, b: EmbeddedCopy): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(a.attributes))
    if (Object.hasOwn(b.attributes, k) && canonical(v) !== canonical(b.attributes[k])) out.push(`attributes.${k}`);
  for (const [k, ids] of a.named) {
    const theirs = b.named.get(k);
    if (ids && theirs && canonical([...ids].sort()) !== canonical([...theirs].sort())) out.push(`relationships.${k}`);
  }
  return out;
}

/** The predicate: a record embedded more than once is embedded alike (D81 rm.include.repeats); `what` names the answer. */
export function repeatsOutcome(copies: readonly EmbeddedCopy[], what: string): ReadingOutcome {
  const groups = new Map<string, EmbeddedCopy[]>();
  for (const c of copies) groups.set(`${c.type}\u0000${c.id}`, [...(groups.get(`${c.type}\u0000${c.id}`) ?? []), c]);
  let repeated = 0;
  const differing: string[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    repeated += 1;
    const [first, ...rest] = group;
    const members = first ? [...new Set(rest.flatMap((c) => copiesDiffer(first, c)))] : [];
    if (first && members.length > 0) differing.push(`{id: ${first.id}, type: ${first.type}} (${members.join(', ')})`);
  }
  return readingOutcome(
    RM_EMBEDDED_REPEATS,
    { repeated, differing: differing.length },
    `${what} embeds ${listed(differing, 4)} more than once with different values: one pair names one record`,
  );
}

export function expectRepeatsAlike(exchange: Exchange, copies: readonly EmbeddedCopy[], clause: Clause, what: string): void {
  const { outcome, judgement } = repeatsOutcome(copies, what);
  enforce(include, clause, exchange, outcome, { reading: judgement });
}

/**
 * The predicate: every embedded record is named by a relationship entry of the answer (D81: include embeds
 * "related resources"; a record no pair names is not shown to be related). `unnamed`: those no entry names.
 */
export function embeddedNamedOutcome(unnamed: readonly Entry[], what: string): Outcome {
  return unnamed.length === 0
    ? CONFORMS
    : nonConforming(
        `${what} embeds ${listed(
          unnamed.map((r) => `{id: ${r.id}, type: ${r.type || '-'}}`),
          4,
        )}, which no relationship entry of the answer names: not shown to be a related resource`,
      );
}

export function expectEmbeddedNamed(exchange: Exchange, unnamed: readonly Entry[], clause: Clause, what: string): void {
  enforce(include, clause, exchange, embeddedNamedOutcome(unnamed, what));
}

// ---- what a candidate's own relationships name (D82, D83) -------------------------------------------------

/**
 * The predicate: each record a candidate relationship names (`named`) is one the candidate's own
 * operation shows (`shown`: the ids it listed), and an entry that carries a type carries the one the
 * heading gives those records (`heading`); `what` names the relationship and the operation.
 */
export function ownRecordsOutcome(named: readonly Entry[], shown: readonly string[], heading: string, what: string): Outcome {
  const mistyped = named.filter((e) => e.type !== '' && e.type !== heading);
  if (mistyped.length > 0)
    return nonConforming(`${what}: names ${listed(mistyped.map((e) => `${e.id} (type ${e.type})`))}, records of type ${heading}`);
  const have = new Set(shown);
  const left = named.filter((e) => !have.has(e.id)).map((e) => e.id);
  return left.length === 0 ? CONFORMS : nonConforming(`${what} does not show ${listed(left)}: not a record of this candidate`);
}

/** About the answer that named them, then the reads of the candidate's own operation. */
export function expectOwnRecords(
  naming: Exchange,
  reads: readonly Exchange[],
  named: readonly Entry[],
  shown: readonly string[],
  heading: string,
  clause: Clause,
  what: string,
): void {
  enforce(include, clause, about(naming, reads), ownRecordsOutcome(named, shown, heading, what));
}

/**
 * The predicate: a message "sent to the candidate" (000 §2 messages_to) names that candidate in its
 * `to` ("to (type candidates)"), where `to` gives linkage (`to`: the ids it names; null: not given).
 */
export function sentToCandidateOutcome(candidate: string, message: string, to: readonly string[] | null): Outcome {
  if (to === null || to.includes(candidate)) return CONFORMS;
  return nonConforming(
    `message ${message}, named by candidate ${candidate}'s messages_to (sent to the candidate), has to naming ${to.length ? listed(to) : 'nobody'}`,
  );
}

export function expectSentToCandidate(exchange: Exchange, candidate: string, message: string, to: readonly string[] | null): void {
  enforce(include, 'rm.candidate.rel.messages_to', exchange, sentToCandidateOutcome(candidate, message, to));
}

/**
 * The predicate: a message "sent by the candidate" (messages_from) names in `to` the candidate, no
 * candidate, or the candidates it went to, each naming it in its messages_to (D83); `recipientsNaming`:
 * those of `to` whose messages_to names it.
 */
export function sentByCandidateOutcome(
  candidate: string,
  message: string,
  to: readonly string[],
  recipientsNaming: readonly string[],
): ReadingOutcome {
  const others = to.filter((id) => id !== candidate && !recipientsNaming.includes(id));
  return readingOutcome(
    RM_SENT_BY_CANDIDATE_TO,
    { candidate, to, recipientsNaming },
    `message ${message}, named by candidate ${candidate}'s messages_from (sent by the candidate), has to naming ${listed(to)}` +
      (others.length ? `, and ${listed(others)} do not name it among the messages sent to them` : ''),
  );
}

/** About the answer that showed the message, then the reads of the candidates `to` names. */
export function expectSentByCandidate(
  exchange: Exchange,
  reads: readonly Exchange[],
  candidate: string,
  message: string,
  to: readonly string[],
  recipientsNaming: readonly string[],
): void {
  const { outcome, judgement } = sentByCandidateOutcome(candidate, message, to, recipientsNaming);
  enforce(include, 'rm.candidate.rel.messages_from', about(exchange, reads), outcome, { reading: judgement });
}
