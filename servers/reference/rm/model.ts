/** The RM records the reference server keeps in memory (000 §2), and the resource-object types it answers with. */
import { EVENT_KINDS } from '../../../contract/terms';

export interface Ref {
  id: string;
  type: string;
}

export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  /** `data: null` only under the rm.variant.null-to-one variant (an absent to-one relationship). */
  relationships?: Record<string, { data: Ref | Ref[] | null }>;
}

/** A resource document as answered ({data, included?, meta?}); respond.ts sends it, shape-faults.ts bends it first. */
export interface Document {
  data?: Resource | Resource[] | null;
  included?: Resource[];
  meta?: Record<string, unknown>;
}

/** Every stored record has a creation sequence number: list order and cursor position. */
interface Sequenced {
  seq: number;
  id: string;
  uid: string;
}

export interface Candidate extends Sequenced {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  profileUrl: string;
  skills: string[];
  interactionScore: number;
  subscription: 'subscribed' | 'unsubscribed';
  internal: boolean;
  manuallyAdded: boolean;
  visitCount: number;
  created: number;
  updated: number;
  firstSeen: number;
  lastSeen: number;
  archived: boolean;
  lastArchived: number | null;
  anonymised: boolean;
  /** Has an ATS record (000 §4 filter[ats_uid][exists]). */
  atsUid: string | null;
  lists: Set<string>;
  taggings: string[];
  files: string[];
  educations: string[];
  employments: string[];
  events: string[];
  messages: string[];
  notes: string[];
  jobApplications: string[];
  subscriptions: string[];
  /** Related records known only by id and type (000 §2 Gaps). */
  locations: string[];
  jobs: string[];
  formSubmissions: string[];
  projectStages: string[];
  projectEntries: string[];
  /** Created through POST /candidates (faults act on these only). */
  viaApi?: boolean;
  /** A denormalised copy of the tag names that a fault stops refreshing (rm.tags.delete.tags-attribute-stale). */
  tagsShown?: string[];
}

/** The related-record fields of a candidate, all empty: what a new candidate starts with. */
export function noRelatedRecords(): Pick<
  Candidate,
  | 'lists'
  | 'taggings'
  | 'files'
  | 'educations'
  | 'employments'
  | 'events'
  | 'messages'
  | 'notes'
  | 'jobApplications'
  | 'subscriptions'
  | 'locations'
  | 'jobs'
  | 'formSubmissions'
  | 'projectStages'
  | 'projectEntries'
> {
  return {
    lists: new Set(),
    taggings: [],
    files: [],
    educations: [],
    employments: [],
    events: [],
    messages: [],
    notes: [],
    jobApplications: [],
    subscriptions: [],
    locations: [],
    jobs: [],
    formSubmissions: [],
    projectStages: [],
    projectEntries: [],
  };
}

export { EVENT_KINDS } from '../../../contract/terms';

export type EventKind = (typeof EVENT_KINDS)[number];

/** A kind the filter does not accept (000 §2 lists the filter's kinds): only under the rm.variant.extra-event-kind variant. */
export const EXTRA_EVENT_KIND = 'note';

export interface CandidateEvent extends Sequenced {
  candidateId: string;
  kind: EventKind | typeof EXTRA_EVENT_KIND;
  created: number;
  updated: number;
  referrer: { url: string; utm_source: string; utm_medium: string; utm_campaign: string; utm_term: string };
  ats: { created: number; updated: number; initial: string; status: string; secondaryStatus: string } | null;
  /** To-one relationships by name (location, job, call_to_action, ...), each a Ref. */
  links: Record<string, Ref>;
  notes: string[];
  jobApplicationId: string | null;
}

export interface Job extends Sequenced {
  atsUid: string;
  requisitionId: string;
  title: string;
  summary: string;
  description: string;
  timeZone: string;
  remote: boolean;
  status: 'live' | 'draft';
  paymentAmount: number;
  paymentFrequency: 'hourly' | 'annual';
  currency: string;
  created: number;
  updated: number;
  opening: number;
  closing: number;
  categories: string[];
  locations: string[];
}

export interface StaticList extends Sequenced {
  name: string;
  created: number;
  updated: number;
  members: Set<string>;
  /** The count shown when the stale-count fault freezes it. */
  frozenCount: number;
  /** Repeated PUTs counted by the rm.lists.count-counts-readd fault. */
  readds?: number;
}

export interface Message extends Sequenced {
  candidateId: string;
  /** `to`: sent to the candidate (messages_to); `from`: sent by the candidate (messages_from). */
  direction: 'to' | 'from';
  kind: 'sms' | 'email' | 'linkedin';
  subject: string;
  contents: string | null;
  deliveryStatus: string;
  userId: string;
  conversationId: string | null;
  created: number;
  updated: number;
}

export interface Note extends Sequenced {
  candidateId: string;
  body: string;
  userId: string;
  created: number;
  updated: number;
}

export interface Tagging extends Sequenced {
  candidateId: string;
  name: string;
  tagSourceId: string;
  created: number;
}

export interface CandidateFile extends Sequenced {
  candidateId: string;
  filename: string;
  size: number;
  /** Resume text extracted (000 §4 filter[resume][exists] counts only these). */
  extracted: boolean;
  created: number;
}

export interface Education extends Sequenced {
  candidateId: string;
  /** Created through POST (faults act on these only). */
  viaApi?: boolean;
  schoolName: string;
  course: string | null;
  startDate: string | null;
  endDate: string | null;
  created: number;
  updated: number;
}

export interface Employment extends Sequenced {
  candidateId: string;
  companyName: string;
  title: string | null;
  locality: string | null;
  startDate: string | null;
  endDate: string | null;
  created: number;
  updated: number;
}

export interface JobApplication extends Sequenced {
  candidateId: string;
  jobId: string;
  status: string;
  created: number;
  updated: number;
  events: string[];
}

export interface RecruitmentEvent extends Sequenced {
  name: string;
  starts: number;
  ends: number;
  archived: boolean;
  venue: string;
  created: number;
  updated: number;
  callToActions: string[];
}

export interface AtsIntegration {
  id: string;
  name: string;
  /** ATS candidate id -> candidate id. */
  candidates: Map<string, string>;
}

/** A record the document names only by id and type (000 §2 Gaps): a few plausible attributes. */
export interface Stub {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  /** Timestamp attributes (ms), answered as DateTime objects. */
  times?: Record<string, number>;
  relationships: Record<string, Ref | Ref[]>;
}
