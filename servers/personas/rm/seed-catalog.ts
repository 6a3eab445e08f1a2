// Seed data for the company-wide records of parts 1-2: users, tag sources, jobs (live and one draft) with categories and
// locations, static lists, calls to action with form fields, recruitment events in every state, job template fields,
// the traffic sources, pages and ATS statuses that candidate events point at, and one ATS integration.
import { type Rec, Stamp, T, link } from './model';
import { newUid } from './mutations';
import type { Store } from './store';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const ATS_INTEGRATION_ID = '3f6c1a52-8e0b-4d7e-9a41-2b5c7d9e0f13';

export interface Catalog {
  users: Rec[];
  tagSources: Rec[];
  liveJobs: Rec[];
  draftJob: Rec;
  jobLocations: Rec[];
  lists: Rec[];
  ctas: Rec[];
  formFields: Rec[];
  trafficSources: Rec[];
  userAgents: Rec[];
  pages: Rec[];
  atsStatuses: Rec[];
  atsSecondaryStatuses: Rec[];
  templateFields: Rec[];
  templateOptions: Rec[];
  projectStages: Rec[];
  recruitmentEvents: Rec[];
  integration: Rec;
}

const named = (store: Store, type: string, names: string[], extra: (n: string) => Record<string, string> = () => ({})): Rec[] =>
  names.map((name) => store.add(type, { uid: newUid(), name, ...extra(name) }));

interface JobSeed {
  title: string;
  summary: string;
  description: string;
  req: string;
  ats: string;
  categories: number[];
  locations: number[];
  remote: boolean;
  amount: number;
  frequency: string;
  currency: string;
  timeZone: string;
  status: string;
  department: string;
}

const JOB_SEEDS: JobSeed[] = [
  {
    title: 'Senior Software Engineer',
    summary: 'Build the services behind our careers platform.',
    description: 'You will design distributed systems in TypeScript and Go, mentor engineers and own reliability.',
    req: 'R-1001',
    ats: 'GH-4401',
    categories: [0],
    locations: [0],
    remote: false,
    amount: 145000,
    frequency: 'annual',
    currency: 'USD',
    timeZone: 'America/New_York',
    status: 'live',
    department: 'Platform',
  },
  {
    title: 'Sales Development Representative',
    summary: 'Open conversations with new customers.',
    description: 'Prospect, qualify and book meetings for account executives across North America.',
    req: 'R-1002',
    ats: 'GH-4402',
    categories: [1],
    locations: [1],
    remote: false,
    amount: 28,
    frequency: 'hourly',
    currency: 'USD',
    timeZone: 'America/Chicago',
    status: 'live',
    department: 'Revenue',
  },
  {
    title: 'Marketing Manager',
    summary: 'Lead employer brand campaigns.',
    description: 'Own the campaign calendar, agency relationships and the recruitment marketing budget in EMEA.',
    req: 'R-1003',
    ats: 'GH-4403',
    categories: [2],
    locations: [2],
    remote: false,
    amount: 65000,
    frequency: 'annual',
    currency: 'GBP',
    timeZone: 'Europe/London',
    status: 'live',
    department: 'Marketing',
  },
  {
    title: 'Warehouse Associate',
    summary: 'Keep our distribution centre moving.',
    description: 'Pick, pack and ship orders safely; forklift licence a plus; rotating shifts.',
    req: 'R-1004',
    ats: 'GH-4404',
    categories: [3],
    locations: [3],
    remote: false,
    amount: 32,
    frequency: 'hourly',
    currency: 'AUD',
    timeZone: 'Australia/Sydney',
    status: 'live',
    department: 'Operations',
  },
  {
    title: 'Data Analyst',
    summary: 'Turn recruiting data into decisions.',
    description: 'Model funnels, build dashboards and partner with talent acquisition leaders; remote friendly.',
    req: 'R-1005',
    ats: 'GH-4405',
    categories: [0, 2],
    locations: [0, 1],
    remote: true,
    amount: 98000,
    frequency: 'annual',
    currency: 'USD',
    timeZone: 'America/New_York',
    status: 'live',
    department: 'Analytics',
  },
  {
    title: 'Principal Architect',
    summary: 'Not yet published.',
    description: 'Draft requisition awaiting approval.',
    req: 'R-1006',
    ats: 'GH-4406',
    categories: [0],
    locations: [0],
    remote: false,
    amount: 190000,
    frequency: 'annual',
    currency: 'USD',
    timeZone: 'America/New_York',
    status: 'draft',
    department: 'Platform',
  },
];

