// fast-check's filter loops forever when nothing passes; check on a fixed-seed sample first so an
// unsatisfiable schema (or a construct we merge badly) fails loudly instead of hanging.
import fc from 'fast-check';

const SAMPLE = 60;

/** The schema (or a branch of it) admits no value we can find. */
export class UnsatisfiableError extends Error {}

export function sometimes<T>(arb: fc.Arbitrary<T>, pred: (v: T) => boolean): boolean {
  // Short samples first: most predicates pass at once, many within a few values, and sampling a
  // nested arbitrary is not free (an else branch of a Learning body sampled 60 times, per rule).
  // The last sample is the one that always decided, so no branch that passed before is dropped now.
  return (
    fc.sample(arb, { seed: 7, numRuns: 1 }).some(pred) ||
    fc.sample(arb, { seed: 9, numRuns: 4 }).some(pred) ||
    fc.sample(arb, { seed: 8, numRuns: SAMPLE }).some(pred)
  );
}

export function guardedFilter<T>(arb: fc.Arbitrary<T>, pred: (v: T) => boolean, what: string): fc.Arbitrary<T> {
  if (!sometimes(arb, pred)) throw new UnsatisfiableError(`cannot generate values for ${what}: none of ${SAMPLE} candidates passed`);
  return arb.filter(pred);
}
