/**
 * Resource-object serialisers (000 §2): one per record kind, each answering {id, type, attributes,
 * relationships} with DateTime objects for timestamps and `{data: {id, type} | [...]}` for every
 * relationship. `resolve` finds any record by reference, which is what include walks.
 * Variants: an absent to-one relationship as `{data: null}` (rm.variant.null-to-one), DateTime objects
 * with utc only (rm.variant.datetime-utc-only), the list and job alert subscription types of D4
 * (rm.variant.list-rel-heading-type, rm.variant.alert-type-include-name), the `to` and contents of
 * messages (rm.variant.inbound-message-no-to, rm.variant.message-contents-null). The fault
 * rm.include.related-type-prefixed names education and employment types candidate_educations /
 * candidate_employments.
 */
import { dateTime, type DateTimeObject, type TimestampStyle } from './datetime';
import type { RmEnv } from './env';
import type {
  Candidate,
  CandidateEvent,
  CandidateFile,
  Education,
  Employment,
  Job,
  JobApplication,
  Message,
  Note,
  RecruitmentEvent,
  Ref,
  Resource,
  StaticList,
  Stub,
  Tagging,
} from './model';
import { bendCandidate, bendEvent, bendJob, bendList, bendMessage, bendNote, bendStub, bendTagging } from './record-faults';
import type { Store } from './store';
import { on } from '../switches';

type Relationships = NonNullable<Resource['relationships']>;

const many = (type: string, ids: readonly string[]): { data: Ref[] } => ({ data: ids.map((id) => ({ id, type })) });
const one = (type: string, id: string): { data: Ref } => ({ data: { id, type } });

/** The to-one relationships of a candidate event (000 §2 Candidate event: all but notes). */
export const EVENT_TO_ONE = [
  'location',
  'job',
  'call_to_action',
  'form_submission',
  'user_agent',
  'page',
  'ats_status',
  'ats_secondary_status',
  'traffic_source',
] as const;

/** Type names of the records the rm.include.related-type-prefixed fault names otherwise. */
export const RENAMED_TYPES = { educations: 'candidate_educations', employments: 'candidate_employments' } as const;

/** Drops null and undefined members, so optional fields are absent rather than null. */
function compact(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== null && v !== undefined));
}

export class Resources {
  private readonly style: TimestampStyle;
  /** The type of education and employment records, as answered and as named by relationships. */
  readonly educationType: string;
  readonly employmentType: string;

  constructor(
    private readonly store: Store,
    private readonly env: RmEnv,
  ) {
    this.style = on(env.behaviour, 'rm.variant.timestamps-seconds')
      ? 'seconds'
      : on(env.behaviour, 'rm.variant.timestamps-offset')
        ? 'offset'
        : 'millis';
    const renamed = on(env.behaviour, 'rm.include.related-type-prefixed');
    this.educationType = renamed ? RENAMED_TYPES.educations : 'educations';
    this.employmentType = renamed ? RENAMED_TYPES.employments : 'employments';
  }

  /** What each lagging value (counts-tags-lag-2s) was seen to be, and since when. */
  private readonly lag = new Map<string, { since: number; json: string }[]>();

  /**
   * Under counts-tags-lag-2s, `value` as it was 2 s ago: the newest value seen at least that long,
   * else the oldest seen (a change shows 2 s after it was first read); else `value` itself.
   */
  private lagged<T>(key: string, value: T, ms = on(this.env.behaviour, 'rm.variant.counts-tags-lag-2s') ? 2000 : 0): T {
    if (ms === 0) return value;
    const now = Date.now();
    const json = JSON.stringify(value);
    const history = this.lag.get(key) ?? [];
    if (history[history.length - 1]?.json !== json) history.push({ since: now, json });
    this.lag.set(key, history);
    const shown = [...history].reverse().find((h) => now - h.since >= ms) ?? history[0];
    return shown ? (JSON.parse(shown.json) as T) : value;
  }

