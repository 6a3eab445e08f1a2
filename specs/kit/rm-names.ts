/**
 * Names the suite gives RM records: every record it creates carries the run id (README: safe
 * against real environments) and is unique within the run, so that it can be found again when an
 * answer does not show it (000 §4 rule 3); and ids no record has, for the 404 cases.
 */
import { randomUUID } from 'node:crypto';
import type { Target } from '../../src/config/target';

let counter = 0;

function next(): number {
  counter += 1;
  return counter;
}

/** An e-mail address that carries the run id in its local part, unique within the run. */
export function runEmail(target: Target, purpose: string): string {
  return `conformance+${target.run.runId}-${purpose}-${process.pid}-${next()}@example.com`;
}

/** A tag name that carries the run id (clean-up finds it by its prefix). */
export function runTag(target: Target, purpose: string): string {
  return `conformance-${target.run.runId}-${purpose}-${process.pid}-${next()}`;
}

/** A name unique within the run (schools, companies), to find a record the answer did not show. */
export function runName(prefix: string): string {
  return `${prefix} ${process.pid}-${next()}`;
}

/** An id that no record has: a fresh UUID (000 §4: path parameters are strings; some ids are UUIDs). */
export function unknownId(): string {
  return randomUUID();
}
