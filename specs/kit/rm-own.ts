/**
 * What a candidate's own relationships name (schemas/DECISIONS.md D82, D83, D84): the events its
 * `events`, `first_touch_event` and `last_touch_event` name are events `GET /candidates/{id}/events`
 * shows (000 §6: events are "read through the candidate events ... operations"), the messages its
 * `messages_to` and `messages_from` name are messages `GET /candidates/{id}/messages` shows, a message
 * sent to the candidate names it in `to` (000 §2 Message "to (type candidates)"), one sent by it names it,
 * no candidate, or the candidates it went to (each naming it in its messages_to), and a record embedded through the candidate names the same related records as through
 * its own operation.
 */
import type { ApiClient } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import {
  expectDocumented,
  expectOwnRecords,
  expectRelationshipsKept,
  expectSentByCandidate,
  expectSentToCandidate,
  type ClauseOf,
} from '../../src/checks';
import { dataOf, linkageOf, relationshipRefs, relationshipView, utcOf, type Ref, type Resource } from './rm-doc';
import { walkNumeric } from './rm-walk';

type Observe = (category: 'other', subject: string, value: string) => void;

/** What include showed of the candidate's own records: the answer, the entries the relationship named, the records it embedded. */
export interface NamedThrough {
  candidateId: string;
  /** The relationship (`events`, `first_touch_event`, `last_touch_event`, `messages_to`, `messages_from`). */
  relationship: string;
  naming: Exchange;
  named: readonly Ref[];
  /** Every embedded record of the answer. */
  embedded: readonly Resource[];
}

/** A utc instant's last moment within its second when it is written without a fraction (a bound that still holds it). */
const endOfSecond = (utc: string): string => (/\.\d+/.test(utc) ? utc : utc.replace(/(Z|[+-]\d\d:?\d\d)$/i, '.999$1'));

const EVENT_CLAUSE: Readonly<Record<string, ClauseOf<'include'>>> = {
  events: 'rm.candidate.rel.events',
  first_touch_event: 'rm.events.read-through',
  last_touch_event: 'rm.events.read-through',
};

/**
 * The events the relationship names are the candidate's: GET /candidates/{id}/events shows them (an
 * event it does not show at once is looked for again between the created_at bounds of its embedded
 * copy; one whose copy shows no created_at is observed, not judged), under the heading's type; and the
 * copies include embedded name the same related records as the events operation's (D84).
 */
export async function expectOwnEvents(rm: ApiClient, through: NamedThrough, observe: Observe): Promise<void> {
  const { candidateId, relationship, naming, named, embedded } = through;
  if (named.length === 0) return;
  const op = rm.operation('rm.candidate-events.list');
  const first = await rm.call(op.id, { params: { candidateId } });
  expectDocumented(first, op, '200');
  const reads: Exchange[] = [first];
  const shown = dataOf(first);
  const judged: Ref[] = [];
  for (const ref of named) {
    if (shown.some((e) => e.id === ref.id)) {
      judged.push(ref);
      continue;
    }
    const copy = embedded.find((e) => e.id === ref.id);
    const at = copy ? utcOf(copy, 'created_at') : null;
    // Bounded: at most five reads again.
    if (at === null || reads.length > 5) {
      observe('other', `${relationship} of candidate ${candidateId}`, `event ${ref.id} not shown by one read of its events: not judged`);
      continue;
    }
    const query = { 'filter[created_at][gte]': at, 'filter[created_at][lte]': endOfSecond(at) };
    const again = await rm.call(op.id, { params: { candidateId }, query });
    expectDocumented(again, op, '200');
    reads.push(again);
    shown.push(...dataOf(again));
    judged.push(ref);
  }
  const what = `candidate ${candidateId}'s ${relationship} names events, but GET /candidates/${candidateId}/events`;
  expectOwnRecords(
    naming,
    reads,
    judged,
    shown.map((e) => e.id),
    'candidate_events',
    EVENT_CLAUSE[relationship] ?? 'rm.events.read-through',
    what,
  );
  const copies = embedded.filter((e) => named.some((r) => r.id === e.id)).map(relationshipView);
  const listed = shown.map(relationshipView);
  const views = { shownBy: `GET /candidates/${candidateId}/events`, other: `GET /candidates/${candidateId}?include=${relationship}` };
  expectRelationshipsKept(naming, listed, copies, 'rm.events.read-through', views);
}

