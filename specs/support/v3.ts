/**
 * v3 helpers shared by the HR core and Learning specs (001): run-tagged external ids and titles,
 * the outcomes a sentence of 001 requires (each named by its clause id), and observations of what
 * the document leaves open.
 *
 * What 001 leaves open, and these helpers therefore never require: the exact success status and
 * the body of an HR core write (001 §4 Gaps), the exact refusal status, the error body's format and
 * media type (001 §7.4 "HTTP status codes per operation and error body format: not shown").
 */
import type { Target } from '../../src/config/target';
import type { Exchange } from '../../src/http/exchange';
import { expectNoServerError, expectSomeMessage, expectStatus, type CheckName, type ClauseOf } from '../../src/checks';
import { bodyShape, type ObservationCategory } from '../../src/reporting/observations';

/** The `observe` fixture. */
export type Observe = (category: ObservationCategory, subject: string, value: string) => void;

/** A clause a validation message may be required by (001 §4 Shared write rules 4, §7.1). */
export type MessageClause = ClauseOf<'validation-message'>;

let counter = 0;

/** An externalId that carries the run id, unique within the run. */
export function runExternalId(target: Target, kind: string): string {
  counter += 1;
  return `${target.run.runId}-${kind}-${process.pid}-${counter}`;
}

/** A human-readable name or title that carries the run id ("Conformance <runId> ..."). */
export function runTitle(target: Target, what: string): string {
  return `Conformance ${target.run.runId} ${what}`;
}

/** The status of an exchange, for observations ("no response" when there is none). */
export function statusOf(exchange: Exchange): string {
  return exchange.response ? String(exchange.response.status) : 'no response';
}

/** The status for an observation of what the target did with a request 001 does not rule ("201 (accepted)", "400"). */
export function outcomeOf(exchange: Exchange): string {
  return is2xx(exchange) ? `${statusOf(exchange)} (accepted)` : statusOf(exchange);
}

export function is2xx(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 200 && status < 300;
}

export function is4xx(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 400 && status < 500;
}

/** Every v3 clause may be cited by 'no-server-error' (it cites every clause of both documents). */
const anyClause = <N extends CheckName>(clause: ClauseOf<N>): ClauseOf<'no-server-error'> => clause as ClauseOf<'no-server-error'>;

/**
 * A refusal the clause requires: no 5xx, then any 4xx named `check` (the exact 4xx is not shown,
 * 001 §7.4). The body is not looked at.
 */
export function expectRefusal<N extends CheckName>(exchange: Exchange, check: N, clause: ClauseOf<N>, why?: string): void {
  expectNoServerError(exchange, anyClause<N>(clause));
  expectStatus<N>(exchange, '4xx', { check, clause, ...(why ? { why } : {}) });
}

/**
 * A refusal that must carry a validation message (001 §4 Shared write rules 4: "A missing required
 * field yields a validation message in the response"; 001 §7.1). The message's text and the body's
 * shape are not shown: any non-empty body is a message.
 */
export function expectRefusalWithMessage<N extends CheckName>(
  exchange: Exchange,
  check: N,
  clause: ClauseOf<N>,
  messageClause: MessageClause,
  why?: string,
): void {
  expectRefusal(exchange, check, clause, why);
  expectSomeMessage(exchange, messageClause);
}

/** A success whose exact status and body are not shown (001 §4 Gaps): no 5xx, any 2xx, any body. */
export function expectAccepted<N extends CheckName>(exchange: Exchange, check: N, clause: ClauseOf<N>, why?: string): void {
  expectNoServerError(exchange, anyClause<N>(clause));
  expectStatus<N>(exchange, '2xx', { check, clause, ...(why ? { why } : {}) });
}

/**
 * A request refused for its credentials: 401, or 403 (RFC 6750 §3.1: invalid_token 401,
 * insufficient_scope 403; the standard the clause's sentence names). Which one is observed.
 */
export function expectCredentialsRefused<N extends 'auth-enforced' | 'scope'>(
  exchange: Exchange,
  check: N,
  clause: ClauseOf<N>,
  why?: string,
): void {
  expectNoServerError(exchange, anyClause<N>(clause));
  expectStatus<N>(exchange, [401, 403], { check, clause, ...(why ? { why } : {}) });
}

/**
 * Records the status under `subject` (per operation and intent), and for a refusal the error body's
 * shape and media type per API and status (001 §7.4: not shown), so the report shows the error
 * format of each status once with a count.
 */
export function observeOutcome(observe: Observe, subject: string, exchange: Exchange): void {
  observe('status', subject, statusOf(exchange));
  const status = exchange.response?.status ?? 0;
  if (status >= 400) {
    observe('error-body', `${exchange.api} ${status}`, bodyShape(exchange.response?.text ?? ''));
    observe('content-type', `${exchange.api} ${status}`, exchange.response?.headers['content-type'] ?? '(none)');
  }
}
