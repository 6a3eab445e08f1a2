/**
 * Activity records (000 §4, §6): a candidate's events and messages, and a job application's events,
 * with their filters and include values.
 */
import { send, type Ctx } from '../../http-kit';
import { eventMatches, parseEventFilter, parseMessageFilter } from '../filters';
import { EVENT_INCLUDES, MESSAGE_INCLUDES, includedFor, parseInclude } from '../include';
import type { CandidateEvent, Resource } from '../model';
import { paginate, parsePaging } from '../pagination';
import { JSONAPI, notFound, sendDoc } from '../respond';
import { bySeq, candidateOr404, pick, type RouteModule } from './app';
import { on } from '../../switches';

const byTime = (a: CandidateEvent, b: CandidateEvent): number => a.created - b.created || a.seq - b.seq;

export const activityRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;

  const sendEvents = (ctx: Ctx, ids: readonly string[], of: 'candidate' | 'application'): void => {
    const include = parseInclude(env, ctx.query, EVENT_INCLUDES);
    const filter = parseEventFilter(env, ctx.query);
    if (of === 'application' && on(env.behaviour, 'rm.filter.application-kind-ignored')) filter.kinds = null;
    const matching = pick(store.events, ids)
      .filter((e) => eventMatches(filter, e))
      .sort(byTime);
    // The events-paged-3 variant pages the events (3 an answer) as every other list, although the rows name no page parameter.
    const paged = on(env.behaviour, 'rm.variant.events-paged-3')
      ? paginate(env, [...matching].sort(bySeq), { ...parsePaging(env, ctx.query), perPage: 3 })
      : null;
    const events = paged ? paged.items : matching;
    let data = events.map((e) => resources.event(e));
    let included = includedFor(env, resources, data, include);
    // The event-location-candidate fault embeds the candidates' own locations for include=location.
    if (included && on(env.behaviour, 'rm.include.event-location-candidate') && include?.some((p) => p.join('.') === 'location')) {
      const owners = [...new Set(events.map((e) => e.candidateId))];
      const theirs = owners
        .flatMap((id) => store.candidates.get(id)?.locations ?? [])
        .map((id) => resources.resolve({ id, type: 'candidate_locations' }))
        .filter((r): r is Resource => r !== undefined);
      included = [...included.filter((r) => r.type !== 'locations'), ...theirs];
    }
    if (of === 'application' && on(env.behaviour, 'rm.schema.application-event-type')) data = data.map((r) => ({ ...r, type: 'events' }));
    if (of === 'application' && on(env.behaviour, 'rm.schema.application-events-no-relationships'))
      data = data.map(({ relationships: _dropped, ...r }) => r);
    // The application-event-other-job fault names in job a live job other than the one the event names.
    if (of === 'application' && on(env.behaviour, 'rm.events.application-event-other-job'))
      data = data.map((r) => {
        const own = r.relationships?.job?.data;
        const other = own && !Array.isArray(own) ? [...store.jobs.values()].find((j) => j.status === 'live' && j.id !== own.id) : undefined;
        return other ? { ...r, relationships: { ...r.relationships, job: { data: { id: other.id, type: 'jobs' } } } } : r;
      });
    // The events-ndjson fault streams one resource per line.
    if (of === 'candidate' && on(env.behaviour, 'rm.json-body.events-ndjson'))
      return send(ctx, 200, data.map((r) => JSON.stringify(r)).join('\n'), JSONAPI);
    sendDoc(env, ctx, 200, { data, included, meta: paged ? paged.meta : { total_count: data.length } });
  };

  router.on('GET', '/candidates/{candidateId}/events', (ctx) => {
    const id = ctx.params.candidateId ?? '';
    if (!store.candidates.has(id)) {
      if (on(env.behaviour, 'rm.candidate-events.unknown-candidate-200'))
        return sendDoc(env, ctx, 200, { data: [], meta: { total_count: 0 } });
      // The events-id-cast fault casts the id to an integer, and a NaN breaks the query.
      if (on(env.behaviour, 'rm.server-error.events-id-cast') && !/^\d+$/.test(id))
        throw new RangeError(`invalid input syntax for type bigint: "${id}"`);
    }
    sendEvents(ctx, candidateOr404(app, id).events, 'candidate');
  });

  router.on('GET', '/job_applications/{jobApplicationId}/events', (ctx) => {
    const application = store.applications.get(ctx.params.jobApplicationId ?? '');
    if (!application && on(env.behaviour, 'rm.job-application-events.unknown-200'))
      return sendDoc(env, ctx, 200, { data: [], meta: { total_count: 0 } });
    if (!application) throw notFound('job application', ctx.params.jobApplicationId ?? '');
    sendEvents(ctx, application.events, 'application');
  });

  router.on('GET', '/candidates/{candidateId}/messages', (ctx) => {
    if (!store.candidates.has(ctx.params.candidateId ?? '') && on(env.behaviour, 'rm.candidate-messages.unknown-candidate-200'))
      return sendDoc(env, ctx, 200, { data: [], meta: { total_count: 0 } });
    const c = candidateOr404(app, ctx.params.candidateId);
    const asked = parseInclude(env, ctx.query, MESSAGE_INCLUDES);
    // The message-to-is-from fault follows from where to is asked for.
    const include = on(env.behaviour, 'rm.include.message-to-is-from')
      ? (asked?.map((p) => (p[0] === 'to' ? ['from', ...p.slice(1)] : p)) ?? null)
      : asked;
    const filter = parseMessageFilter(env, ctx.query);
    // The referral-messages variant: a message another candidate sent to this one is among its messages.
    const referral = resources.referral();
    const ids = referral?.recipient === c.id ? [...c.messages, referral.message.id] : c.messages;
    const page = paginate(env, pick(store.messages, ids).filter(filter).sort(bySeq), parsePaging(env, ctx.query));
    const data = page.items.map((m) => resources.message(m));
    sendDoc(env, ctx, 200, { data, included: includedFor(env, resources, data, include), meta: page.meta });
  });
};
