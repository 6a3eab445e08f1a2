/** not-found: an addressed record that does not exist answers 404 (000 §7). */
import type { Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import type { Outcome } from '../judge';
import { enforceAnswer, operationOf, rowClause, statusOutcome, type Answered } from './status';

const notFound = defineCheck({
  name: 'not-found',
  summary: 'an addressed record that does not exist answers 404',
  cites: ['rm.error.404', 'rm.op.'],
});
export default notFound;

/** The predicate: the request addressed a record that does not exist (`what`), and the answer is 404. */
export function notFoundOutcome(exchange: Answered, what = 'the addressed record does not exist'): Outcome {
  return statusOutcome(exchange, 404, what);
}

/**
 * The exchange addressed a record that does not exist (`what` says which): no 5xx, then 404. The
 * clause: the row of the exchange's operation that documents its 404, else 000 §7 (rm.error.404).
 */
export function expectNotFound(exchange: Exchange, what?: string): void {
  const documented = operationOf(exchange).responses.some((r) => r.status === '404');
  const clause: CitedBy<typeof notFound> = documented ? rowClause(notFound, exchange, '404') : 'rm.error.404';
  enforceAnswer(notFound, clause, exchange, 404, (e) => notFoundOutcome(e, what));
}
