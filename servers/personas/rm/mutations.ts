// State changes shared by the seed and the operations of part 4: creating candidates, taggings, files, educations and
// employments, and static list membership (part 3 "Shown moves": 201 added, 200 already a member, 204 removed).
import { randomBytes, randomUUID } from 'node:crypto';
import { type AttrValue, type Rec, type Rel, Stamp, T, link, linksOf, strAttr } from './model';
import type { Store } from './store';

/** A random alphanumeric uid (part 2: "randomly generated, alphanumeric, unique"). */
export function newUid(length = 20): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length] ?? 'a';
  return out;
}

export interface CandidateInput {
  email: string | null;
  first_name?: string | null;
  last_name?: string | null;
  phone_number?: string | null;
  skills?: string[];
  createdMs: number;
  updatedMs?: number;
  interaction_score?: number;
  subscription_status?: 'subscribed' | 'unsubscribed';
  internal_candidate?: boolean;
  manually_added?: boolean;
  firstSeenMs?: number | null;
  lastSeenMs?: number | null;
  visit_count?: number;
  archivedMs?: number | null;
}

const CANDIDATE_TO_MANY = [
  'resumes',
  'educations',
  'employments',
  'locations',
  'events',
  'jobs',
  'job_applications',
  'form_submissions',
  'lists',
  'messages_to',
  'messages_from',
  'notes',
  'project_template_stages',
  'project_entries',
  'job_alert_subscription',
  'taggings',
];

const stamp = (ms: number | null | undefined): AttrValue => (ms === null || ms === undefined ? null : new Stamp(ms));

export function createCandidate(store: Store, input: CandidateInput): Rec {
  const rels: Record<string, Rel> = {};
  for (const name of CANDIDATE_TO_MANY) rels[name] = [];
  rels.first_touch_event = null;
  rels.last_touch_event = null;
  return store.add(
    T.candidate,
    {
      uid: newUid(),
      created_at: new Stamp(input.createdMs),
      updated_at: new Stamp(input.updatedMs ?? input.createdMs),
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      email: input.email,
      phone_number: input.phone_number ?? null,
      skills: input.skills ?? [],
      interaction_score: input.interaction_score ?? 0,
      subscription_status: input.subscription_status ?? 'subscribed',
      internal_candidate: input.internal_candidate ?? false,
      manually_added: input.manually_added ?? true,
      last_seen_at: stamp(input.lastSeenMs),
      first_seen_at: stamp(input.firstSeenMs),
      visit_count: input.visit_count ?? 0,
      archived_status: input.archivedMs === null || input.archivedMs === undefined ? 'unarchived' : 'archived',
      last_archived_at: stamp(input.archivedMs),
    },
    rels,
  );
}

export function touch(rec: Rec, now: number): void {
  rec.attrs.updated_at = new Stamp(now);
}

/** Adds a tagging (UUID id) unless the candidate already carries a tag of that name; returns it and whether it is new. */
export function addTagging(store: Store, candidate: Rec, name: string, source: Rec | null): { tagging: Rec; added: boolean } {
  const existing = store.related(candidate, 'taggings').find((t) => strAttr(t, 'name') === name);
  if (existing) return { tagging: existing, added: false };
  const tagging = store.add(
    T.tagging,
    { uid: newUid(), name },
    { tag_source: source ? link(source.type, source.id) : null },
    { candidateId: candidate.id },
    randomUUID(),
  );
  store.attach(candidate, 'taggings', tagging);
  return { tagging, added: true };
}

export function removeTagging(store: Store, candidate: Rec, tagging: Rec): void {
  store.detach(candidate, 'taggings', tagging.id);
  store.remove(T.tagging, tagging.id);
}

/** Adds a candidate record (education, employment, file) and links it from the candidate. */
export function addCandidateRecord(
  store: Store,
  candidate: Rec,
  type: string,
  relName: string,
  attrs: Record<string, AttrValue>,
  extracted?: boolean,
): Rec {
  const rec = store.add(
    type,
    attrs,
    {},
    extracted === undefined ? { candidateId: candidate.id } : { candidateId: candidate.id, extracted },
  );
  store.attach(candidate, relName, rec);
  return rec;
}

export function isMember(candidate: Rec, list: Rec): boolean {
  return linksOf(candidate.rels.lists).some((l) => l.id === list.id);
}

/** PUT list membership: true when the candidate was added, false when already a member. */
export function addMembership(store: Store, list: Rec, candidate: Rec, now: number): boolean {
  if (isMember(candidate, list)) return false;
  store.attach(candidate, 'lists', list, T.staticList);
  list.attrs.count = Number(list.attrs.count ?? 0) + 1;
  if (now > 0) touch(list, now);
  return true;
}

/** DELETE list membership: removes it when present; true when something was removed. */
export function removeMembership(store: Store, list: Rec, candidate: Rec, now: number): boolean {
  if (!isMember(candidate, list)) return false;
  store.detach(candidate, 'lists', list.id);
  list.attrs.count = Math.max(0, Number(list.attrs.count ?? 0) - 1);
  touch(list, now);
  return true;
}
