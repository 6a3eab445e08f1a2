/**
 * Activity records (000 §4, §6): a candidate's events and messages, and a job application's events,
 * with their filters and include values.
 */
import type { Ctx } from '../../http-kit';
import { eventMatches, parseEventFilter, parseMessageFilter } from '../filters';
import { EVENT_INCLUDES, MESSAGE_INCLUDES, includedFor, parseInclude } from '../include';
import type { CandidateEvent } from '../model';
import { paginate, parsePaging } from '../pagination';
import { notFound, sendDoc } from '../respond';
import { bySeq, candidateOr404, pick, type RouteModule } from './app';

const byTime = (a: CandidateEvent, b: CandidateEvent): number => a.created - b.created || a.seq - b.seq;

export const activityRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;

  const sendEvents = (ctx: Ctx, ids: readonly string[]): void => {
    const include = parseInclude(env, ctx.query, EVENT_INCLUDES);
    const filter = parseEventFilter(env, ctx.query);
    const data = pick(store.events, ids)
      .filter((e) => eventMatches(filter, e))
      .sort(byTime)
      .map((e) => resources.event(e));
    sendDoc(env, ctx, 200, { data, included: includedFor(env, resources, data, include), meta: { total_count: data.length } });
  };

  router.on('GET', '/candidates/{candidateId}/events', (ctx) => sendEvents(ctx, candidateOr404(app, ctx.params.candidateId).events));

  router.on('GET', '/job_applications/{jobApplicationId}/events', (ctx) => {
    const application = store.applications.get(ctx.params.jobApplicationId ?? '');
    if (!application) throw notFound('job application', ctx.params.jobApplicationId ?? '');
    sendEvents(ctx, application.events);
  });

  router.on('GET', '/candidates/{candidateId}/messages', (ctx) => {
    const c = candidateOr404(app, ctx.params.candidateId);
    const include = parseInclude(env, ctx.query, MESSAGE_INCLUDES);
    const filter = parseMessageFilter(env, ctx.query);
    const page = paginate(env, pick(store.messages, c.messages).filter(filter).sort(bySeq), parsePaging(env, ctx.query));
    const data = page.items.map((m) => resources.message(m));
    sendDoc(env, ctx, 200, { data, included: includedFor(env, resources, data, include), meta: page.meta });
  });
};
