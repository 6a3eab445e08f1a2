/**
 * A stable window of candidates for pagination and filter checks on a shared, changing target, and
 * the updated_at references it is built from.
 *
 * Other tests (and other people, on a remote target) create and update candidates while a walk
 * runs; new records may shift pages. The window `updated_at >= from and < until`, where `from` is
 * the updated_at of the first of our own new candidates and `until` that of a later "fence"
 * candidate, cannot grow afterwards: a record created or updated later has updated_at >= until
 * (000 §4 Filters: lt is strictly before). It can only shrink, when one of its records is updated.
 */
import { test } from '@playwright/test';
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import type { Cleanup } from '../../src/runner/cleanup';
import { compareInstants, utcOf, type Resource } from './rm-doc';
import { createCandidateRecord, getCandidate, type CreatedCandidate } from './rm-records';

/**
 * The updated_at utc of a candidate a test needs as a time reference (000 §2 Candidate
 * "created_at, updated_at | DateTime"). A target that shows none (schemas/DECISIONS.md D1: values
 * may be null) cannot be checked this way: the test is skipped.
 */
export function updatedAt(resource: Resource): string {
  const utc = utcOf(resource, 'updated_at');
  if (utc === null) test.skip(true, `candidate ${resource.id} shows no attributes.updated_at.utc: no updated_at reference`);
  return utc ?? '';
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
  const stamps = await Promise.all(mine.map(async (c) => updatedAt((await getCandidate(rm, c.id)).resource)));
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
  return { mine, from, until, query: { 'filter[updated_at][gte]': from, 'filter[updated_at][lt]': until } };
}

/** The ids of our own candidates of the window that a walk over it (`ids`) did not show. */
export function missingFrom(window: CandidateWindow, ids: readonly string[]): string[] {
  return window.mine.filter((c) => !ids.includes(c.id)).map((c) => c.id);
}

/** Creates a candidate and returns its updated_at: every record written later is at or after it. */
export async function fence(rm: ApiClient, target: Target, cleanup: Cleanup, purpose: string): Promise<string> {
  const created = await createCandidateRecord(rm, target, cleanup, `${purpose}-fence`);
  return updatedAt((await getCandidate(rm, created.id)).resource);
}
