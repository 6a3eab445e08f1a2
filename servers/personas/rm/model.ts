// Stored record model (part 2 "Resources and their fields"): every resource is kept as type, id, attributes,
// relationships ({id, type} pairs) and a few hidden facts the filters of part 4 need but the payload does not show.
/** FNV-1a, to spread the sub-millisecond digits of seeded instants that lie whole days apart. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export class Stamp {
  /** microseconds beyond the millisecond (0-999), fixed per instant; shown only where a persona writes microseconds */
  readonly sub: number;
  constructor(
    readonly ms: number,
    sub?: number,
  ) {
    this.sub = sub ?? fnv(String(Math.trunc(ms))) % 1000;
  }

  /** the instant in whole microseconds (exact: below 2^53 for any date of this era) */
  micros(precise: boolean): number {
    return Math.trunc(this.ms) * 1000 + (precise ? this.sub : 0);
  }
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type AttrValue = string | number | boolean | null | Stamp | AttrValue[] | { [key: string]: AttrValue };

export interface Link {
  id: string;
  type: string;
}
export type Rel = Link | Link[] | null;

/** Facts kept beside a record that are not attributes of part 2. */
export interface Hidden {
  anonymised?: boolean;
  atsUid?: string;
  atsIntegrationId?: string;
  linkedin?: string;
  extracted?: boolean;
  active?: boolean;
  candidateId?: string;
  jobApplicationId?: string;
  startsAt?: number;
  endsAt?: number;
  archived?: boolean;
  searchExact?: string[];
  searchText?: string[];
}

export interface Rec {
  type: string;
  id: string;
  attrs: Record<string, AttrValue>;
  rels: Record<string, Rel>;
  hidden: Hidden;
}

/** Resource type names. Those marked "(named)" come from the document; the others are this server's choice. */
export const T = {
  candidate: 'candidates', // named
  event: 'candidate_events', // named
  job: 'jobs', // named
  list: 'company_lists', // named (GET /lists)
  staticList: 'static_lists', // named (candidate relationship `lists`)
  message: 'messages', // named
  note: 'notes', // named
  tagging: 'taggings',
  tagSource: 'tag_sources', // named
  education: 'educations', // named
  employment: 'employments', // named
  file: 'candidate_files', // named
  candidateLocation: 'candidate_locations', // named
  location: 'locations', // named
  category: 'categories', // named
  jobApplication: 'job_applications', // named
  formSubmission: 'form_submissions', // named
  formField: 'form_fields',
  formFieldOption: 'form_field_options',
  user: 'users', // named
  projectStage: 'project_template_stages', // named
  projectEntry: 'project_entries', // named
  subscription: 'candidate_job_alert_subscriptions', // named
  templateField: 'job_template_fields', // named
  templateFieldOption: 'job_template_field_options', // named
  callToAction: 'call_to_actions',
  trafficSource: 'traffic_sources',
  userAgent: 'user_agents',
  page: 'pages',
  atsStatus: 'ats_statuses',
  atsSecondaryStatus: 'ats_secondary_statuses',
  conversation: 'conversations',
  recruitmentEvent: 'recruitment_events',
  atsIntegration: 'ats_integrations',
} as const;

/** Types whose attributes part 2 shows; the others are "known only by identifier and type". */
export const SHOWN_TYPES: ReadonlySet<string> = new Set([
  T.candidate,
  T.event,
  T.job,
  T.list,
  T.staticList,
  T.message,
  T.note,
  T.tagging,
  T.templateField,
  T.templateFieldOption,
]);

/** Relationship types that name a stored table under another name. */
export const TYPE_ALIAS: Readonly<Record<string, string>> = { [T.staticList]: T.list };

export const EVENT_KINDS: readonly string[] = [
  'view',
  'cta',
  'email',
  'lifecycle',
  'ats',
  'user_modification',
  'subscription',
  'unsubscription',
  'video',
  'search',
  'reapplication',
  'consent_accepted',
  'consent_rejected',
  'chatbot_message',
  'chatbot_fulfilment',
  'chat_message',
  'candidate_referral',
  'application',
];

export function link(type: string, id: string): Link {
  return { id, type };
}

export function linksOf(rel: Rel | undefined): Link[] {
  if (rel === undefined || rel === null) return [];
  return Array.isArray(rel) ? rel : [rel];
}

export function strAttr(rec: Rec, key: string): string | null {
  const v = rec.attrs[key];
  return typeof v === 'string' ? v : null;
}

export function stampAttr(rec: Rec, key: string): number | null {
  const v = rec.attrs[key];
  return v instanceof Stamp ? v.ms : null;
}

/** A timestamp attribute in microseconds (with the sub-millisecond part when `precise`). */
export function stampMicros(rec: Rec, key: string, precise: boolean): number | null {
  const v = rec.attrs[key];
  return v instanceof Stamp ? v.micros(precise) : null;
}
