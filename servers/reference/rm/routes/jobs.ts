/** Jobs (000 §4): GET /jobs lists live jobs with free-text search; GET /jobs/{jobId} also finds drafts. */
import { parseJobFilter } from '../filters';
import { JOB_INCLUDES, includedFor, parseInclude } from '../include';
import type { RmEnv } from '../env';
import type { Job } from '../model';
import { paginate, parsePaging, type PageResult, type Paging } from '../pagination';
import { badRequest, HttpError, notFound, sendDoc } from '../respond';
import { bySeq, type RouteModule } from './app';
import { on } from '../../switches';

/**
 * The jobs-blocks-of-5 fault: pages are cut from blocks of 5 jobs, so a page of fewer than 5 records
 * starts where the block holding its first record starts (page 2 of per_page 2 repeats page 1).
 */
function jobPage(env: RmEnv, jobs: readonly Job[], paging: Paging): PageResult<Job> {
  if (paging.mode !== 'numeric' || !on(env.behaviour, 'rm.pagination.jobs-blocks-of-5') || paging.perPage >= 5)
    return paginate(env, jobs, paging);
  const first = (paging.page - 1) * paging.perPage;
  const start = first - (first % 5);
  return {
    items: jobs.slice(start, start + paging.perPage),
    meta: { page: paging.page, per_page: paging.perPage, total_count: jobs.length },
  };
}

export const jobRoutes: RouteModule = (router, app) => {
  const { env, store, resources } = app;

  router.on('GET', '/jobs', (ctx) => {
    const asked = parseInclude(env, ctx.query, JOB_INCLUDES);
    // The job-categories-locations fault follows locations where categories are asked for.
    const include = on(env.behaviour, 'rm.include.job-categories-locations')
      ? (asked?.map((p) => (p[0] === 'categories' ? ['locations', ...p.slice(1)] : p)) ?? null)
      : asked;
    const filter = parseJobFilter(env, store, ctx.query);
    const q = (ctx.query.get('filter[q][eq]') ?? '').trim();
    const ranked = q !== '' && on(env.behaviour, 'rm.variant.search-ranked-page-2');
    const asPaged = parsePaging(env, ctx.query);
    // search-ranked-page-2: at most 10 jobs a page for a search.
    const paging: Paging = ranked ? { ...asPaged, perPage: Math.min(asPaged.perPage, 10) } : asPaged;
    const now = Date.now();
    // The search-includes-drafts fault drops the live condition from searches.
    const searching = (ctx.query.get('filter[q][eq]') ?? '').trim() !== '' && on(env.behaviour, 'rm.jobs.search-includes-drafts');
    const listed = [...store.jobs.values()].filter(
      (j) =>
        (j.status === 'live' ||
          searching ||
          (asked !== null && on(env.behaviour, 'rm.jobs.include-lists-drafts')) ||
          on(env.behaviour, 'rm.jobs.list-includes-drafts')) &&
        // jobs-open-only: live means published and not past its closing date.
        !(on(env.behaviour, 'rm.variant.jobs-open-only') && j.closing < now) &&
        filter(j),
    );
    listed.sort(bySeq);
    // The include-join-duplicates fault: the include query joins the job locations, one row per location.
    if (asked !== null && on(env.behaviour, 'rm.jobs.include-join-duplicates'))
      listed.splice(0, listed.length, ...listed.flatMap((j) => j.locations.map(() => j)));
    // search-ranked-page-2: exact matches (title, ATS id, requisition id) after the others.
    if (ranked) {
      const exact = (j: Job): number => ([j.title, j.atsUid, j.requisitionId].some((v) => v.toLowerCase() === q.toLowerCase()) ? 1 : 0);
      listed.sort((a, b) => exact(a) - exact(b) || a.seq - b.seq);
    }
    if (
      asked !== null &&
      paging.mode === 'numeric' &&
      paging.page > 1 &&
      (paging.page - 1) * paging.perPage >= listed.length &&
      on(env.behaviour, 'rm.pagination.include-past-end-403')
    )
      throw new HttpError(403, 'page past the end');
    const page = jobPage(env, listed, paging);
    const data = page.items.map((j) => resources.job(j));
    sendDoc(env, ctx, 200, { data, included: includedFor(env, resources, data, include), meta: page.meta });
  });

  // A draft is found by id (the document says only that the list shows live jobs); a variant hides it.
  router.on('GET', '/jobs/{jobId}', (ctx) => {
    if (ctx.query.has('include') && on(env.behaviour, 'rm.jobs.get.include-400'))
      throw badRequest('include is not allowed here', 'include');
    const include = parseInclude(env, ctx.query, JOB_INCLUDES);
    const job = store.jobs.get(ctx.params.jobId ?? '');
    if (!job || (job.status !== 'live' && on(env.behaviour, 'rm.variant.draft-job-404'))) throw notFound('job', ctx.params.jobId ?? '');
    const data = resources.job(job);
    const answered = on(env.behaviour, 'rm.schema.job-type-singular-on-get') ? { ...data, type: 'job' } : data;
    sendDoc(env, ctx, 200, { data: answered, included: includedFor(env, resources, [data], include) });
  });
};
