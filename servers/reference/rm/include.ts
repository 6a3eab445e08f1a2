/**
 * The include parameter (000 §4 "Allowed include values"): parsing against the allowed list of the
 * operation, and the walk that collects the related records into `included`. A nested value such
 * as "events.call_to_action" embeds every record along the path. Each segment names a
 * relationship of the records reached so far (resources.ts adds the relationships that the
 * include names use but 000 §2's table does not list).
 */
import type { RmEnv } from './env';
import type { Ref, Resource } from './model';
import { badRequest } from './respond';
import type { Resources } from './resources';
import { on } from '../switches';

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

/** The requested include paths, split into segments; null when the request has no include. */
export function parseInclude(env: RmEnv, query: URLSearchParams, allowed: readonly string[]): string[][] | null {
  if (!query.has('include')) return null;
  const values = query
    .getAll('include')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)
    // The first-value-only fault reads the first comma-separated value and drops the rest.
    .slice(0, on(env.behaviour, 'rm.include.first-value-only') ? 1 : undefined);
  const unknown = values.filter((v) => !allowed.includes(v));
  if (unknown.length > 0) {
    if (on(env.behaviour, 'rm.server-error.unknown-include'))
      throw new Error(`Cannot read properties of undefined (reading '${unknown[0] ?? ''}')`);
    if (!on(env.behaviour, 'rm.variant.unknown-include-ignored'))
      throw badRequest(`include value(s) not allowed here: ${unknown.join(', ')}; allowed: ${allowed.join(', ')}`, 'include');
  }
  return [...new Set(values.filter((v) => allowed.includes(v)))].map((v) => v.split('.'));
}

const key = (r: Ref): string => `${r.type}:${r.id}`;

function refsOf(resource: Resource, relationship: string): Ref[] {
  const data = resource.relationships?.[relationship]?.data;
  if (data === undefined || data === null) return [];
  return Array.isArray(data) ? data : [data];
}

/** The records `paths` reach from `primary`, each once, in the order first reached. */
export function collectIncluded(resources: Resources, primary: readonly Resource[], paths: readonly string[][]): Resource[] {
  const found = new Map<string, Resource>();
  for (const path of paths) {
    let frontier: readonly Resource[] = primary;
    for (const segment of path) {
      const next = new Map<string, Resource>();
      for (const record of frontier) {
        for (const ref of refsOf(record, segment)) {
          const k = key(ref);
          const resource = found.get(k) ?? resources.resolve(ref);
          if (!resource) continue;
          found.set(k, resource);
          next.set(k, resource);
        }
      }
      frontier = [...next.values()];
    }
  }
  return [...found.values()];
}

/** A relationship object without linkage: the related link only (JSON:API lazy relationships). */
const linksOnly = (record: Resource, name: string): Record<string, unknown> => ({
  links: { related: `/v2/${record.type}/${record.id}/${name}` },
});

/**
 * The primary records as answered. Faults: unlinked drops the relationships the include paths start
 * with (the embedded records are then named by no relationship of theirs); links-only-when-included
 * gives them links only. Variant links-only-unless-included: the relationships the paths do not start
 * with, and those they start with that name nothing, are links only (a serializer that loads only what
 * is included).
 */
export function linked(env: RmEnv, primary: readonly Resource[], paths: string[][] | null): Resource[] {
  const names = new Set((paths ?? []).map((p) => p[0] ?? ''));
  const bend =
    (keep: (name: string) => boolean, replace: (r: Resource, name: string) => unknown) =>
    (records: readonly Resource[]): Resource[] =>
      records.map((r) => ({
        ...r,
        relationships: Object.fromEntries(
          Object.entries(r.relationships ?? {}).flatMap(([name, rel]) => {
            if (keep(name)) return [[name, rel]];
            const other = replace(r, name);
            return other === undefined ? [] : [[name, other]];
          }),
        ) as Resource['relationships'],
      }));
  // Loaded only what is included, and even then an empty relationship gets its link alone.
  const empty = (r: Resource, name: string): boolean => {
    const data = r.relationships?.[name]?.data;
    return data === null || (Array.isArray(data) && data.length === 0);
  };
  if (on(env.behaviour, 'rm.variant.links-only-unless-included'))
    primary = primary.map((r) => bend((name) => names.has(name) && !empty(r, name), linksOnly)([r])[0] ?? r);
  if (paths === null) return [...primary];
  if (on(env.behaviour, 'rm.include.unlinked'))
    return bend(
      (name) => !names.has(name),
      () => undefined,
    )(primary);
  if (on(env.behaviour, 'rm.include.links-only-when-included')) return bend((name) => !names.has(name), linksOnly)(primary);
  return [...primary];
}

