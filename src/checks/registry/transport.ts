/** transport: the target answered at all. A time-out or reset proves nothing else, so it is named apart. */
import type { Exchange } from '../../http/exchange';
import { CheckError } from '../check-error';
import { defineCheck, type CitedBy } from '../define';

const transport = defineCheck({
  name: 'transport',
  summary: 'the target answered the request (no time-out, reset or refused connection)',
  cites: ['rm.', 'hr.', 'learning.', 'v3.'],
});
export default transport;

/** The target answered; a missing answer is always 'transport', whatever the caller checks next. */
export function expectResponse(
  exchange: Exchange,
  clause: CitedBy<typeof transport>,
): asserts exchange is Exchange & { response: NonNullable<Exchange['response']> } {
  if (!exchange.response) {
    throw new CheckError(
      transport.name,
      clause,
      `${exchange.request.method} ${exchange.request.url} got no response: ${exchange.error ?? 'unknown'}`,
    );
  }
}
