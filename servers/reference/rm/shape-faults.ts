/**
 * The wrong-shape faults (000 §1, §2; and the event kind class names that 000 §4 filter[kind] shows),
 * applied to a document's primary data just before it is sent, so the serialisers stay faithful.
 * Only ever active by name.
 */
import type { RmEnv } from './env';
import type { Document, Resource } from './model';
import { on } from '../switches';

type Loose = Record<string, unknown>;

/** "consent_accepted" -> "ConsentAcceptedEvent": the internal class name leaking out. */
const className = (kind: string): string => `${kind.replace(/(^|_)([a-z])/g, (_, __: string, c: string) => c.toUpperCase())}Event`;

function bend(env: RmEnv, resource: Resource, inList: boolean): void {
  const r = resource as unknown as Loose;
  const a = resource.attributes;
  if (resource.type === 'candidates') {
    if (on(env.behaviour, 'rm.schema.created-at-plain-string')) a.created_at = (a.created_at as { utc?: string } | undefined)?.utc;
    if (on(env.behaviour, 'rm.schema.interaction-score-percent') && typeof a.interaction_score === 'number')
      a.interaction_score = Math.round(a.interaction_score * 100);
    if (on(env.behaviour, 'rm.schema.subscription-status-active') && a.subscription_status === 'subscribed')
      a.subscription_status = 'active';
    if (on(env.behaviour, 'rm.schema.relationships-bare-ids') && resource.relationships) {
      r.relationships = Object.fromEntries(
        Object.entries(resource.relationships).map(([name, rel]) => [
          name,
          Array.isArray(rel.data) ? rel.data.map((x) => x.id) : (rel.data?.id ?? null),
        ]),
      );
    }
    if (on(env.behaviour, 'rm.schema.type-singular')) r.type = 'candidate';
    if (on(env.behaviour, 'rm.schema.id-missing') && inList) delete r.id;
  }
  // The class name leaks into the answer only; filter[kind] still selects by the stored kind.
  if (resource.type === 'candidate_events' && on(env.behaviour, 'rm.filter.event-kind-class-names') && typeof a.kind === 'string')
    a.kind = className(a.kind);
  if (resource.type === 'company_lists' && on(env.behaviour, 'rm.schema.list-count-string')) a.count = String(a.count);
}

export function applyShapeFaults(env: RmEnv, doc: Document): void {
  if (Array.isArray(doc.data)) for (const r of doc.data) bend(env, r, true);
  else if (doc.data) bend(env, doc.data, false);
}
