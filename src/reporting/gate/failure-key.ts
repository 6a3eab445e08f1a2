/**
 * The key of a failure: (check, operation, status cell, test). Two runs' failures with the same key
 * are the same deviation; the baseline and the diff compare failures by it, never by message (a
 * message carries generated values that change from run to run). The test is named by the runner's
 * own id where the failure carries one; a failure written before tests had ids (an old baseline) is
 * matched by its title once, through the title -> id map of the run it is compared with.
 */
import type { GateFailure } from './types';

type Keyed = Pick<GateFailure, 'check' | 'operationId' | 'status' | 'test' | 'testId'>;

/** A run's tests by title: the id each has (conformance.json tests[].test -> tests[].id). */
export type TestIds = ReadonlyMap<string, string>;

export function testIdsOf(tests: readonly { test: string; id?: string }[]): TestIds {
  return new Map(tests.flatMap((t) => (t.id ? [[t.test, t.id] as const] : [])));
}

/** The test of a failure as a key: its id, else the id its title has in `ids`, else the title. */
export function testKeyOf(f: Pick<GateFailure, 'test' | 'testId'>, ids?: TestIds): string {
  return f.testId ?? ids?.get(f.test) ?? f.test;
}

export interface FailureKey {
  check: string;
  operationId: string | null;
  status: string | null;
  test: string;
}

export function failureKey(f: Keyed): FailureKey {
  return { check: f.check, operationId: f.operationId ?? null, status: f.status ?? null, test: f.test };
}

/** The key as one string, for sets and maps (unambiguous whatever the title holds); `ids` names old failures' tests by id. */
export function keyString(f: Keyed, ids?: TestIds): string {
  return JSON.stringify([f.check, f.operationId ?? null, f.status ?? null, testKeyOf(f, ids)]);
}

/** The key for people: "[check] operation status: test". */
export function describeKey(f: Keyed): string {
  const where = [f.operationId ?? '(no operation)', f.status ?? ''].filter(Boolean).join(' ');
  return `[${f.check}] ${where}: ${f.test}`;
}

/** The failures of `list` without repeated keys, first occurrence kept, in order. */
export function uniqueByKey<T extends Keyed>(list: readonly T[], ids?: TestIds): T[] {
  const seen = new Set<string>();
  return list.filter((f) => {
    const k = keyString(f, ids);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
