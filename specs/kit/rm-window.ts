/**
 * A stable window of candidates for pagination and filter checks on a shared, changing target, and
 * the updated_at references it is built from.
 *
 * Other tests (and other people, on a remote target) create and update candidates while a walk
 * runs; new records may shift pages. The window `updated_at >= from and < until`, where `from` is
 * the updated_at of the first of our own new candidates and `until` that of a later "fence"
 * candidate, cannot grow afterwards: a record created or updated later has updated_at >= until
 * (000 §4 Filters: lt is strictly before). It can only shrink, when one of its records is updated.
 *
 * It may be large, though: on a shared target, everything others create while it is made falls in
 * it (a target stamping whole seconds makes it last a second or more). So a walk over it is bounded
 * by what it holds when the walk starts (windowWalk), and a record of ours missing from a numeric
 * walk is looked for again before that fails: a record leaving the window moves later records one
 * place up, so a walk in progress lawfully passes over one of them.
 */
import { test } from '@playwright/test';
import type { Target } from '../../src/config/target';
import { operation } from '../../contract/catalogue';
import type { ApiClient } from '../../src/http/client';
import type { Cleanup } from '../../src/runner/cleanup';
import { compareInstants } from './rm-doc';
import { candidateBody } from './rm-bodies';
import { expectSetup, instantText, shownInstant, type ShownInstant } from '../../src/checks';
import { recordObservation } from './test-record';
import { createCandidateRecord, getCandidate, type CreatedCandidate } from './rm-records';
import { walkNumeric } from './rm-walk';
import { caughtUp, waited } from './rm-eventually';

/**
 * The updated_at instant of candidate `id`, a test's time reference (000 §2 Candidate "created_at,
 * updated_at | DateTime"), read as D75 says: utc, else epoch, else an offset-bearing local. A target
 * may show none (schemas/DECISIONS.md D1: values may be null; a record never updated may have none):
 * then the candidate is updated once, with the first name it has (000 §4 PATCH: "no attribute is
 * required"), and read again. A candidate that still shows none cannot serve as a reference: that is
 * recorded as an observation (why), and the test is skipped with that reason.
 */
export async function updatedInstantOf(rm: ApiClient, id: string): Promise<ShownInstant> {
  const first = (await getCandidate(rm, id)).resource;
  const shown = shownInstant(first.attributes.updated_at);
  if (shown !== null) return shown;
  const name =
    typeof first.attributes.first_name === 'string' && first.attributes.first_name !== '' ? first.attributes.first_name : 'Conformance';
  const write = await rm.call('rm.candidates.update', { params: { candidateId: id }, body: candidateBody({ first_name: name }) });
  expectSetup(write, 'rm.op.candidates.update', 'updated once to get an updated_at');
  const again = shownInstant((await getCandidate(rm, id)).resource.attributes.updated_at);
  if (again !== null) {
    recordObservation('other', 'candidate updated_at', 'null until the candidate is first updated (D1: values may be null)');
    return again;
  }
  const why = `candidate ${id} shows its updated_at no way (no utc, epoch or local with an offset), also after an update (D1, D75): no updated_at reference`;
  recordObservation('other', 'candidate updated_at', why);
  test.skip(true, why);
  throw new Error(why);
}

/** The updated_at of candidate `id` as an RFC 3339 instant to send as a bound (updatedInstantOf). */
export async function updatedAtOf(rm: ApiClient, id: string): Promise<string> {
  return instantText(await updatedInstantOf(rm, id));
}

export interface CandidateWindow {
  /** Our own candidates, all inside the window. */
  mine: CreatedCandidate[];
  from: string;
  until: string;
  /** The filter query of the window. */
  query: Record<string, string>;
}