  private dt(ms: number): DateTimeObject | Pick<DateTimeObject, 'utc'> {
    const full = dateTime(ms, Date.now(), this.style);
    // The epoch-wall-clock fault gives the local wall clock's epoch; two variants give the same instant otherwise.
    if (on(this.env.behaviour, 'rm.schema.epoch-wall-clock')) full.epoch = full.local_epoch;
    if (on(this.env.behaviour, 'rm.variant.epoch-milliseconds')) full.epoch = Math.floor(ms);
    if (on(this.env.behaviour, 'rm.variant.epoch-rounded')) full.epoch = Math.round(ms / 1000);
    return on(this.env.behaviour, 'rm.variant.datetime-utc-only') ? { utc: full.utc } : full;
  }

  /** A to-one relationship: the reference, or (null-to-one variant) `{data: null}` when absent, else left out. */
  private toOne(type: string, id: string | undefined): { data: Ref | null } | undefined {
    if (id !== undefined) return one(type, id);
    return on(this.env.behaviour, 'rm.variant.null-to-one') ? { data: null } : undefined;
  }

  private extras(attributes: Record<string, unknown>, more: Record<string, unknown>): Record<string, unknown> {
    return on(this.env.behaviour, 'rm.variant.extra-members') ? { ...attributes, ...more } : attributes;
  }

  candidate(c: Candidate): Resource {
    const { store } = this;
    const messages = c.messages.map((id) => store.messages.get(id)).filter((m): m is Message => m !== undefined);
    const events = c.events.map((id) => store.events.get(id)).filter((e): e is CandidateEvent => e !== undefined);
    const byTime = [...events].sort((a, b) => a.created - b.created || a.seq - b.seq);
    const firstTouch = byTime[0];
    const lastTouch = byTime[byTime.length - 1];
    const tags = c.taggings.map((id) => store.taggings.get(id)?.name).filter((n): n is string => n !== undefined);
    const links: Record<string, { url: string }> = {
      self: { url: `https://careers.example.com/crm/candidates/${c.uid}` },
      mail_to: { url: `mailto:${c.email}` },
      tel: { url: `tel:${c.phone.replace(/[^+\d]/g, '')}` },
    };
    if (c.profileUrl) links.linkedin = { url: c.profileUrl };
    const { behaviour } = this.env;
    const listType = on(behaviour, 'rm.variant.list-rel-heading-type') ? 'company_lists' : 'static_lists';
    const alertType = this.alertType('candidate_job_alert_subscriptions');
    // The messages-to-mixed fault names every message of the candidate under messages_to.
    const sentTo = messages.filter((m) => m.direction === 'to' || on(behaviour, 'rm.include.messages-to-mixed'));
    const referral = this.referral();
    if (referral?.recipient === c.id) sentTo.push(referral.message);
    const relationships: Relationships = {
      resumes: many('candidate_files', c.files),
      educations: many(this.educationType, c.educations),
      employments: many(this.employmentType, c.employments),
      locations: many('candidate_locations', c.locations),
      events: many('candidate_events', c.events),
      jobs: many('jobs', c.jobs),
      job_applications: many('job_applications', c.jobApplications),
      form_submissions: many('form_submissions', c.formSubmissions),
      // The list-relationship-lag variant: the lists relationship comes from a cache that follows a change 0.3 s later.
      lists: many(listType, this.lagged(`lists:${c.id}`, [...c.lists], on(behaviour, 'rm.variant.list-relationship-lag') ? 300 : 0)),
      messages_to: many(
        'messages',
        sentTo.map((m) => m.id),
      ),
      messages_from: many(
        'messages',
        messages.filter((m) => m.direction === 'from').map((m) => m.id),
      ),
      notes: many(on(behaviour, 'rm.include.notes-typed-note') ? 'note' : 'notes', c.notes),
      project_template_stages: many('project_template_stages', c.projectStages),
      project_entries: many('project_entries', c.projectEntries),
      job_alert_subscription: many(alertType, c.subscriptions),
      // Named by include values (000 §4) though not in the relationship table of 000 §2.
      job_alert_subscriptions: many(alertType, c.subscriptions),
      taggings: many('taggings', c.taggings),
    };
    const firstTouchRel = this.toOne('candidate_events', firstTouch?.id);
    const lastTouchRel = this.toOne('candidate_events', lastTouch?.id);
    if (firstTouchRel) relationships.first_touch_event = firstTouchRel;
    if (lastTouchRel) relationships.last_touch_event = lastTouchRel;
    const attributes = compact({
      uid: c.uid,
      created_at: this.dt(c.created),
      updated_at: this.dt(c.updated),
      links,
      name: `${c.firstName} ${c.lastName}`.trim(),
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone_number: c.phone,
      tags: this.lagged(`tags:${c.id}`, tags),
      skills: [...c.skills],
      interaction_score: c.interactionScore,
      subscription_status: c.subscription,
      internal_candidate: c.internal,
      manually_added: c.manuallyAdded,
      last_seen_at: this.dt(c.lastSeen),
      first_seen_at: this.dt(c.firstSeen),
      visit_count: c.visitCount,
      archived_status: c.archived ? 'archived' : 'unarchived',
      last_archived_at: c.lastArchived === null ? null : this.dt(c.lastArchived),
    });
    const resource: Resource = {
      id: c.id,
      type: 'candidates',
      attributes: this.extras(attributes, { source: c.manuallyAdded ? 'api' : 'career_site', locale: 'en-US' }),
      relationships,
    };
    bendCandidate(this.env, store, c, resource);
    return resource;
  }

