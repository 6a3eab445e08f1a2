/**
 * Faults written blind from 000 that bend one kind of record as the serialisers write it (000 §1, §2):
 * a field with the wrong type, a relationship with the wrong type or members, a DateTime object
 * written otherwise. Each function takes the record and its faithful resource object and bends the
 * resource in place, only where a fault is switched on; resources.ts calls them last.
 */
import type { DateTimeObject } from './datetime';
import type { RmEnv } from './env';
import type { Candidate, CandidateEvent, Job, Message, Note, Ref, Resource, StaticList, Stub, Tagging } from './model';
import type { Store } from './store';
import { on } from '../switches';

type Loose = Record<string, unknown>;

const refs = (resource: Resource, name: string): Ref[] => {
  const data = resource.relationships?.[name]?.data;
  return Array.isArray(data) ? data : [];
};

/** A DateTime object's fields, when the attribute holds one. */
const dateTimeOf = (value: unknown): DateTimeObject | undefined =>
  typeof value === 'object' && value !== null && 'utc' in value ? (value as DateTimeObject) : undefined;

export function bendCandidate(env: RmEnv, store: Store, c: Candidate, resource: Resource): void {
  const a = resource.attributes;
  const rel = resource.relationships ?? {};
  // A denormalised copy of the tag names, frozen by rm.tags.delete.tags-attribute-stale.
  if (c.tagsShown) a.tags = [...c.tagsShown];
  if (on(env.behaviour, 'rm.include.messages-from-mixed'))
    rel.messages_from = { data: [...refs(resource, 'messages_to'), ...refs(resource, 'messages_from')] };
  // The events-rel-other-candidate fault names an event of another candidate besides the candidate's own.
  if (on(env.behaviour, 'rm.include.events-rel-other-candidate')) {
    const other = [...store.events.values()].find((e) => e.candidateId !== c.id);
    if (other) rel.events = { data: [...refs(resource, 'events'), { id: other.id, type: 'candidate_events' }] };
  }
  if (on(env.behaviour, 'rm.include.educations-rel-missing-created'))
    rel.educations = { data: refs(resource, 'educations').filter((r) => store.educations.get(r.id)?.viaApi !== true) };
  if (on(env.behaviour, 'rm.include.employments-rel-typed-educations'))
    rel.employments = { data: refs(resource, 'employments').map((r) => ({ id: r.id, type: 'educations' })) };
  if (on(env.behaviour, 'rm.schema.relationship-without-type'))
    rel.locations = { data: refs(resource, 'locations').map((r) => ({ id: r.id }) as Ref) };
  if (on(env.behaviour, 'rm.variant.updated-at-null-on-create') && c.viaApi && c.updated === c.created) a.updated_at = null;
  const updated = dateTimeOf(a.updated_at);
  if (on(env.behaviour, 'rm.variant.datetime-utc-null') && updated) a.updated_at = { ...updated, utc: null };
  if (on(env.behaviour, 'rm.schema.links-bare-strings')) {
    const links = a.links as Record<string, { url: string }>;
    a.links = { ...links, mail_to: links.mail_to?.url, tel: links.tel?.url };
  }
  if (on(env.behaviour, 'rm.variant.names-null')) {
    if (c.firstName === '') a.first_name = null;
    if (c.lastName === '') a.last_name = null;
    if (a.name === '') a.name = null;
  }
  if (on(env.behaviour, 'rm.variant.anonymised-contact-null') && c.anonymised) {
    a.email = null;
    a.phone_number = null;
  }
  if (on(env.behaviour, 'rm.schema.single-skill-string') && c.skills.length === 1) a.skills = c.skills[0];
  if (on(env.behaviour, 'rm.schema.interaction-score-unclamped')) a.interaction_score = Math.round((c.visitCount / 20) * 100) / 100;
  if (on(env.behaviour, 'rm.schema.subscription-status-capitalised') && c.subscription === 'unsubscribed')
    a.subscription_status = 'Unsubscribed';
  if (on(env.behaviour, 'rm.schema.internal-candidate-integer')) a.internal_candidate = c.internal ? 1 : 0;
  if (on(env.behaviour, 'rm.schema.manually-added-string')) a.manually_added = String(c.manuallyAdded);
  if (on(env.behaviour, 'rm.schema.last-seen-epoch')) a.last_seen_at = Math.floor(c.lastSeen / 1000);
  if (on(env.behaviour, 'rm.schema.visit-count-string')) a.visit_count = String(c.visitCount);
  if (on(env.behaviour, 'rm.schema.archived-status-active') && !c.archived) a.archived_status = 'active';
  if (on(env.behaviour, 'rm.schema.last-archived-at-empty-string') && c.lastArchived === null) a.last_archived_at = '';
  const firstSeen = dateTimeOf(a.first_seen_at);
  if (on(env.behaviour, 'rm.schema.first-seen-local-us-format') && firstSeen)
    a.first_seen_at = { ...firstSeen, local: new Date(c.firstSeen - 5 * 3_600_000).toLocaleString('en-US', { timeZone: 'UTC' }) };
}

