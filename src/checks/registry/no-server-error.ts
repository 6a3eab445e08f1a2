/** no-server-error: a 5xx is never one of the statuses a row documents for a request. */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { expectResponse } from './transport';

const noServerError = defineCheck({
  name: 'no-server-error',
  summary: 'a request the document says succeeds or is refused gets no 5xx',
  cites: ['rm.', 'hr.', 'learning.', 'v3.'],
});
export default noServerError;

/** The predicate: an answered exchange is not a 5xx. */
export function serverErrorOutcome(exchange: Exchange & { response: NonNullable<Exchange['response']> }): Outcome {
  return exchange.response.status >= 500
    ? nonConforming(`${describe(exchange)}: a server error; body: ${bodyExcerpt(exchange)}`)
    : CONFORMS;
}

export function expectNoServerError(exchange: Exchange, clause: CitedBy<typeof noServerError>): void {
  expectResponse(exchange, clause);
  enforce(noServerError, clause, exchange, serverErrorOutcome(exchange));
}
