// Company-wide operations of part 4: jobs (live only, filter[q][eq], include categories), static lists and list
// membership (part 3: 201 added, 200 already a member, 204 removed), recruitment events (upcoming, past, in progress,
// archived) and anonymisation by ATS id (202 queued; 404 when the integration or candidate is missing).
import { type RequestContext, type Route, actionReply, found, listReply, oneReply, param } from '../context';
import { notFound } from '../errors';
import { jobFilter } from '../filters';
import { type Rec, T, stampAttr } from '../model';
import { addMembership, removeMembership, touch } from '../mutations';
import { JOB_FILTERS, JOB_INCLUDES, RECRUITMENT_EVENT_INCLUDES } from './tables';

type EventState = 'upcoming' | 'past' | 'in_progress' | 'archived';

function stateOf(rec: Rec, now: number): EventState {
  if (rec.hidden.archived === true) return 'archived';
  if ((rec.hidden.startsAt ?? 0) > now) return 'upcoming';
  if ((rec.hidden.endsAt ?? 0) < now) return 'past';
  return 'in_progress';
}

/** A live job: published; for the alternate persona also open for applications (not past its closing_at). */
const liveAt =
  (ctx: RequestContext) =>
  (job: Rec): boolean =>
    job.attrs.status === 'live' && (ctx.choices.liveJobs === 'published' || (stampAttr(job, 'closing_at') ?? Infinity) > ctx.now);

function membership(ctx: RequestContext): { list: Rec; candidate: Rec } {
  const list = found(ctx, T.list, 'listId', 'list');
  const candidate = found(ctx, T.candidate, 'candidateId', 'candidate');
  return { list, candidate };
}

const recruitmentEventSpec = { params: ['include'], includes: RECRUITMENT_EVENT_INCLUDES } as const;

const stateRoutes: Route[] = (['upcoming', 'past', 'in_progress', 'archived'] as const).map((state) => ({
  method: 'GET',
  path: `/recruitment_events/${state}`,
  spec: recruitmentEventSpec,
  handler: (ctx) =>
    listReply(
      ctx,
      ctx.store.all(T.recruitmentEvent).filter((r) => stateOf(r, ctx.now) === state),
      { paginated: false, filtered: false },
    ),
}));

export const catalogRoutes: Route[] = [
  {
    method: 'GET',
    path: '/jobs',
    spec: { params: ['page', 'per_page', 'include', 'filter'], includes: JOB_INCLUDES, filters: JOB_FILTERS },
    handler: (ctx) => {
      const f = jobFilter(ctx.query, ctx.choices);
      return listReply(
        ctx,
        ctx.store.all(T.job).filter((j) => liveAt(ctx)(j) && f.keep(j)),
        { paginated: true, filtered: f.present },
      );
    },
  },
  {
    method: 'GET',
    path: '/jobs/:jobId',
    spec: { params: ['include'], includes: JOB_INCLUDES },
    handler: (ctx) =>
      oneReply(
        ctx,
        found(ctx, T.job, 'jobId', 'job', (j) => liveAt(ctx)(j) || ctx.choices.draftJobVisible),
      ),
  },
  {
    method: 'GET',
    path: '/lists',
    spec: { params: ['page', 'per_page'] },
    handler: (ctx) => listReply(ctx, ctx.store.all(T.list), { paginated: true, filtered: false }),
  },
  {
    method: 'PUT',
    path: '/lists/:listId/candidates/:candidateId',
    spec: { params: [] },
    handler: (ctx) => {
      const { list, candidate } = membership(ctx);
      const added = addMembership(ctx.store, list, candidate, ctx.now);
      if (added) touch(candidate, ctx.now);
      return actionReply(ctx, added ? 201 : 200, list);
    },
  },
  {
    method: 'DELETE',
    path: '/lists/:listId/candidates/:candidateId',
    spec: { params: [] },
    handler: (ctx) => {
      const { list, candidate } = membership(ctx);
      if (removeMembership(ctx.store, list, candidate, ctx.now)) touch(candidate, ctx.now);
      return { status: 204 };
    },
  },
  ...stateRoutes,
  {
    method: 'GET',
    path: '/recruitment_events/:recruitmentEventId',
    spec: recruitmentEventSpec,
    handler: (ctx) => oneReply(ctx, found(ctx, T.recruitmentEvent, 'recruitmentEventId', 'recruitment event')),
  },
  {
    method: 'DELETE',
    path: '/ats_integrations/:atsIntegrationId/candidates/:candidateAtsId',
    spec: { params: [] },
    handler: (ctx) => {
      const integration = ctx.store.get(T.atsIntegration, param(ctx, 'atsIntegrationId').toLowerCase());
      if (integration === undefined) throw notFound('ATS integration');
      const atsId = param(ctx, 'candidateAtsId');
      const candidate = ctx.store.all(T.candidate).find((c) => c.hidden.atsIntegrationId === integration.id && c.hidden.atsUid === atsId);
      if (candidate === undefined) throw notFound('ATS candidate');
      return actionReply(ctx, 202, null, {
        status: 'queued for anonymisation',
        ats_integration_id: integration.id,
        candidate_ats_id: atsId,
      });
    },
  },
];
