/**
 * Two faults of the order of checks (000 §5.4 "Missing or invalid credentials give HTTP 401"): a
 * request without valid credentials that addresses a record that does not exist answers 404 (the
 * record is looked up first), or carries an invalid body to a write answers 422 (the body is
 * validated first). Used by index.ts only when the credentials were refused.
 */
import { isRecord } from '../http-kit';
import type { Store } from './store';
import { EMAIL } from './validate';

/** Path parameters naming a record, with the map that holds it. */
function holder(store: Store, name: string): ReadonlyMap<string, unknown> | null {
  const maps: Readonly<Record<string, ReadonlyMap<string, unknown>>> = {
    candidateId: store.candidates,
    listId: store.lists,
    jobId: store.jobs,
    recruitmentEventId: store.recruitmentEvents,
    jobApplicationId: store.applications,
    educationId: store.educations,
    employmentId: store.employments,
    tagId: store.taggings,
    atsIntegrationId: store.integrations,
  };
  return maps[name] ?? null;
}

/** The fault checked-after-lookup: 404 for a path naming a record the store lacks. */
export function missingRecord(store: Store, params: Readonly<Record<string, string>>): boolean {
  return Object.entries(params).some(([name, id]) => {
    const map = holder(store, name);
    return map !== null && !map.has(id) && !map.has(id.toLowerCase());
  });
}

const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

/** The fault checked-after-validation: 422 for a write body its handler would refuse. */
export function invalidWrite(method: string, path: string, body: unknown): boolean {
  if (method !== 'POST' && method !== 'PATCH') return false;
  const data = isRecord(body) && isRecord(body.data) ? body.data : null;
  const attributes = data && isRecord(data.attributes) ? data.attributes : {};
  if (method === 'POST' && /^\/candidates\/?$/.test(path)) return typeof attributes.email !== 'string' || !EMAIL.test(attributes.email);
  if (data === null) return true;
  if (/\/candidate_files\/?$/.test(path)) return blank(attributes.filename) || blank(attributes.content);
  if (/\/educations\/?$/.test(path)) return !isRecord(attributes.school) || blank(attributes.school.name);
  if (/\/employments\/?$/.test(path)) return !isRecord(attributes.company) || blank(attributes.company.name);
  return false;
}
