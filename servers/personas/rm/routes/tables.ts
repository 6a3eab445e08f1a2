// The include and filter tables of part 4 ("Allowed include values", "Filters"), per operation family.
export const CANDIDATE_INCLUDES = [
  'events',
  'events.call_to_action',
  'events.form_submission.fields',
  'resumes',
  'educations',
  'employments',
  'locations',
  'lists',
  'taggings',
  'taggings.tag_source',
  'jobs',
  'job_applications',
  'form_submissions',
  'messages_to',
  'messages_to.from',
  'messages_from',
  'messages_from.to',
  'notes',
  'notes.user',
  'project_template_stages',
  'job_alert_subscriptions',
  'job_alert_subscriptions.job_template_fields.options',
  'first_touch_event',
  'first_touch_event.traffic_source',
  'last_touch_event',
  'last_touch_event.traffic_source',
] as const;

export const EVENT_INCLUDES = ['location', 'form_submission', 'form_submission.fields', 'call_to_action', 'traffic_source'] as const;
export const MESSAGE_INCLUDES = ['from', 'to', 'conversation'] as const;
export const JOB_INCLUDES = ['categories'] as const;
export const RECRUITMENT_EVENT_INCLUDES = ['call_to_actions', 'call_to_action.form_fields', 'call_to_action.form_fields.options'] as const;

export const CANDIDATE_FILTERS = {
  updated_at: ['lt', 'gte'],
  email: ['eq'],
  archived: [null],
  anonymised: [null],
  ats_candidates: ['exists'],
  ats_uid: ['exists'],
  resume: ['exists'],
} as const;

export const EVENT_FILTERS = { kind: [null, ''], created_at: ['gte', 'lte'] } as const;
export const MESSAGE_FILTERS = { conversation: ['exists'] } as const;
export const JOB_FILTERS = { q: ['eq'] } as const;