  event(e: CandidateEvent): Resource {
    const relationships: Relationships = { notes: many('notes', e.notes) };
    for (const [name, ref] of Object.entries(e.links)) relationships[name] = { data: ref };
    if (on(this.env.behaviour, 'rm.variant.null-to-one')) for (const name of EVENT_TO_ONE) relationships[name] ??= { data: null };
    const ats = e.ats && {
      created_at: this.dt(e.ats.created),
      updated_at: this.dt(e.ats.updated),
      initial: e.ats.initial,
      ats_status: { name: e.ats.status },
      ats_secondary_status: { name: e.ats.secondaryStatus },
    };
    const resource: Resource = {
      id: e.id,
      type: 'candidate_events',
      attributes: compact({
        uid: e.uid,
        created_at: this.dt(e.created),
        updated_at: this.dt(e.updated),
        kind: e.kind,
        ats,
        referrer: { ...e.referrer },
      }),
      relationships,
    };
    bendEvent(this.env, e, resource);
    return resource;
  }

  job(j: Job): Resource {
    const places = j.locations
      .map((id) => this.store.stub('locations', id)?.attributes.city)
      .filter((c): c is string => typeof c === 'string');
    const attributes = {
      uid: j.uid,
      ats_uid: j.atsUid,
      created_at: this.dt(j.created),
      updated_at: this.dt(j.updated),
      opening_at: this.dt(j.opening),
      closing_at: this.dt(j.closing),
      title: j.title,
      summary: j.summary,
      description: j.description,
      time_zone: j.timeZone,
      title_with_locations_and_req: `${j.title} - ${places.join(', ')} (${j.requisitionId})`,
      remote: j.remote,
      apply_url: `https://careers.example.com/jobs/${j.uid}/apply`,
      status: j.status,
      payment_amount: j.paymentAmount,
      payment_frequency: j.paymentFrequency,
      payment_currency_code: j.currency,
    };
    const resource: Resource = {
      id: j.id,
      type: 'jobs',
      attributes: this.extras(attributes, { department: 'People' }),
      relationships: { categories: many('categories', j.categories), locations: many('locations', j.locations) },
    };
    bendJob(this.env, j, resource);
    return resource;
  }

  /** A static list: type company_lists from GET /lists, static_lists where a candidate relationship names it. */
  list(l: StaticList, type: 'company_lists' | 'static_lists' = 'company_lists'): Resource {
    const count = this.lagged(`count:${l.id}`, on(this.env.behaviour, 'rm.lists.count-stale') ? l.frozenCount : l.members.size);
    const resource: Resource = {
      id: l.id,
      type,
      attributes: { uid: l.uid, created_at: this.dt(l.created), updated_at: this.dt(l.updated), name: l.name, count },
    };
    bendList(this.env, l, resource);
    return resource;
  }

