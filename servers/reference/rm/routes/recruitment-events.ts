/**
 * Recruitment events (000 §4): by id, and the four buckets. "archived" is a flag; the other three
 * are decided by the dates against the current time: upcoming (starts later), past (ended),
 * in progress (started and not ended). An archived event is in the archived bucket only.
 */
import type { RecruitmentEvent } from '../model';
import { RECRUITMENT_EVENT_INCLUDES, includedFor, parseInclude } from '../include';
import { badRequest, notFound, sendDoc } from '../respond';
import { bySeq, type RouteModule } from './app';
import { on } from '../../switches';

export type Bucket = 'upcoming' | 'past' | 'in_progress' | 'archived';
export const BUCKETS: readonly Bucket[] = ['upcoming', 'past', 'in_progress', 'archived'];

export function bucketOf(event: RecruitmentEvent, now: number): Bucket {
  if (event.archived) return 'archived';
  if (event.starts > now) return 'upcoming';
  return event.ends < now ? 'past' : 'in_progress';
}

export const recruitmentEventRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  /** The recruitment-cta-first-only fault follows the to-one call_to_action where call_to_actions is asked for. */
  const ctaFirstOnly = (asked: string[][] | null): string[][] | null =>
    on(env.behaviour, 'rm.include.recruitment-cta-first-only')
      ? (asked?.map((p) => (p[0] === 'call_to_actions' ? ['call_to_action', ...p.slice(1)] : p)) ?? null)
      : asked;
  // Registered before /{recruitmentEventId}: literal segments win by order.
  for (const bucket of BUCKETS) {
    // The in-progress-hyphen fault serves the in_progress bucket at /in-progress.
    const segment = bucket === 'in_progress' && on(env.behaviour, 'rm.recruitment-events.in-progress-hyphen') ? 'in-progress' : bucket;
    router.on('GET', `/recruitment_events/${segment}`, (ctx) => {
      const values = ctx.query.getAll('include').flatMap((v) => v.split(','));
      if (bucket === 'past' && ctx.query.has('include') && on(env.behaviour, 'rm.recruitment-events.past.include-400'))
        throw badRequest('include is not allowed here', 'include');
      if (
        bucket === 'upcoming' &&
        values.some((v) => v.includes('.')) &&
        on(env.behaviour, 'rm.recruitment-events.upcoming.nested-include-400')
      )
        throw badRequest(`include value(s) not allowed here: ${values.filter((v) => v.includes('.')).join(', ')}`, 'include');
      if (bucket === 'archived' && ctx.query.has('include') && on(env.behaviour, 'rm.recruitment-events.archived.include-500'))
        throw new TypeError("Cannot read properties of undefined (reading 'call_to_actions')");
      const asked = parseInclude(env, ctx.query, RECRUITMENT_EVENT_INCLUDES);
      const include = ctaFirstOnly(asked);
      const now = Date.now();
      // The upcoming-includes-in-progress fault takes "not ended" for "not started".
      const inBucket = (e: RecruitmentEvent): boolean =>
        bucket === 'upcoming' && on(env.behaviour, 'rm.recruitment-events.upcoming-includes-in-progress')
          ? !e.archived && e.ends >= now
          : bucketOf(e, now) === bucket;
      const data = [...store.recruitmentEvents.values()]
        .filter(inBucket)
        .sort(bySeq)
        .map((e) => resources.recruitmentEvent(e));
      sendDoc(env, ctx, 200, { data, included: includedFor(env, resources, data, include), meta: { total_count: data.length } });
    });
  }
  router.on('GET', '/recruitment_events/{recruitmentEventId}', (ctx) => {
    const include = ctaFirstOnly(parseInclude(env, ctx.query, RECRUITMENT_EVENT_INCLUDES));
    const event = store.recruitmentEvents.get(ctx.params.recruitmentEventId ?? '');
    if (!event && on(env.behaviour, 'rm.recruitment-events.get.missing-200')) return sendDoc(env, ctx, 200, { data: null });
    if (!event) throw notFound('recruitment event', ctx.params.recruitmentEventId ?? '');
    const data = resources.recruitmentEvent(event);
    sendDoc(env, ctx, 200, { data, included: includedFor(env, resources, [data], include) });
  });
};
