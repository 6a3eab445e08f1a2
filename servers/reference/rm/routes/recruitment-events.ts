/**
 * Recruitment events (000 §4): by id, and the four buckets. "archived" is a flag; the other three
 * are decided by the dates against the current time: upcoming (starts later), past (ended),
 * in progress (started and not ended). An archived event is in the archived bucket only.
 */
import type { RecruitmentEvent } from '../model';
import { RECRUITMENT_EVENT_INCLUDES, includedFor, parseInclude } from '../include';
import { notFound, sendDoc } from '../respond';
import { bySeq, type RouteModule } from './app';

export type Bucket = 'upcoming' | 'past' | 'in_progress' | 'archived';
export const BUCKETS: readonly Bucket[] = ['upcoming', 'past', 'in_progress', 'archived'];

export function bucketOf(event: RecruitmentEvent, now: number): Bucket {
  if (event.archived) return 'archived';
  if (event.starts > now) return 'upcoming';
  return event.ends < now ? 'past' : 'in_progress';
}

export const recruitmentEventRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;
  // Registered before /{recruitmentEventId}: literal segments win by order.
  for (const bucket of BUCKETS) {
    router.on('GET', `/recruitment_events/${bucket}`, (ctx) => {
      const include = parseInclude(env, ctx.query, RECRUITMENT_EVENT_INCLUDES);
      const now = Date.now();
      const data = [...store.recruitmentEvents.values()]
        .filter((e) => bucketOf(e, now) === bucket)
        .sort(bySeq)
        .map((e) => resources.recruitmentEvent(e));
      sendDoc(env, ctx, 200, { data, included: includedFor(env, resources, data, include), meta: { total_count: data.length } });
    });
  }
  router.on('GET', '/recruitment_events/{recruitmentEventId}', (ctx) => {
    const include = parseInclude(env, ctx.query, RECRUITMENT_EVENT_INCLUDES);
    const event = store.recruitmentEvents.get(ctx.params.recruitmentEventId ?? '');
    if (!event) throw notFound('recruitment event', ctx.params.recruitmentEventId ?? '');
    const data = resources.recruitmentEvent(event);
    sendDoc(env, ctx, 200, { data, included: includedFor(env, resources, [data], include) });
  });
};