  /** The type job alert subscriptions carry: the include name under rm.variant.alert-type-include-name. */
  private alertType(type: string): string {
    return type === 'candidate_job_alert_subscriptions' && on(this.env.behaviour, 'rm.variant.alert-type-include-name')
      ? 'job_alert_subscriptions'
      : type;
  }

  /**
   * Under rm.variant.referral-messages: the first message a starting candidate sent is a referral to
   * another candidate, whose `to` names it and whose messages_to (and messages) hold it. Null otherwise.
   */
  referral(): { message: Message; sender: string; recipient: string } | null {
    if (!on(this.env.behaviour, 'rm.variant.referral-messages')) return null;
    const message = [...this.store.messages.values()].find((m) => m.direction === 'from');
    return message ? { message, sender: message.candidateId, recipient: this.otherCandidate(message.candidateId) } : null;
  }

  /** Another candidate than `id` (the first stored), for the faults that name the wrong one. */
  private otherCandidate(id: string): string {
    return [...this.store.candidates.keys()].find((k) => k !== id) ?? id;
  }

  message(m: Message): Resource {
    const { behaviour } = this.env;
    const recipient =
      m.direction === 'to' && on(behaviour, 'rm.include.message-to-another-candidate') ? this.otherCandidate(m.candidateId) : m.candidateId;
    // The inbound-message-no-to variant: a message the candidate sent went to a user, no candidate.
    const referred = this.referral()?.message.id === m.id ? this.referral()?.recipient : undefined;
    const to =
      m.direction === 'from' && on(behaviour, 'rm.variant.inbound-message-no-to')
        ? { data: null }
        : one('candidates', referred ?? recipient);
    const relationships: Relationships = { from: one('users', m.userId), to };
    const conversation = this.toOne('conversations', m.conversationId ?? undefined);
    if (conversation) relationships.conversation = conversation;
    const attributes = compact({
      uid: m.uid,
      kind: m.kind,
      subject: m.subject,
      contents: m.kind === 'sms' ? m.contents : null,
      delivery_status: m.deliveryStatus,
      links: { self: { url: `https://careers.example.com/crm/messages/${m.uid}` } },
      created_at: this.dt(m.created),
      updated_at: this.dt(m.updated),
    });
    if (m.kind !== 'sms' && on(behaviour, 'rm.variant.message-contents-null')) attributes.contents = null;
    const resource: Resource = { id: m.id, type: 'messages', attributes, relationships };
    bendMessage(this.env, m, resource);
    return resource;
  }

  note(n: Note): Resource {
    const resource: Resource = {
      id: n.id,
      type: 'notes',
      attributes: { uid: n.uid, body: n.body, created_at: this.dt(n.created), updated_at: this.dt(n.updated) },
      relationships: { user: one('users', n.userId) },
    };
    bendNote(this.env, n, resource);
    return resource;
  }

  tagging(t: Tagging): Resource {
    const resource: Resource = {
      id: t.id,
      type: 'taggings',
      attributes: { uid: t.uid, name: t.name },
      relationships: { tag_source: one('tag_sources', t.tagSourceId) },
    };
    bendTagging(this.env, t, resource);
    return resource;
  }

  file(f: CandidateFile): Resource {
    return {
      id: f.id,
      type: 'candidate_files',
      attributes: { uid: f.uid, filename: f.filename, size: f.size, created_at: this.dt(f.created), updated_at: this.dt(f.created) },
    };
  }

  education(e: Education): Resource {
    const attributes = compact({
      uid: e.uid,
      school: { name: e.schoolName },
      course: e.course,
      start_date: e.startDate,
      end_date: e.endDate,
      created_at: this.dt(e.created),
      updated_at: this.dt(e.updated),
    });
    return { id: e.id, type: this.educationType, attributes };
  }

  employment(e: Employment): Resource {
    const attributes = compact({
      uid: e.uid,
      company: { name: e.companyName },
      title: e.title,
      locality: e.locality,
      start_date: e.startDate,
      end_date: e.endDate,
      created_at: this.dt(e.created),
      updated_at: this.dt(e.updated),
    });
    return { id: e.id, type: this.employmentType, attributes };
  }

