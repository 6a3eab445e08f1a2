/** no-server-error: a 5xx is never one of the statuses a row documents for a request. */
import { describe, type Exchange } from '../../http/exchange';
import { CheckError } from '../check-error';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { expectResponse } from './transport';

const noServerError = defineCheck({
  name: 'no-server-error',
  summary: 'a request the document says succeeds or is refused gets no 5xx',
  cites: ['rm.', 'hr.', 'learning.', 'v3.'],
});
export default noServerError;

export function expectNoServerError(exchange: Exchange, clause: CitedBy<typeof noServerError>): void {
  expectResponse(exchange, clause);
  if (exchange.response.status >= 500) {
    throw new CheckError(noServerError.name, clause, `${describe(exchange)}: a server error; body: ${bodyExcerpt(exchange)}`);
  }
}
