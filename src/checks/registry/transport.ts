/** transport: the target answered at all. A time-out or reset proves nothing else, so it is named apart. */
import type { Exchange } from '../../http/exchange';
import { CONFORMS, enforce, nonConforming, type EnforceOptions, type Outcome } from '../judge';
import { defineCheck, type CitedBy } from '../define';

const transport = defineCheck({
  name: 'transport',
  summary: 'the target answered the request (no time-out, reset or refused connection)',
  cites: ['rm.', 'hr.', 'learning.', 'v3.'],
});
export default transport;

/** What happened instead of an answer (a time-out, a reset), or null when the exchange has one. */
export function missingAnswer(exchange: Exchange): string | null {
  return exchange.response ? null : `${exchange.request.method} ${exchange.request.url} got no response: ${exchange.error ?? 'unknown'}`;
}

/** The predicate: the target answered the request. */
export function answerOutcome(exchange: Exchange): Outcome {
  const missing = missingAnswer(exchange);
  return missing === null ? CONFORMS : nonConforming(missing);
}

/**
 * The target answered; a missing answer is always 'transport', whatever the caller checks next.
 * Only a failure is recorded: every other verdict on the exchange says it was answered.
 */
export function expectResponse(
  exchange: Exchange,
  clause: CitedBy<typeof transport>,
  options: EnforceOptions = {},
): asserts exchange is Exchange & { response: NonNullable<Exchange['response']> } {
  const outcome = answerOutcome(exchange);
  if (!outcome.ok) enforce(transport, clause, exchange, outcome, options);
}
