// Activity operations of part 4 and part 6: GET /candidates/{id}/events, GET /job_applications/{id}/events (stored
// candidate events, filter[kind] and created_at bounds) and GET /candidates/{id}/messages (filter[conversation][exists]).
import { type RequestContext, type Route, found, listReply } from '../context';
import { eventFilter, messageFilter } from '../filters';
import { type Rec, T, stampAttr } from '../model';
import { compareIds } from '../store';
import { EVENT_FILTERS, EVENT_INCLUDES, MESSAGE_FILTERS, MESSAGE_INCLUDES } from './tables';

const byCreated = (a: Rec, b: Rec): number =>
  (stampAttr(a, 'created_at') ?? 0) - (stampAttr(b, 'created_at') ?? 0) || compareIds(a.id, b.id);

function eventsReply(ctx: RequestContext, events: Rec[]) {
  const f = eventFilter(ctx.query, ctx.choices);
  return listReply(ctx, events.filter(f.keep).sort(byCreated), { paginated: false, filtered: f.present });
}

const eventSpec = { params: ['include', 'filter'], includes: EVENT_INCLUDES, filters: EVENT_FILTERS } as const;

export const activityRoutes: Route[] = [
  {
    method: 'GET',
    path: '/candidates/:candidateId/events',
    spec: eventSpec,
    handler: (ctx) => eventsReply(ctx, ctx.store.related(found(ctx, T.candidate, 'candidateId', 'candidate'), 'events')),
  },
  {
    method: 'GET',
    path: '/job_applications/:jobApplicationId/events',
    spec: eventSpec,
    handler: (ctx) => {
      const application = found(ctx, T.jobApplication, 'jobApplicationId', 'job application');
      return eventsReply(
        ctx,
        ctx.store.all(T.event).filter((e) => e.hidden.jobApplicationId === application.id),
      );
    },
  },
  {
    method: 'GET',
    path: '/candidates/:candidateId/messages',
    spec: { params: ['page', 'per_page', 'include', 'filter'], includes: MESSAGE_INCLUDES, filters: MESSAGE_FILTERS },
    handler: (ctx) => {
      const candidate = found(ctx, T.candidate, 'candidateId', 'candidate');
      const byId = new Map<string, Rec>();
      const mine = [...ctx.store.related(candidate, 'messages_to'), ...ctx.store.related(candidate, 'messages_from')];
      for (const m of mine) byId.set(m.id, m);
      const f = messageFilter(ctx.query, ctx.choices);
      const messages = [...byId.values()].filter(f.keep).sort((a, b) => compareIds(a.id, b.id));
      return listReply(ctx, messages, { paginated: true, filtered: f.present });
    },
  },
];
