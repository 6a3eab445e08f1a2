/**
 * Numeric pagination walked to the end on the list operations besides GET /candidates (000 §4
 * Common query parameters: `page` "numeric page number", `per_page` "page size"; the Operations rows
 * of GET /lists, GET /jobs, GET /candidates/{candidateId}/messages, educations and employments take
 * both): at small page sizes, every record appears once (no overlap), the walk ends, and it shows
 * every record a single read with a large per_page shows (no gap). 000 §8 does not show the maximum
 * per_page, so the single read may be clamped: it then proves less, never more.
 */
import {
  declares,
  test,
  expectDocumented,
  expectNoGap,
  expectPagesDisjoint,
  expectPagesWithin,
  type Exchange,
  pathOf,
  type ApiClient,
  atOnce,
} from '../kit';
import {
  dataOf,
  type Resource,
  findCandidatesWith,
  addEducation,
  addEmployment,
  createCandidateRecord,
  walkNumeric,
  type Walk,
} from '../kit/rm';
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';

/** Page sizes of the walks: small, so that even a few records span several pages. */
const SIZES = [1, 2, 3] as const;
/** Pages one walk may take; a list too long for the small sizes is walked at sizes that fit (bounded requests on a remote target). */
const MAX_PAGES = 30;
/** per_page of the single read the walks are compared with (smaller ones when the target refuses it). */
const LARGE = [100, 50, 25, 10] as const;

type Observe = (category: 'pagination', subject: string, value: string) => void;

/** One read of page 1 with a large per_page: the first size the target does not refuse (D35). */
async function singleRead(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
): Promise<{ records: Resource[]; perPage: number; exchange: Exchange | null }> {
  let last: { records: Resource[]; perPage: number; exchange: Exchange | null } | null = null;
  for (const perPage of LARGE) {
    const ex = await rm.call(op.id, { params, query: { page: 1, per_page: perPage } });
    const status = ex.response?.status;
    if ((status === 400 || status === 422) && perPage !== LARGE[LARGE.length - 1]) continue;
    expectDocumented(ex, op, '200');
    last = { records: dataOf(ex), perPage, exchange: ex };
    break;
  }
  return last ?? { records: [], perPage: 0, exchange: null };
}

/** The sizes of SIZES whose walk over `count` records fits in MAX_PAGES, else two sizes that do. */
function sizesFor(count: number): number[] {
  const fit = SIZES.filter((size) => Math.ceil(count / size) < MAX_PAGES);
  if (fit.length > 0) return fit;
  const size = Math.ceil(count / (MAX_PAGES - 5));
  return [size, size + 1];
}

/**
 * Walks `op` at small page sizes and checks each walk: pages hold at most per_page records, no
 * record is on two pages, the walk ends, and it shows every record of a single read with a large
 * per_page (read again once before a gap fails: on a shared target records come and go). Returns
 * the walks and their sizes.
 */
async function expectWalks(
  rm: ApiClient,
  op: OperationSpec,
  params: Record<string, string>,
  observe: Observe,
): Promise<{ walks: Walk[]; sizes: number[] }> {
  const where = pathOf(op, params);
  const sizes = sizesFor((await singleRead(rm, op, params)).records.length);
  // The walks at each size at once: far away their round trips overlap.
  const walks = await atOnce(
    sizes.map((size) => async (): Promise<Walk> => {
      const walk = await walkNumeric(rm, op, {}, size, MAX_PAGES, {}, params);
      expectPagesWithin(walk.shown, size);
      const walked = `GET ${where} walked with per_page=${size}`;
      expectPagesDisjoint(walk.shown, walked);
      if (!walk.complete) {
        observe('pagination', `GET ${op.path} walked with per_page=${size}`, `not at its end after ${MAX_PAGES} pages: gaps not checked`);
        return walk;
      }
      let again = walk;
      let single: Awaited<ReturnType<typeof singleRead>> = { records: [], perPage: 0, exchange: null };
      for (let attempt = 0; attempt < 2; attempt += 1) {
        single = await singleRead(rm, op, params);
        if (attempt > 0) again = await walkNumeric(rm, op, {}, size, MAX_PAGES, {}, params);
        if (single.records.every((r) => again.ids.includes(r.id))) break;
      }
      const read = `page=1&per_page=${single.perPage}`;
      const expected = single.records.map((r) => r.id);
      expectNoGap(again.shown, expected, `${walked} (a gap between pages: ${read} shows them)`, single.exchange ? [single.exchange] : []);
      if (single.records.length < walk.ids.length) {
        observe(
          'pagination',
          `GET ${op.path}?${read}`,
          `fewer records (${single.records.length}) than the walk (${walk.ids.length}): per_page clamped`,
        );
      }
      return walk;
    }),
  );
  return { walks, sizes };
}