const LOCATION_SEEDS = [
  { city: 'Boston', state: 'Massachusetts', state_code: 'MA', country: 'United States', postal_code: '02110' },
  { city: 'Austin', state: 'Texas', state_code: 'TX', country: 'United States', postal_code: '73301' },
  { city: 'London', state: 'England', state_code: 'ENG', country: 'United Kingdom', postal_code: 'EC2A 4NE' },
  { city: 'Sydney', state: 'New South Wales', state_code: 'NSW', country: 'Australia', postal_code: '2000' },
];

function seedJobs(store: Store, now: number, categories: Rec[], locations: Rec[]): Rec[] {
  return JOB_SEEDS.map((s, n) => {
    const locs = s.locations.map((i) => LOCATION_SEEDS[i]).filter((l) => l !== undefined);
    const cats = s.categories.map((i) => categories[i]).filter((c): c is Rec => c !== undefined);
    const where = locs.map((l) => `${l.city}, ${l.state_code}`).join(' / ');
    const id = store.nextId(T.job);
    return store.add(
      T.job,
      {
        uid: newUid(),
        ats_uid: s.ats,
        created_at: new Stamp(now - (90 - n * 7) * DAY),
        updated_at: new Stamp(now - (20 - n) * DAY),
        opening_at: new Stamp(now - (60 - n * 5) * DAY),
        closing_at: new Stamp(now + (30 + n * 10) * DAY),
        title: s.title,
        summary: s.summary,
        description: s.description,
        time_zone: s.timeZone,
        title_with_locations_and_req: `${s.title} - ${where} (${s.req})`,
        remote: s.remote,
        apply_url: `https://careers.example.com/jobs/${id}/apply`,
        status: s.status,
        payment_amount: s.amount,
        payment_frequency: s.frequency,
        payment_currency_code: s.currency,
      },
      {
        categories: cats.map((c) => link(T.category, c.id)),
        locations: s.locations
          .map((i) => locations[i])
          .filter((l): l is Rec => l !== undefined)
          .map((l) => link(T.location, l.id)),
      },
      {
        searchExact: [s.ats, s.req, s.title, ...locs.map((l) => l.postal_code), ...locs.map((l) => l.state_code)],
        searchText: [
          s.title,
          s.summary,
          s.description,
          s.department,
          ...cats.map((c) => String(c.attrs.name)),
          ...locs.flatMap((l) => [l.city, l.state, l.country]),
        ],
      },
      id,
    );
  });
}

function seedForms(store: Store): { ctas: Rec[]; formFields: Rec[] } {
  const options = ['Yes', 'No', 'Maybe'].map((label) => store.add(T.formFieldOption, { uid: newUid(), label }));
  const formFields = [
    store.add(T.formField, { uid: newUid(), label: 'Email', field_type: 'email' }, { options: [] }),
    store.add(
      T.formField,
      { uid: newUid(), label: 'Will you attend?', field_type: 'select' },
      { options: options.map((o) => link(T.formFieldOption, o.id)) },
    ),
  ];
  const fieldLinks = formFields.map((f) => link(T.formField, f.id));
  const ctas = ['Join our talent community', 'Register for the event'].map((name) =>
    store.add(T.callToAction, { uid: newUid(), name }, { form_fields: fieldLinks }),
  );
  return { ctas, formFields };
}

function seedRecruitmentEvents(store: Store, now: number, ctas: Rec[]): Rec[] {
  const plan: Array<[string, number, number, boolean]> = [
    ['Spring Campus Career Fair', now + 10 * DAY, now + 10 * DAY + 6 * HOUR, false],
    ['Engineering Open House', now - 20 * DAY, now - 20 * DAY + 3 * HOUR, false],
    ['Live Hiring Webinar', now - 1 * HOUR, now + 3 * HOUR, false],
    ['Last Year Graduate Day', now - 400 * DAY, now - 400 * DAY + 5 * HOUR, true],
    ['Sales Hiring Evening', now + 30 * DAY, now + 30 * DAY + 2 * HOUR, false],
  ];
  return plan.map(([name, startsAt, endsAt, archived], n) => {
    const cta = ctas[n % ctas.length];
    return store.add(
      T.recruitmentEvent,
      {
        uid: newUid(),
        name,
        description: `${name}: meet our recruiters.`,
        starts_at: new Stamp(startsAt),
        ends_at: new Stamp(endsAt),
        time_zone: 'America/New_York',
        archived,
        created_at: new Stamp(Math.min(startsAt, now) - 30 * DAY),
        updated_at: new Stamp(Math.min(startsAt, now) - 2 * DAY),
      },
      {
        call_to_actions: cta ? [link(T.callToAction, cta.id)] : [],
        call_to_action: cta ? link(T.callToAction, cta.id) : null,
      },
      { startsAt, endsAt, archived },
    );
  });
}