/**
 * Whether candidate `candidateId` names message `messageId` in its messages_to (read with include=messages_to, so a
 * serializer that loads only what is included gives the pairs), with the read; a candidate that does not answer 200 names nothing.
 */
async function namesAsSentTo(rm: ApiClient, candidateId: string, messageId: string): Promise<{ read: Exchange; names: boolean }> {
  const read = await rm.call('rm.candidates.get', { params: { candidateId }, query: { include: 'messages_to' } });
  const resource = read.response?.status === 200 ? dataOf(read)[0] : undefined;
  const named = resource ? (relationshipRefs(resource, 'messages_to') ?? []) : [];
  return { read, names: named.some((r) => r.id === messageId) };
}

/** The ids a message's `to` names; null where `to` gives no linkage (links only, or not carried). */
function toOf(message: Resource): string[] | null {
  const linkage = linkageOf(message, 'to');
  return Array.isArray(linkage) ? linkage.map((r) => r.id) : null;
}

/**
 * The messages the relationship names are the candidate's: GET /candidates/{id}/messages, walked to its
 * end, shows them (a walk that does not end is observed); each names the candidate in `to` (messages_to),
 * or names it, no candidate or its recipients (messages_from, D83), as its embedded copy, else its listed one, shows; and
 * the copies include embedded name the same related records as the messages operation's (D84).
 */
export async function expectOwnMessages(rm: ApiClient, through: NamedThrough, observe: Observe): Promise<void> {
  const { candidateId, relationship, naming, named, embedded } = through;
  if (named.length === 0) return;
  const clause: ClauseOf<'include'> = relationship === 'messages_from' ? 'rm.candidate.rel.messages_from' : 'rm.candidate.rel.messages_to';
  const op = rm.operation('rm.candidate-messages.list');
  const walk = await walkNumeric(rm, op, {}, 100, 10, {}, { candidateId });
  if (walk.complete) {
    const what = `candidate ${candidateId}'s ${relationship} names messages, but GET /candidates/${candidateId}/messages (walked to its end)`;
    expectOwnRecords(naming, walk.exchanges, named, walk.ids, 'messages', clause, what);
  } else {
    observe('other', `${relationship} of candidate ${candidateId}`, 'its messages walk did not end within 10 pages: not compared');
  }
  for (const ref of named) {
    const copy = embedded.find((m) => m.id === ref.id);
    const page = walk.shown.find((p) => p.records.some((m) => m.id === ref.id));
    const message = copy ?? page?.records.find((m) => m.id === ref.id);
    if (!message) continue;
    const about = copy ? naming : (page?.exchange ?? naming);
    const to = toOf(message);
    if (relationship !== 'messages_from') {
      expectSentToCandidate(about, candidateId, ref.id, to);
      continue;
    }
    // A message the candidate sent to other candidates (a referral): each of them names it as sent to it (bounded).
    const others = (to ?? []).filter((id) => id !== candidateId).slice(0, 3);
    const recipients = await Promise.all(others.map((id) => namesAsSentTo(rm, id, ref.id)));
    const recipientsNaming = others.filter((_, i) => recipients[i]?.names === true);
    expectSentByCandidate(
      about,
      recipients.map((r) => r.read),
      candidateId,
      ref.id,
      to ?? [],
      recipientsNaming,
    );
  }
  const copies = embedded.filter((m) => named.some((r) => r.id === m.id)).map(relationshipView);
  const listed = walk.records.map(relationshipView);
  const views = { shownBy: `GET /candidates/${candidateId}/messages`, other: `GET /candidates/${candidateId}?include=${relationship}` };
  expectRelationshipsKept(naming, listed, copies, clause, views);
}