const isFull = (value: unknown): value is Resource =>
  typeof value === 'object' && value !== null && 'attributes' in value && typeof (value as Resource).attributes === 'object';

/**
 * The embedded-in-relationships variant: each record a path reaches replaces the pair that names it
 * in the relationship entry (the pair then carries attributes and relationships), following nested
 * paths inside those records. A record reached twice is written twice, alike.
 */
function inline(resources: Resources, primary: readonly Resource[], paths: readonly string[][]): void {
  for (const path of paths) {
    let frontier: readonly Resource[] = primary;
    for (const segment of path) {
      const next: Resource[] = [];
      for (const record of frontier) {
        const rel = record.relationships?.[segment];
        if (!rel || rel.data === null || rel.data === undefined) continue;
        const placed = (Array.isArray(rel.data) ? rel.data : [rel.data]).map((ref) =>
          isFull(ref) ? ref : (resources.resolve(ref) ?? ref),
        );
        rel.data = (Array.isArray(rel.data) ? placed : placed[0]) as typeof rel.data;
        next.push(...placed.filter(isFull));
      }
      frontier = next;
    }
  }
}

/** `included` for a document, or undefined when nothing was asked for (or the include fault drops it). */
export function includedFor(
  env: RmEnv,
  resources: Resources,
  primary: readonly Resource[],
  paths: string[][] | null,
): Resource[] | undefined {
  if (paths === null || on(env.behaviour, 'rm.include.ignored')) return undefined;
  const asked = on(env.behaviour, 'rm.include.educations-ignored') ? paths.filter((p) => p[0] !== 'educations') : paths;
  const cut = on(env.behaviour, 'rm.include.nested-dropped') ? asked.map((p) => p.slice(0, 1)) : asked;
  // The first-touch-is-last fault loads the touch events in descending order: first_touch_event embeds the last one.
  const walked = on(env.behaviour, 'rm.include.first-touch-is-last')
    ? cut.map((p) => (p[0] === 'first_touch_event' ? ['last_touch_event', ...p.slice(1)] : p))
    : cut;
  if (on(env.behaviour, 'rm.variant.embedded-in-relationships')) {
    inline(resources, primary, walked);
    return undefined;
  }
  let included = collectIncluded(resources, primary, walked);
  // The unnamed-embedded fault embeds every static list of the company for include=lists.
  if (on(env.behaviour, 'rm.include.unnamed-embedded') && walked.some((p) => p[0] === 'lists')) {
    const have = new Set(included.map((r) => `${r.type}:${r.id}`));
    included = [...included, ...resources.staticLists().filter((l) => !have.has(`${l.type}:${l.id}`))];
  }
  // The embedded-copies-differ fault repeats the first record with a stale uid.
  const first = included[0];
  if (first && on(env.behaviour, 'rm.include.embedded-copies-differ'))
    included = [...included, { ...first, attributes: { ...first.attributes, uid: `${String(first.attributes.uid)}-stale` } }];
  if (on(env.behaviour, 'rm.variant.included-repeats')) included = [...included, ...included];
  if (on(env.behaviour, 'rm.include.wrong-type'))
    return included.map((r) => ({ ...r, type: r.type.replace(/ies$/, 'y').replace(/s$/, '') }));
  if (on(env.behaviour, 'rm.include.dangling-relationships')) return included.map((r) => ({ ...r, id: `${r.id}-0` }));
  // The included-without-attributes fault writes resource identifiers where resource objects belong.
  if (on(env.behaviour, 'rm.schema.included-without-attributes')) return included.map((r) => ({ id: r.id, type: r.type }) as Resource);
  return included;
}
