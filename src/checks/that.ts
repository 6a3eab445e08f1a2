/**
 * A named assertion about what one or several exchanges show together (pagination, filters, state):
 * the check's name and the clause that requires it travel with the verdict. Being replaced by the
 * predicates of each check file (issue: every verdict is evidence).
 */
import type { Exchange } from '../http/exchange';
import { lastExchange } from '../http/last-exchange';
import { CONFORMS, enforce, nonConforming } from './judge';
import { CHECKS, type CheckName, type ClauseOf } from './registry';

export function expectThat<N extends CheckName>(
  condition: boolean,
  check: N,
  detail: string,
  clause: ClauseOf<N>,
  exchanges: Exchange | readonly Exchange[] | null = null,
): asserts condition {
  // Without the exchanges named, the judgement is about the latest exchange of the test.
  enforce(CHECKS[check], clause as never, exchanges ?? lastExchange(), condition ? CONFORMS : nonConforming(detail));
}
