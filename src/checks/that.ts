/**
 * A named assertion about what one or several exchanges show together (pagination, filters, state):
 * the check's name and the clause that requires it travel with the failure.
 */
import { CheckError } from './check-error';
import type { CheckName, ClauseOf } from './registry';

export function expectThat<N extends CheckName>(condition: boolean, check: N, detail: string, clause: ClauseOf<N>): asserts condition {
  if (!condition) throw new CheckError(check, clause, detail);
}
