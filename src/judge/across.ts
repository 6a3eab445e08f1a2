/**
 * The checks that judge a recording across its exchanges, in the order they were sent: a read after
 * a write shows the write (a candidate created is there to read), a delete then a read does not show
 * what was deleted (a tag removed is no longer listed), and the numeric pages of one walk share no
 * record. Each calls the checks' own wrappers, naming the exchange that broke the sentence first.
 */
import { expectPagesDisjoint } from '../checks/registry/pagination';
import { expectGone, expectStateShownBy } from '../checks/registry/state';
import type { Page } from '../checks/shown';
import { jsonBody } from '../http/exchange';
import type { JudgedExchange } from './rules';

const dataOf = (x: JudgedExchange): unknown => (jsonBody(x.exchange) as { data?: unknown } | undefined)?.data;
/** The records a list answer shows (a `data` array, or a bare array: 000 §4 rule 3), each with its id and uid. */
const recordsOf = (x: JudgedExchange): { id: string; uid: string | null }[] => {
  const data = dataOf(x);
  const list = Array.isArray(data) ? data : Array.isArray(jsonBody(x.exchange)) ? (jsonBody(x.exchange) as unknown[]) : [];
  return list.flatMap((r) => {
    if (typeof r !== 'object' || r === null || !('id' in r)) return [];
    const uid = (r as { attributes?: { uid?: unknown } }).attributes?.uid;
    return [{ id: String((r as { id: unknown }).id), uid: typeof uid === 'string' ? uid : null }];
  });
};
const idsOf = (x: JudgedExchange): string[] => recordsOf(x).map((r) => r.id);
const pathOf = (x: JudgedExchange): string => new URL(x.exchange.request.url).pathname;
const status = (x: JudgedExchange): number => x.exchange.response.status;

/** A candidate POST /candidates created (201, its id shown) is read by GET /candidates/{id} with 200, not 404. */
function createdThenRead(all: readonly JudgedExchange[]): void {
  all.forEach((write, i) => {
    if (write.op?.id !== 'rm.candidates.create' || status(write) !== 201) return;
    const data = dataOf(write) as { id?: unknown } | undefined;
    if (data?.id === undefined) return;
    const path = `${pathOf(write)}/${encodeURIComponent(String(data.id))}`;
    const read = all.slice(i + 1).find((r) => r.op?.id === 'rm.candidates.get' && pathOf(r) === path && status(r) !== 401);
    if (read) expectStateShownBy(write.exchange, read.exchange, '2xx', 'rm.op.candidates.get', `candidate ${String(data.id)} was created`);
  });
}

/** A tag DELETE /candidates/{c}/tags/{t} removed (200) is not listed by a later GET /candidates/{c}/tags. */
function deletedThenListed(all: readonly JudgedExchange[]): void {
  all.forEach((del, i) => {
    if (del.op?.id !== 'rm.candidate-tags.delete' || status(del) !== 200) return;
    const path = pathOf(del);
    const tagId = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
    const listPath = path.slice(0, path.lastIndexOf('/'));
    for (const read of all.slice(i + 1)) {
      if (read.op?.id === 'rm.candidate-tags.create' && pathOf(read) === listPath) return; // written again
      if (read.op?.id !== 'rm.candidate-tags.list' || pathOf(read) !== listPath || status(read) !== 200) continue;
      const still = recordsOf(read).filter((r) => r.id === tagId || r.uid === tagId);
      expectGone(
        del.exchange,
        [read.exchange],
        still.map((r) => r.id),
        'rm.op.candidate-tags.delete',
        `GET ${listPath} (tag ${tagId})`,
      );
      return;
    }
  });
}

/** The numeric pages of one walk (one operation and query but `page`) share no record. */
function pagesOfOneWalk(all: readonly JudgedExchange[]): void {
  const walks = new Map<string, { page: number; x: JudgedExchange }[]>();
  for (const x of all) {
    if (!x.op || x.op.method !== 'GET' || status(x) !== 200) continue;
    const url = new URL(x.exchange.request.url);
    const page = Number(url.searchParams.get('page'));
    if (!Number.isInteger(page) || page < 1) continue;
    url.searchParams.delete('page');
    url.searchParams.sort();
    const key = url.toString();
    walks.set(key, [...(walks.get(key) ?? []), { page, x }]);
  }
  for (const [key, steps] of walks) {
    const byPage = new Map(steps.map((s) => [s.page, s.x]));
    if (byPage.size < 2) continue;
    const pages: Page[] = [...byPage.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([, x]) => ({ exchange: x.exchange, records: idsOf(x).map((id) => ({ id })) }));
    expectPagesDisjoint(pages, `the pages of ${key}`);
  }
}

/** Every cross-exchange check, in turn; a failure of one is recorded and the others still run (the engine catches). */
export const ACROSS: readonly { name: string; judge: (all: readonly JudgedExchange[]) => void }[] = [
  { name: 'a candidate created is there to read', judge: createdThenRead },
  { name: 'a tag deleted is no longer listed', judge: deletedThenListed },
  { name: 'the numeric pages of one walk share no record', judge: pagesOfOneWalk },
];
