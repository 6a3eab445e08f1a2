/**
 * The key of a failure: (check, operation, status cell, test). Two runs' failures with the same key
 * are the same deviation; the baseline and the diff compare failures by it, never by message (a
 * message carries generated values that change from run to run).
 */
import type { GateFailure } from './types';

export interface FailureKey {
  check: string;
  operationId: string | null;
  status: string | null;
  test: string;
}

export function failureKey(f: Pick<GateFailure, 'check' | 'operationId' | 'status' | 'test'>): FailureKey {
  return { check: f.check, operationId: f.operationId ?? null, status: f.status ?? null, test: f.test };
}

/** The key as one string, for sets and maps (unambiguous whatever the title holds). */
export function keyString(f: Pick<GateFailure, 'check' | 'operationId' | 'status' | 'test'>): string {
  return JSON.stringify([f.check, f.operationId ?? null, f.status ?? null, f.test]);
}

/** The key for people: "[check] operation status: test". */
export function describeKey(f: Pick<GateFailure, 'check' | 'operationId' | 'status' | 'test'>): string {
  const where = [f.operationId ?? '(no operation)', f.status ?? ''].filter(Boolean).join(' ');
  return `[${f.check}] ${where}: ${f.test}`;
}

/** The failures of `list` without repeated keys, first occurrence kept, in order. */
export function uniqueByKey<T extends Pick<GateFailure, 'check' | 'operationId' | 'status' | 'test'>>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((f) => {
    const k = keyString(f);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