export function bendEvent(env: RmEnv, e: CandidateEvent, resource: Resource): void {
  const a = resource.attributes;
  if (on(env.behaviour, 'rm.schema.event-uid-integer')) a.uid = e.seq;
  if (on(env.behaviour, 'rm.schema.event-created-at-string')) a.created_at = dateTimeOf(a.created_at)?.utc;
  if (on(env.behaviour, 'rm.variant.event-kind-null') && e.kind === 'lifecycle') a.kind = null;
  if (on(env.behaviour, 'rm.filter.event-kind-null-every-kind') && e.kind === 'lifecycle') a.kind = null;
  const created = dateTimeOf(a.created_at);
  if ((on(env.behaviour, 'rm.variant.datetime-utc-null') || on(env.behaviour, 'rm.filter.created-at-utc-null-passes')) && created)
    a.created_at = { ...created, utc: null };
  const ats = a.ats as Loose | undefined;
  if (on(env.behaviour, 'rm.schema.event-ats-status-string') && ats)
    a.ats = { ...ats, ats_status: e.ats?.status, ats_secondary_status: e.ats?.secondaryStatus };
  if (on(env.behaviour, 'rm.schema.event-referrer-string')) a.referrer = e.referrer.url;
  if (on(env.behaviour, 'rm.schema.event-ago-seconds'))
    for (const [name, ms] of [
      ['created_at', e.created],
      ['updated_at', e.updated],
    ] as const) {
      const dt = dateTimeOf(a[name]);
      if (dt) a[name] = { ...dt, ago: Math.round((Date.now() - ms) / 1000) };
    }
}

const TIME_ZONE_MINUTES: Record<string, number> = {
  'America/Chicago': -360,
  'America/New_York': -300,
  'America/Denver': -420,
  'Europe/London': 0,
  'Australia/Sydney': 600,
  'Europe/Amsterdam': 60,
};
const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', AUD: 'A$' };

export function bendJob(env: RmEnv, j: Job, resource: Resource): void {
  const a = resource.attributes;
  if (on(env.behaviour, 'rm.schema.job-ats-uid-number')) a.ats_uid = Number(j.atsUid.replace(/\D/g, ''));
  if (on(env.behaviour, 'rm.variant.job-closing-at-null') && j.remote) a.closing_at = null;
  if (on(env.behaviour, 'rm.jobs.closed-listed') && j.status === 'live' && j.closing < Date.now()) a.status = 'closed';
  if (on(env.behaviour, 'rm.schema.job-time-zone-offset')) a.time_zone = TIME_ZONE_MINUTES[j.timeZone] ?? 0;
  if (on(env.behaviour, 'rm.schema.job-title-with-locations-array')) {
    const text = String(a.title_with_locations_and_req);
    a.title_with_locations_and_req = [j.title, text.slice(j.title.length + 3, text.lastIndexOf(' (')), j.requisitionId];
  }
  if (on(env.behaviour, 'rm.schema.job-remote-string')) a.remote = String(j.remote);
  if (on(env.behaviour, 'rm.schema.job-apply-url-object')) a.apply_url = { url: a.apply_url };
  if (on(env.behaviour, 'rm.schema.job-status-integer')) a.status = j.status === 'live' ? 1 : 0;
  if (on(env.behaviour, 'rm.schema.job-payment-amount-string')) a.payment_amount = j.paymentAmount.toFixed(2);
  if (on(env.behaviour, 'rm.schema.job-payment-frequency-integer')) a.payment_frequency = j.paymentFrequency === 'hourly' ? 0 : 1;
  if (on(env.behaviour, 'rm.schema.job-currency-symbol')) a.payment_currency_code = SYMBOLS[j.currency] ?? j.currency;
  if (on(env.behaviour, 'rm.schema.job-locations-rel-type') && resource.relationships)
    resource.relationships.locations = { data: refs(resource, 'locations').map((r) => ({ id: r.id, type: 'job_locations' })) };
  if (on(env.behaviour, 'rm.schema.job-epoch-fraction'))
    for (const [name, ms] of [
      ['created_at', j.created],
      ['updated_at', j.updated],
      ['opening_at', j.opening],
      ['closing_at', j.closing],
    ] as const) {
      const dt = dateTimeOf(a[name]);
      if (dt) a[name] = { ...dt, epoch: ms / 1000 };
    }
}