  application(a: JobApplication): Resource {
    return {
      id: a.id,
      type: 'job_applications',
      attributes: { uid: a.uid, status: a.status, created_at: this.dt(a.created), updated_at: this.dt(a.updated) },
      relationships: { job: one('jobs', a.jobId), candidate: one('candidates', a.candidateId), events: many('candidate_events', a.events) },
    };
  }

  recruitmentEvent(r: RecruitmentEvent): Resource {
    const attributes = {
      uid: r.uid,
      name: r.name,
      starts_at: this.dt(r.starts),
      ends_at: this.dt(r.ends),
      archived: r.archived,
      location_name: r.venue,
      created_at: this.dt(r.created),
      updated_at: this.dt(r.updated),
    };
    const relationships: Relationships = { call_to_actions: many('call_to_actions', r.callToActions) };
    const callToAction = this.toOne('call_to_actions', r.callToActions[0]);
    if (callToAction) relationships.call_to_action = callToAction;
    return { id: r.id, type: 'recruitment_events', attributes, relationships };
  }

  stub(s: Stub): Resource {
    const times = Object.fromEntries(Object.entries(s.times ?? {}).map(([k, ms]) => [k, this.dt(ms)]));
    const relationships: Relationships = {};
    for (const [name, value] of Object.entries(s.relationships))
      relationships[name] = { data: Array.isArray(value) ? value.map((r) => ({ ...r })) : { ...value } };
    const resource: Resource = { id: s.id, type: this.alertType(s.type), attributes: { ...s.attributes, ...times }, relationships };
    bendStub(this.env, s, resource);
    return resource;
  }

  /** A message as include embeds it: under rm.include.message-from-other-user, from names the account owner (the first user). */
  private embeddedMessage(m: Message): Resource {
    const resource = this.message(m);
    if (on(this.env.behaviour, 'rm.include.message-from-other-user') && resource.relationships) {
      const owner = ['usr-1', 'usr-2'].find((u) => u !== m.userId && this.store.stub('users', u) !== undefined) ?? m.userId;
      resource.relationships.from = one('users', owner);
    }
    return resource;
  }

  /** Every static list of the company as a candidate relationship names them (the rm.include.unnamed-embedded fault). */
  staticLists(): Resource[] {
    return [...this.store.lists.values()].map((l) => this.list(l, 'static_lists'));
  }

  /** Any record by reference, or undefined when it does not exist. */
  resolve(ref: Ref): Resource | undefined {
    const { store } = this;
    const get = <T>(map: Map<string, T>, render: (record: T) => Resource): Resource | undefined => {
      const record = map.get(ref.id);
      return record === undefined ? undefined : render(record);
    };
    switch (ref.type) {
      case 'candidates':
        return get(store.candidates, (c) => this.candidate(c));
      case 'candidate_events':
        return get(store.events, (e) => this.event(e));
      case 'jobs':
        return get(store.jobs, (j) => this.job(j));
      case 'company_lists':
      case 'static_lists':
        return get(store.lists, (l) => this.list(l, ref.type as 'company_lists' | 'static_lists'));
      case 'messages':
        return get(store.messages, (m) => this.embeddedMessage(m));
      case 'notes':
      case 'note':
        return get(store.notes, (n) => this.note(n));
      case 'taggings':
        return get(store.taggings, (t) => this.tagging(t));
      case 'candidate_files':
        return get(store.files, (f) => this.file(f));
      case 'educations':
      case RENAMED_TYPES.educations:
        return ref.type === this.educationType ? get(store.educations, (e) => this.education(e)) : undefined;
      case 'employments':
      case RENAMED_TYPES.employments:
        return ref.type === this.employmentType ? get(store.employments, (e) => this.employment(e)) : undefined;
      case 'job_applications':
        return get(store.applications, (a) => this.application(a));
      case 'recruitment_events':
        return get(store.recruitmentEvents, (r) => this.recruitmentEvent(r));
      case 'job_alert_subscriptions': {
        const stub = store.stub('candidate_job_alert_subscriptions', ref.id);
        return stub && this.stub(stub);
      }
      default: {
        const stub = store.stub(ref.type, ref.id);
        return stub && this.stub(stub);
      }
    }
  }
}
