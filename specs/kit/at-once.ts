/**
 * Steps of one test that do not depend on each other, run at once: against a far target their round
 * trips overlap instead of adding up (walks at several page sizes, records added to one candidate).
 * Every step runs to its end; the failure reported is the first in the steps' order (or the one
 * `reported` picks), its verdict recorded last, so the test's failure, its clause and its exchange
 * are that step's.
 */
import { CheckError } from '../../src/checks/check-error';
import { refail } from '../../src/checks/judge';

export async function atOnce<T>(
  steps: readonly (() => Promise<T>)[],
  /** Which of the failed steps (their indexes, in order) is the one reported; the first by default. */
  reported: (failed: readonly number[]) => number | undefined = (failed) => failed[0],
): Promise<T[]> {
  const settled = await Promise.allSettled(steps.map(async (step) => step()));
  const failed = settled.flatMap((s, i) => (s.status === 'rejected' ? [i] : []));
  if (failed.length > 0) {
    const chosen = settled[reported(failed) ?? failed[0] ?? 0];
    const reason: unknown = chosen?.status === 'rejected' ? chosen.reason : undefined;
    if (reason instanceof CheckError) refail(reason.verdict, reason.verdict.detail);
    throw reason;
  }
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
