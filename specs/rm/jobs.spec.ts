/**
 * Jobs (000 §4 Operations: GET /jobs "lists live jobs", page, per_page, include categories,
 * filter[q][eq]; GET /jobs/{jobId}; 000 §2 Job). An unknown job id (404) is in catalogue-rules.spec.ts.
 */
import {
  declares,
  test,
  expectDocumented,
  expectLiveJobs,
  expectPagesDisjoint,
  expectPagesWithin,
  expectSelects,
  expectSelectsNone,
  type Selection,
} from '../kit';
import {
  type Resource,
  expectIncluded,
  expectRecordWithEachInclude,
  observeIncluded,
  type IncludeTarget,
  discoverJob,
  unknownId,
  sendQuery,
  walkNumeric,
} from '../kit/rm';
import { operation } from '../../contract/catalogue';

const JOB_INCLUDES: Readonly<Record<string, IncludeTarget>> = { categories: { relationships: ['categories'], types: ['categories'] } };

/** Pages a search is walked at most (D78: nothing in 000 ranks an exact match first). */
const SEARCH_PAGES = 20;

test.describe('jobs', () => {
  test(
    'GET /jobs lists only live jobs; per_page is honoured and pages do not overlap @smoke',
    declares('rm.jobs.list 200'),
    async ({ rm, observe }) => {
      const op = operation('rm.jobs.list');
      const walk = await walkNumeric(rm, op, {}, 5, 20);
      expectPagesWithin(walk.shown, 5);
      expectPagesDisjoint(walk.shown, 'GET /jobs walked with per_page=5');
      // 000 §4: GET /jobs "lists live jobs"; 000 §2: status is the publication status ("values seen: live and draft").
      // No listed job has a status naming an unpublished page; closing_at past is a reading (D77).
      expectLiveJobs({ query: 'GET /jobs', pages: walk.shown }, Date.now(), 'rm.op.jobs.list');
      // With include (000 §4: jobs may embed categories) it is still GET /jobs, which "lists live jobs".
      const withInclude = await walkNumeric(rm, op, { include: 'categories' }, 5, 20);
      // include embeds related records; the pages are still pages of the live jobs: at most per_page, none twice (000 §4 page, per_page).
      expectPagesWithin(withInclude.shown, 5);
      expectPagesDisjoint(withInclude.shown, 'GET /jobs?include=categories walked with per_page=5');
      expectLiveJobs({ query: 'GET /jobs?include=categories', pages: withInclude.shown }, Date.now(), 'rm.op.jobs.list');
      const statuses = [...new Set(walk.records.map((j) => String(j.attributes.status)))];
      observe('other', 'GET /jobs status values', statuses.join(', ') || '(no job)');
      if (walk.records.length === 0) observe('other', 'GET /jobs', 'the target lists no job');
    },
  );

  test(
    'GET /jobs with filter[q][eq] finds a job by its title and by its ATS id; a term that matches nothing finds no job',
    declares('rm.jobs.list 200'),
    async ({ rm, observe }) => {
      const op = operation('rm.jobs.list');
      const jobs = (await walkNumeric(rm, op, {}, 50, 4)).records;
      test.skip(jobs.length === 0, 'the target lists no job');
      const text = (j: Resource, name: string): string | null => {
        const value = j.attributes[name];
        return typeof value === 'string' && value.trim() !== '' ? value : null;
      };
      const job = jobs.find((j) => text(j, 'ats_uid') !== null && text(j, 'title') !== null) ?? jobs.find((j) => text(j, 'title') !== null);
      test.skip(job === undefined, 'no listed job has a title');
      if (job === undefined) return;
      // Every page of a search (D78: an exact match may rank after many others), bounded.
      const search = async (q: string): Promise<Selection<Resource>> => {
        const walk = await walkNumeric(rm, op, { 'filter[q][eq]': q }, 100, SEARCH_PAGES);
        return { query: `GET /jobs?filter[q][eq]=${q}`, pages: walk.shown, complete: walk.complete };
      };
      // 000 §4 Filters: "exact match on ATS id, requisition id, title, ...".
      for (const field of ['title', 'ats_uid']) {
        const value = text(job, field);
        if (value === null) {
          observe('other', 'GET /jobs filter[q][eq]', `job ${job.id} has no ${field}: search by ${field} not checked`);
          continue;
        }
        const found = await search(value);
        if (found.complete === false && !found.pages.some((p) => p.records.some((r) => r.id === job.id))) {
          observe('other', 'GET /jobs filter[q][eq]', `search by ${field} not at its end after ${SEARCH_PAGES} pages: not judged`);
          continue;
        }
        expectSelects(found, [job.id], 'rm.filter.q', `its ${field} is exactly that (all ${found.pages.length} pages of the search)`);
        // A search is still GET /jobs, which "lists live jobs": a filter narrows the live jobs, it never adds drafts.
        expectLiveJobs(found, Date.now(), 'rm.op.jobs.list');
      }
      // Broad searches (single words of the listed jobs' titles and summaries, which other jobs, drafts among them, may share)
      // list live jobs only as well.
      const firstWord = (t: string | null): string => (t ?? '').split(/[^A-Za-z]+/).find((w) => w.length >= 4) ?? '';
      const words = [
        ...new Set([...jobs.map((j) => firstWord(text(j, 'summary'))), ...jobs.map((j) => firstWord(text(j, 'title')))].filter(Boolean)),
      ].slice(0, 8);
      for (const word of words) expectLiveJobs(await search(word), Date.now(), 'rm.op.jobs.list');
      observe('other', 'GET /jobs filter[q][eq] broad searches', words.join(', ') || '(no word to search)');
      const nothing = `zq${unknownId().replace(/-/g, '')}`;
      expectSelectsNone(await search(nothing), 'rm.filter.q', 'a term no job contains');
    },
  );

  test(
    'GET /jobs and GET /jobs/{jobId} with include=categories embed the categories the jobs name',
    declares('rm.jobs.get 200', 'rm.jobs.list 200'),
    async ({ rm, target, observe }) => {
      const list = operation('rm.jobs.list');
      const get = operation('rm.jobs.get');
      for (const include of list.include) {
        const ex = await sendQuery(rm, list, {}, { include, page: 1, per_page: 25 });
        expectDocumented(ex, list, '200');
        observeIncluded(observe, 'GET /jobs', include, expectIncluded(ex, include, JOB_INCLUDES, 'rm.include.jobs'));
      }
      const jobId = await discoverJob(rm, target);
      test.skip(jobId === null, 'no job on the target: set RM_JOB_ID');
      if (jobId === null) return;
      const job = { params: { jobId }, id: jobId, clause: 'rm.op.jobs.get' } as const;
      await expectRecordWithEachInclude(rm, get, job, JOB_INCLUDES, 'rm.include.jobs', observe);
    },
  );

  test('GET /jobs/{jobId} answers 200 with the job @smoke', declares('rm.jobs.get 200', 'rm.jobs.list 200'), async ({ rm, target }) => {
    const get = operation('rm.jobs.get');
    const jobId = await discoverJob(rm, target);
    test.skip(jobId === null, 'no job on the target: set RM_JOB_ID');
    if (jobId === null) return;
    const ex = await rm.call(get.id, { params: { jobId } });
    expectDocumented(ex, get, '200');
  });
});
