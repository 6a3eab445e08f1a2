/**
 * Names the suite gives RM records: every record it creates carries the run id (README: safe
 * against real environments) and is unique within the run, so that it can be found again when an
 * answer does not show it (000 §4 rule 3); and ids no record has, for the 404 cases. A candidate is
 * a person as people have them (src/generators/realistic.ts): the run id and the uniqueness are in
 * the e-mail's +tag, never in a name.
 */
import { randomUUID } from 'node:crypto';
import type { Target } from '../../src/config/target';
import { personalEmail, type Person } from '../../src/generators/realistic';
import { nextPerson } from './people';

let counter = 0;

function next(): number {
  counter += 1;
  return counter;
}

/**
 * An address as `who` types it (`Jose.Garcia+<run id>-<purpose>-<pid>-<n>@example.com`, at most 64
 * octets before the @): the run id in the +tag, unique within the run.
 */
export function runEmail(target: Target, purpose: string, who: Person = nextPerson()): string {
  const tag = `${target.run.runId}-${purpose.replace(/[^A-Za-z0-9.-]/g, '-')}-${process.pid}-${next()}`;
  return personalEmail(who, tag);
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
