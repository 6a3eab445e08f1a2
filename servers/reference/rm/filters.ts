/**
 * The filters of 000 §4 "Filters", parsed from `filter[...]` query keys and turned into predicates.
 * Unknown filter keys and malformed values answer 400 (the document is silent; refusing beats
 * silently returning everything). Faults bend single rules here, each in one visible spot.
 */
import type { RmEnv } from './env';
import { EVENT_KINDS, type Candidate, type CandidateEvent, type EventKind, type Job, type Message } from './model';
import { badRequest } from './respond';
import type { Store } from './store';
import { on } from '../switches';
import { storedEmail } from './stored-text';

export function filterKeys(query: URLSearchParams): string[] {
  return [...new Set([...query.keys()].filter((k) => k.startsWith('filter[')))];
}

function onlyKnown(query: URLSearchParams, known: readonly string[]): string[] {
  const keys = filterKeys(query);
  const unknown = keys.filter((k) => !known.includes(k));
  if (unknown.length > 0) throw badRequest(`unknown filter ${unknown.join(', ')}; this operation accepts ${known.join(', ')}`, unknown[0]);
  return keys;
}

function bool(query: URLSearchParams, key: string): boolean | null {
  const raw = query.get(key);
  if (raw === null) return null;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw badRequest(`${key} must be true or false (got ${JSON.stringify(raw)})`, key);
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** An ISO 8601 date or date-time; no zone means UTC. A "+" left unencoded in the URL arrives as a space. */
export function parseDateTime(raw: string, key: string): number {
  const text = raw.trim().replace(/ (\d{2}:?\d{2})$/, '+$1');
  const m = DATE_TIME.exec(text);
  const ms = m ? Date.parse(m[2] ? `${m[1]}T${m[2]}${m[3] ?? 'Z'}` : `${m[1]}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) throw badRequest(`${key} must be an ISO 8601 date-time (got ${JSON.stringify(raw)})`, key);
  return ms;
}

function time(query: URLSearchParams, key: string): number | null {
  const raw = query.get(key);
  return raw === null ? null : parseDateTime(raw, key);
}

/** The updated_at bounds; the offset-ignored fault reads the clock time of any offset as UTC. */
function updatedBound(env: RmEnv, query: URLSearchParams, key: string): number | null {
  const raw = query.get(key);
  if (raw === null || !on(env.behaviour, 'rm.filter.updated-at-offset-ignored')) return time(query, key);
  return parseDateTime(raw.trim().replace(/(?:Z|[+ -]\d{2}:?\d{2})$/i, ''), key);
}

// ---- candidates ----

const CANDIDATE_FILTERS = [
  'filter[updated_at][lt]',
  'filter[updated_at][gte]',
  'filter[email][eq]',
  'filter[archived]',
  'filter[anonymised]',
  'filter[ats_candidates][exists]',
  'filter[ats_uid][exists]',
  'filter[resume][exists]',
] as const;

export interface CandidateFilter {
  updatedLt: number | null;
  updatedGte: number | null;
  email: string | null;
  /** null: no condition (only where a fault drops the default). */
  archived: boolean | null;
  anonymised: boolean | null;
  atsCandidates: boolean | null;
  atsUid: boolean | null;
  resume: boolean | null;
}

export function parseCandidateFilter(env: RmEnv, query: URLSearchParams): { filter: CandidateFilter; present: boolean } {
  const keys = onlyKnown(query, CANDIDATE_FILTERS);
  let archived = bool(query, 'filter[archived]');
  // The archived-false-truthy fault tests the parameter for presence: "false" is a non-empty string.
  if (archived === false && on(env.behaviour, 'rm.filter.archived-false-truthy')) archived = true;
  if (on(env.behaviour, 'rm.filter.archived-ignored')) archived = false;
  else if (archived === null && !on(env.behaviour, 'rm.filter.archived-default-ignored')) archived = false;
  // "Archived included": true lifts the default condition instead of selecting archived candidates only.
  else if (archived === true && on(env.behaviour, 'rm.variant.archived-true-includes-all')) archived = null;
  let anonymised = bool(query, 'filter[anonymised]');
  if (anonymised === true && on(env.behaviour, 'rm.filter.anonymised-true-ignored')) anonymised = null;
  if (anonymised === null && !on(env.behaviour, 'rm.filter.anonymised-default-ignored')) anonymised = false;
  let updatedLt = updatedBound(env, query, 'filter[updated_at][lt]');
  const updatedGte = updatedBound(env, query, 'filter[updated_at][gte]');
  // The lt-truncates-ms fault keeps whole seconds of the lt bound; the combined fault drops lt beside gte.
  if (updatedLt !== null && on(env.behaviour, 'rm.filter.updated-at-lt-truncates-ms')) updatedLt = Math.floor(updatedLt / 1000) * 1000;
  if (updatedGte !== null && on(env.behaviour, 'rm.filter.updated-at-combined-lt-ignored')) updatedLt = null;
  const email = query.get('filter[email][eq]');
  const filter: CandidateFilter = {
    updatedLt,
    updatedGte,
    // The email-plus-as-space fault decodes the (already decoded) value once more, as a form value.
    // Compared as the address is stored (the e-mail variants lower-case it; D42).
    email: email === null ? null : storedEmail(env, on(env.behaviour, 'rm.filter.email-plus-as-space') ? email.replace(/\+/g, ' ') : email),
    archived,
    anonymised,
    atsCandidates: bool(query, 'filter[ats_candidates][exists]'),
    atsUid: on(env.behaviour, 'rm.filter.ats-uid-exists-ignored') ? null : bool(query, 'filter[ats_uid][exists]'),
    resume: bool(query, 'filter[resume][exists]'),
  };
  if (filter.resume !== null && on(env.behaviour, 'rm.filter.resume-exists-inverted')) filter.resume = !filter.resume;
  if (filter.atsUid !== null && on(env.behaviour, 'rm.filter.ats-uid-exists-inverted')) filter.atsUid = !filter.atsUid;
  if (filter.resume === false && on(env.behaviour, 'rm.filter.resume-false-ignored')) filter.resume = null;
  return { filter, present: keys.length > 0 };
}

/** Any ATS status history: status events only (000 §4 filter[ats_candidates][exists]); any event under a fault. */
export function hasAtsHistory(store: Store, c: Candidate, anyEvent = false): boolean {
  return c.events.some((id) => anyEvent || store.events.get(id)?.kind === 'ats');
}

/** An uploaded resume whose text has been extracted (000 §4 filter[resume][exists]). */
export function hasExtractedResume(store: Store, c: Candidate): boolean {
  return c.files.some((id) => store.files.get(id)?.extracted === true);
}

export function candidateMatcher(env: RmEnv, store: Store, f: CandidateFilter): (c: Candidate) => boolean {
  const ltInclusive = on(env.behaviour, 'rm.filter.updated-at-lt-inclusive');
  const gteExclusive = on(env.behaviour, 'rm.filter.updated-at-gte-exclusive');
  const emailSubstring = on(env.behaviour, 'rm.filter.email-substring');
  // The email-local-part-only fault compares what stands before the @.
  const localOnly = on(env.behaviour, 'rm.filter.email-local-part-only');
  const localPart = (address: string): string => address.slice(0, Math.max(0, address.lastIndexOf('@')));
  const anyEvent = on(env.behaviour, 'rm.filter.ats-candidates-any-event');
  // The ats-uid-false-empty fault compares with "" where there is no ATS record (null).
  const atsUidEmpty = on(env.behaviour, 'rm.filter.ats-uid-false-empty');
  return (c) => {
    if (f.updatedLt !== null && !(ltInclusive ? c.updated <= f.updatedLt : c.updated < f.updatedLt)) return false;
    if (f.updatedGte !== null && !(gteExclusive ? c.updated > f.updatedGte : c.updated >= f.updatedGte)) return false;
    if (
      f.email !== null &&
      !(emailSubstring ? c.email.includes(f.email) : localOnly ? localPart(c.email) === localPart(f.email) : c.email === f.email)
    )
      return false;
    if (f.archived !== null && c.archived !== f.archived) return false;
    if (f.anonymised !== null && c.anonymised !== f.anonymised) return false;
    if (f.atsUid === false && atsUidEmpty) return c.atsUid === '';
    if (f.atsUid !== null && (c.atsUid !== null) !== f.atsUid) return false;
    if (f.atsCandidates !== null && hasAtsHistory(store, c, anyEvent) !== f.atsCandidates) return false;
    if (f.resume !== null && hasExtractedResume(store, c) !== f.resume) return false;
    return true;
  };
}

// ---- candidate events and job application events ----

export interface EventFilter {
  kinds: ReadonlySet<EventKind> | null;
  createdGte: number | null;
  createdLte: number | null;
  /** Faults: kinds matched by substring; lte applied as lt. */
  kindSubstring?: boolean;
  gteExclusive?: boolean;
  /** Fault: lifecycle events (shown without a kind) match every kind. */
  nullKindEverywhere?: boolean;
}

/** filter[kind] is an array sent comma-separated (filter[kind][]=a&filter[kind][]=b is taken too). */
export function parseEventFilter(env: RmEnv, query: URLSearchParams): EventFilter {
  onlyKnown(query, ['filter[kind]', 'filter[kind][]', 'filter[created_at][gte]', 'filter[created_at][lte]']);
  const raw = [...query.getAll('filter[kind]'), ...query.getAll('filter[kind][]')]
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = raw.filter((k) => !(EVENT_KINDS as readonly string[]).includes(k));
  if (unknown.length > 0)
    throw badRequest(`filter[kind]: unknown event kind(s) ${unknown.join(', ')}; known: ${EVENT_KINDS.join(', ')}`, 'filter[kind]');
  const kinds = raw.length > 0 && !on(env.behaviour, 'rm.filter.event-kind-ignored') ? new Set(raw as EventKind[]) : null;
  // The utc-null-passes fault compares the bounds with a utc the events do not show: every event passes.
  const ignoreDates = on(env.behaviour, 'rm.filter.event-created-at-ignored') || on(env.behaviour, 'rm.filter.created-at-utc-null-passes');
  const createdGte = time(query, 'filter[created_at][gte]');
  const createdLte = time(query, 'filter[created_at][lte]');
  return {
    kinds,
    createdGte: ignoreDates ? null : createdGte,
    createdLte: ignoreDates ? null : createdLte,
    kindSubstring: on(env.behaviour, 'rm.filter.event-kind-substring'),
    gteExclusive: on(env.behaviour, 'rm.filter.event-created-at-gte-exclusive'),
    nullKindEverywhere: on(env.behaviour, 'rm.filter.event-kind-null-every-kind'),
  };
}

export function eventMatches(f: EventFilter, e: CandidateEvent): boolean {
  const kinds = f.kinds as ReadonlySet<string> | null;
  const anyKind = f.nullKindEverywhere === true && e.kind === 'lifecycle';
  if (kinds && !anyKind && !(f.kindSubstring ? [...kinds].some((k) => e.kind.includes(k)) : kinds.has(e.kind))) return false;
  if (f.createdGte !== null && (f.gteExclusive ? e.created <= f.createdGte : e.created < f.createdGte)) return false;
  if (f.createdLte !== null && e.created > f.createdLte) return false;
  return true;
}

// ---- candidate messages ----

/** filter[conversation][exists]: true keeps messages in a conversation, false those outside one. */
export function parseMessageFilter(env: RmEnv, query: URLSearchParams): (m: Message) => boolean {
  onlyKnown(query, ['filter[conversation][exists]']);
  const exists = bool(query, 'filter[conversation][exists]');
  if (exists === false && on(env.behaviour, 'rm.filter.conversation-false-400'))
    throw badRequest('filter[conversation][exists] must be true', 'filter[conversation][exists]');
  const ignored =
    exists === null ||
    on(env.behaviour, 'rm.filter.conversation-exists-ignored') ||
    (exists === false && on(env.behaviour, 'rm.variant.conversation-false-all'));
  // The false-inverted fault reads false as true.
  if (exists === false && on(env.behaviour, 'rm.filter.conversation-false-inverted')) return (m) => m.conversationId !== null;
  // The conversation-true-empty fault compares the conversation id with the string "true".
  if (exists === true && on(env.behaviour, 'rm.filter.conversation-true-empty')) return (m) => m.conversationId === 'true';
  return ignored ? () => true : (m) => (m.conversationId !== null) === exists;
}

// ---- jobs ----

/** A wildcard pattern ("*" any run of characters) as a case-insensitive regular expression. */
function wildcard(q: string): RegExp {
  return new RegExp(
    q
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*'),
    'i',
  );
}

/**
 * filter[q][eq] (000 §4): exact match on ATS id, requisition id, title, postal code and state code;
 * wildcard (and plain substring) on title, description, city, state and country; phrase on summary
 * and description; also category names. All case-insensitive.
 */
export function parseJobFilter(env: RmEnv, store: Store, query: URLSearchParams): (j: Job) => boolean {
  onlyKnown(query, ['filter[q][eq]']);
  const q = query.get('filter[q][eq]')?.trim() ?? '';
  if (q === '' || on(env.behaviour, 'rm.jobs.search-ignored')) return () => true;
  const lower = q.toLowerCase();
  const pattern = wildcard(q);
  // The search-title-only fault looks at titles and nothing else.
  if (on(env.behaviour, 'rm.jobs.search-title-only')) return (j) => j.title.toLowerCase() === lower || pattern.test(j.title);
  return (j) => {
    const places = j.locations.map((id) => store.stub('locations', id)?.attributes ?? {});
    const exact = [j.atsUid, j.requisitionId, j.title, ...places.flatMap((p) => [p.postal_code, p.state_code])];
    if (exact.some((v) => typeof v === 'string' && v.toLowerCase() === lower)) return true;
    const fuzzy = [j.title, j.description, ...places.flatMap((p) => [p.city, p.state, p.country])];
    if (fuzzy.some((v) => typeof v === 'string' && pattern.test(v))) return true;
    if ([j.summary, j.description].some((v) => v.toLowerCase().includes(lower))) return true;
    return j.categories.some((id) => {
      const name = store.stub('categories', id)?.attributes.name;
      return typeof name === 'string' && name.toLowerCase().includes(lower);
    });
  };
}