/** Creates `count` run-tagged candidates and a fence after them; see the file comment. */
export async function candidateWindow(
  rm: ApiClient,
  target: Target,
  cleanup: Cleanup,
  purpose: string,
  count: number,
): Promise<CandidateWindow> {
  const mine: CreatedCandidate[] = [];
  for (let n = 0; n < count; n += 1) mine.push(await createCandidateRecord(rm, target, cleanup, `${purpose}${n}`));
  const stamps = await Promise.all(mine.map((c) => updatedAtOf(rm, c.id)));
  const from = stamps.reduce((a, b) => ((compareInstants(a, b) ?? 0) <= 0 ? a : b));
  const last = stamps.reduce((a, b) => ((compareInstants(a, b) ?? 0) >= 0 ? a : b));
  let until = await fence(rm, target, cleanup, purpose);
  // A target whose timestamps have coarse precision may stamp the fence like our last record.
  for (let tries = 0; tries < 3 && (compareInstants(last, until) ?? 1) >= 0; tries += 1) {
    // First wait for the next second of the local clock, then whole seconds (clocks may differ).
    await new Promise((resolve) => setTimeout(resolve, tries === 0 ? 1030 - (Date.now() % 1000) : 1100));
    until = await fence(rm, target, cleanup, purpose);
  }
  // No sentence says how updated_at moves; a target whose later records are not stamped later gives no window.
  test.skip(
    (compareInstants(last, until) ?? 1) >= 0,
    `a candidate created after others has updated_at ${until}, not after ${last}: no stable window`,
  );
  const window = { mine, from, until, query: { 'filter[updated_at][gte]': from, 'filter[updated_at][lt]': until } };
  await listedSoon(rm, window);
  return window;
}

/**
 * Waits, bounded, until a walk over the window lists our candidates (D78: a list served from a search
 * index shows a new record a little later; nothing in 000 promises it at once). Only when the first
 * walk does not show them all; the walks and gap checks that follow judge what is then listed.
 */
async function listedSoon(rm: ApiClient, window: CandidateWindow): Promise<void> {
  const op = operation('rm.candidates.list');
  const ours = async (): Promise<boolean> => missingFrom(window, (await walkNumeric(rm, op, window.query, 100, 10)).ids).length === 0;
  if (await ours()) return;
  const wait = await caughtUp(ours);
  const how = wait.ok ? `listed after ${(wait.ms / 1000).toFixed(1)} s (${wait.reads + 1} reads)` : `not all listed: ${waited(wait)}`;
  recordObservation('other', 'GET /candidates: new candidates of a window', how);
}

/** The ids of our own candidates of the window that a walk over it (`ids`) did not show. */
export function missingFrom(window: CandidateWindow, ids: readonly string[]): string[] {
  return window.mine.filter((c) => !ids.includes(c.id)).map((c) => c.id);
}

/** Walks of a window a gap is looked for in before it fails: the first and two more. */
const WALKS_BEFORE_A_GAP = 3;

/**
 * Our candidates of the window that `first` and the walks after it (`again`, up to
 * WALKS_BEFORE_A_GAP in all) never showed: a record leaving the window during a walk moves later ones
 * a place up, past the walk (see the file comment); a gap a fresh walk does not show is not one.
 * Returns them with the last walk, the one whose pages show the gap.
 */
export async function stillMissing<W extends { ids: string[] }>(
  window: CandidateWindow,
  first: W,
  again: () => Promise<W>,
): Promise<{ missing: string[]; walk: W }> {
  let walk = first;
  let missing = missingFrom(window, walk.ids);
  for (let walks = 1; missing.length > 0 && walks < WALKS_BEFORE_A_GAP; walks += 1) {
    walk = await again();
    missing = missingFrom(window, walk.ids);
  }
  return { missing, walk };
}

/** Creates a candidate and returns its updated_at: every record written later is at or after it. */
export async function fence(rm: ApiClient, target: Target, cleanup: Cleanup, purpose: string): Promise<string> {
  const created = await createCandidateRecord(rm, target, cleanup, `${purpose}-fence`);
  return updatedAtOf(rm, created.id);
}

/** Pages a walk over the window may take at most (beyond what it holds when the walk starts). */
const SPARE_PAGES = 5;
/** Pages a walk is planned to take at most: past that, a larger per_page. */
const PLANNED_PAGES = 30;

export interface WindowWalk {
  /** Records in the window when the walk starts (read at per_page 100), or null when that read did not end. */
  size: number | null;
  perPage: number;
  maxPages: number;
}

/**
 * The per_page and page bound of a walk over the window: `perPage` unless the window now holds more
 * than PLANNED_PAGES pages of it, then a per_page that fits; `fallbackPages` when its size cannot be read.
 */
export async function windowWalk(rm: ApiClient, window: CandidateWindow, perPage: number, fallbackPages: number): Promise<WindowWalk> {
  const read = await walkNumeric(rm, operation('rm.candidates.list'), window.query, 100, 10);
  if (!read.complete) return { size: null, perPage, maxPages: fallbackPages };
  const size = read.ids.length;
  const per = Math.max(perPage, Math.ceil(size / PLANNED_PAGES));
  return { size, perPage: per, maxPages: Math.ceil(size / per) + SPARE_PAGES };
}