function seedTemplateFields(store: Store, now: number): { fields: Rec[]; options: Rec[] } {
  const plan: Array<[string, string, string[]]> = [
    ['Department', 'department', ['Engineering', 'Sales', 'Marketing']],
    ['Job location', 'location', ['Boston', 'London']],
  ];
  const fields: Rec[] = [];
  const options: Rec[] = [];
  for (const [displayName, mapping, names] of plan) {
    const field = store.add(
      T.templateField,
      { uid: newUid(), display_name: displayName, mapping_name: mapping },
      { job_template_field_options: [] },
    );
    for (const name of names) {
      const option = store.add(
        T.templateFieldOption,
        {
          uid: newUid(),
          name,
          created_at: new Stamp(now - 200 * DAY),
          updated_at: new Stamp(now - 100 * DAY),
        },
        { job_template_fields: [link(T.templateField, field.id)] },
      );
      store.attach(field, 'job_template_field_options', option);
      options.push(option);
    }
    fields.push(field);
  }
  return { fields, options };
}

export function seedCatalog(store: Store, now: number): Catalog {
  const users = ['Alex Recruiter', 'Sam Sourcer', 'Jordan Coordinator'].map((name) =>
    store.add(T.user, { uid: newUid(), name, email: `${name.split(' ')[0]?.toLowerCase() ?? 'user'}@employer.example.com` }),
  );
  const tagSources = named(store, T.tagSource, ['Manual', 'Import', 'API']);
  const categories = named(store, T.category, ['Engineering', 'Sales', 'Marketing', 'Operations']);
  const jobLocations = LOCATION_SEEDS.map((l) => store.add(T.location, { uid: newUid(), ...l }));
  const jobs = seedJobs(store, now, categories, jobLocations);
  const lists = ['Talent Pool', 'Engineering Prospects', 'Event Attendees'].map((name, n) =>
    store.add(T.list, {
      uid: newUid(),
      created_at: new Stamp(now - (300 - n * 30) * DAY),
      updated_at: new Stamp(now - (10 - n) * DAY),
      name,
      count: 0,
    }),
  );
  const { ctas, formFields } = seedForms(store);
  const templates = seedTemplateFields(store, now);
  return {
    users,
    tagSources,
    jobLocations,
    lists,
    ctas,
    formFields,
    liveJobs: jobs.filter((j) => j.attrs.status === 'live'),
    draftJob: jobs.find((j) => j.attrs.status === 'draft') ?? jobs[0] ?? store.add(T.job, {}),
    trafficSources: named(store, T.trafficSource, ['Google', 'LinkedIn', 'Indeed', 'Direct'], (n) => ({
      medium: n === 'Direct' ? 'none' : 'cpc',
    })),
    userAgents: named(store, T.userAgent, ['Chrome on macOS', 'Safari on iOS', 'Firefox on Windows']),
    pages: named(store, T.page, ['Home', 'Job search', 'Event landing page'], (n) => ({
      url: `https://careers.example.com/${n.toLowerCase().replace(/ /g, '-')}`,
    })),
    atsStatuses: named(store, T.atsStatus, ['Applied', 'Interview', 'Offer', 'Hired']),
    atsSecondaryStatuses: named(store, T.atsSecondaryStatus, ['Phone screen', 'Onsite', 'Background check']),
    templateFields: templates.fields,
    templateOptions: templates.options,
    projectStages: named(store, T.projectStage, ['Sourced', 'Contacted', 'Engaged']),
    recruitmentEvents: seedRecruitmentEvents(store, now, ctas),
    integration: store.add(T.atsIntegration, { uid: newUid(), name: 'Greenhouse', product: 'greenhouse' }, {}, {}, ATS_INTEGRATION_ID),
  };
}

/**
 * A job still published (status live) whose closing date has passed: listed where live means published, left out
 * where it means open for applications (alternate persona). Added after every other record, so no seeded id moves.
 */
export function seedClosedJob(store: Store, now: number, template: Rec): Rec {
  const id = store.nextId(T.job);
  const title = 'Graduate Recruiter';
  return store.add(
    T.job,
    {
      ...template.attrs,
      uid: newUid(),
      ats_uid: 'GH-4499',
      created_at: new Stamp(now - 120 * DAY),
      updated_at: new Stamp(now - 40 * DAY),
      opening_at: new Stamp(now - 100 * DAY),
      closing_at: new Stamp(now - 5 * DAY),
      title,
      summary: 'Run our graduate hiring season.',
      title_with_locations_and_req: `${title} (R-1099)`,
      apply_url: `https://careers.example.com/jobs/${id}/apply`,
      status: 'live',
    },
    { ...template.rels },
    { searchExact: ['GH-4499', 'R-1099', title], searchText: [title, 'Run our graduate hiring season.'] },
    id,
  );
}