export function bendList(env: RmEnv, l: StaticList, resource: Resource): void {
  const a = resource.attributes;
  if (l.readds) a.count = Number(a.count) + l.readds;
  if (on(env.behaviour, 'rm.schema.list-type-static-lists') && resource.type === 'company_lists') resource.type = 'static_lists';
  if (on(env.behaviour, 'rm.variant.list-local-epoch-null'))
    for (const name of ['created_at', 'updated_at']) {
      const dt = dateTimeOf(a[name]);
      if (dt) a[name] = { ...dt, local_epoch: null };
    }
}

/** "2025-03-01 10:00:00 UTC", as a Ruby Time prints itself. */
const rubyUtc = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

export function bendMessage(env: RmEnv, m: Message, resource: Resource): void {
  const a = resource.attributes;
  if (on(env.behaviour, 'rm.schema.message-type')) resource.type = 'candidate_messages';
  if (on(env.behaviour, 'rm.schema.message-contents-on-email') && m.kind !== 'sms') a.contents = `<p>${m.subject}</p>`;
  if (on(env.behaviour, 'rm.schema.message-inbound-from-candidate') && m.direction === 'from' && resource.relationships) {
    resource.relationships.from = { data: { id: m.candidateId, type: 'candidates' } };
    resource.relationships.to = { data: { id: m.userId, type: 'users' } };
  }
  if (on(env.behaviour, 'rm.schema.message-utc-space-format'))
    for (const [name, ms] of [
      ['created_at', m.created],
      ['updated_at', m.updated],
    ] as const) {
      const dt = dateTimeOf(a[name]);
      if (dt) a[name] = { ...dt, utc: rubyUtc(ms) };
    }
}

export function bendNote(env: RmEnv, n: Note, resource: Resource): void {
  if (on(env.behaviour, 'rm.schema.note-type-singular') || on(env.behaviour, 'rm.include.notes-typed-note')) resource.type = 'note';
  if (on(env.behaviour, 'rm.schema.note-user-rel-type') && resource.relationships)
    resource.relationships.user = { data: { id: n.userId, type: 'admin_users' } };
}

export function bendTagging(env: RmEnv, t: Tagging, resource: Resource): void {
  if (on(env.behaviour, 'rm.schema.tagging-source-null-id') && t.tagSourceId === 'ts-api' && resource.relationships)
    resource.relationships.tag_source = { data: { id: null, type: 'tag_sources' } as unknown as Ref };
}

export function bendStub(env: RmEnv, s: Stub, resource: Resource): void {
  const a = resource.attributes;
  const rel = resource.relationships ?? {};
  if (s.type === 'candidate_job_alert_subscriptions' && on(env.behaviour, 'rm.schema.subscription-option-rel-type'))
    rel.job_template_field_options = {
      data: refs(resource, 'job_template_field_options').map((r) => ({ id: r.id, type: 'job_template_fields' })),
    };
  if (s.type === 'job_template_fields' && on(env.behaviour, 'rm.variant.template-field-display-name-null')) a.display_name = null;
  if (s.type === 'job_template_field_options' && on(env.behaviour, 'rm.schema.template-option-created-at-string'))
    a.created_at = dateTimeOf(a.created_at)?.utc;
}