test.describe('numeric pagination walked to the end', () => {
  test(
    'GET /lists walked at small page sizes shows every static list once, as a single large page does',
    declares('rm.lists.list 200'),
    async ({ rm, observe }) => {
      const op = operation('rm.lists.list');
      const { walks } = await expectWalks(rm, op, {}, observe);
      if ((walks[0]?.ids.length ?? 0) < 2) observe('pagination', 'GET /lists', 'fewer than two static lists: no page boundary to check');
    },
  );

  test(
    'GET /jobs walked at small page sizes shows every live job once, as a single large page does',
    declares('rm.jobs.list 200'),
    async ({ rm, observe }) => {
      const op = operation('rm.jobs.list');
      const { walks } = await expectWalks(rm, op, {}, observe);
      if ((walks[0]?.ids.length ?? 0) < 2) observe('pagination', 'GET /jobs', 'fewer than two live jobs: no page boundary to check');
    },
  );

  test(
    'GET /candidates/{candidateId}/messages walked at small page sizes shows every message of the candidate once',
    declares('rm.candidate-messages.list 200', 'rm.candidates.list 200'),
    async ({ rm, observe }) => {
      const op = operation('rm.candidate-messages.list');
      // The candidate of the first pages with the most messages (bounded search).
      let best: { id: string; count: number } | null = null;
      const searches = await atOnce(['messages_to', 'messages_from'].map((name) => () => findCandidatesWith(rm, name, name, 3)));
      for (const { candidate, refs } of searches.flatMap((s) => s.found)) {
        if (!best || refs.length > best.count) best = { id: candidate.id, count: refs.length };
      }
      test.skip(best === null, 'no candidate on the first pages of GET /candidates has messages (no operation creates one)');
      if (best === null) return;
      const { walks } = await expectWalks(rm, op, { candidateId: best.id }, observe);
      test.skip((walks[0]?.ids.length ?? 0) < 2, `candidate ${best.id} lists fewer than two messages: no page boundary to check`);
    },
  );

  for (const kind of ['educations', 'employments'] as const) {
    test(
      `GET /candidates/{candidateId}/${kind} walked at per_page 1, 2 and 3 shows each of the candidate's ${kind} once`,
      declares(`rm.${kind}.list 200`, `rm.${kind}.create`, 'rm.candidates.create'),
      async ({ rm, target, cleanup, observe }) => {
        const op = operation(`rm.${kind}.list`);
        const candidate = await createCandidateRecord(rm, target, cleanup, `walk-${kind}`);
        const add = kind === 'educations' ? addEducation : addEmployment;
        const created = await atOnce([0, 1, 2, 3].map(() => () => add(rm, cleanup, candidate.id)));
        const { walks, sizes } = await expectWalks(rm, op, { candidateId: candidate.id }, observe);
        for (const [n, walk] of walks.entries()) {
          const where = `GET /candidates/${candidate.id}/${kind} with per_page=${sizes[n] ?? ''} (created for this candidate)`;
          expectNoGap(walk.shown, created, where);
        }
      },
    );
  }
});
