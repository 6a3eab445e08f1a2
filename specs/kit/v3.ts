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
import { expectNoServerError, expectRefused, expectSomeMessage, expectStatus, refusalOf, type ClauseOf } from '../../src/checks';
import { bodyShape, type ObservationCategory } from '../../src/reporting/observations';

/** The `observe` fixture. */
export type Observe = (category: ObservationCategory, subject: string, value: string, operationId?: string | null) => void;

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

/** The status for an observation of what the target did with a request 001 does not rule ("201 (accepted)", "200 (refused)", "400"). */
export function outcomeOf(exchange: Exchange): string {
  if (isAccepted(exchange)) return `${statusOf(exchange)} (accepted)`;
  return refusalOf(exchange) === null ? statusOf(exchange) : `${statusOf(exchange)} (refused in the body)`;
}

export function is2xx(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 200 && status < 300;
}

export function is4xx(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 400 && status < 500;
}

/**
 * The target took the write: a 2xx whose body does not refuse. 001 §7.1 lets a refusal come in the
 * response without an HTTP error status ("generic HTTP status errors may also occur"): a 2xx whose
 * body plainly refuses (`{"success": false, ...}`, src/checks/refusal.ts) is no acceptance.
 */
export function isAccepted(exchange: Exchange): boolean {
  return is2xx(exchange) && refusalOf(exchange) === null;
}

/** The target refused the request: a 4xx, or a 2xx whose body plainly refuses (see isAccepted). */
export function isRefused(exchange: Exchange): boolean {
  return is4xx(exchange) || refusalOf(exchange) !== null;
}

/**
 * A refusal for invalid input that must carry a validation message (001 §4 Shared write rules 4: "A
 * missing required field yields a validation message in the response"; 001 §7.1): no 5xx, any 4xx
 * or a 2xx whose body plainly refuses ('validation': the status is not shown, 001 §7.4), then a
 * validation message about `fields`, the fields the request left out or broke (D68: the body names
 * one, carries a 001 §7.2 message or states the rule broken; the body's shape is not shown).
 */
export function expectRefusalWithMessage(
  exchange: Exchange,
  clause: ClauseOf<'validation'>,
  messageClause: MessageClause,
  fields: readonly string[],
  why?: string,
): void {
  expectRefused(exchange, clause, why);
  expectSomeMessage(exchange, messageClause, fields);
}

/** A success whose exact status and body are not shown (001 §4 Gaps): no 5xx, any 2xx ('status'), any body. */
export function expectAccepted(exchange: Exchange, clause: ClauseOf<'status'>, why?: string): void {
  expectNoServerError(exchange, clause);
  expectStatus(exchange, '2xx', { clause, ...(why ? { why } : {}) });
}

/**
 * Records the status under `subject` (per operation and intent), and for a refusal the error body's
 * shape and media type per API and status (001 §7.4: not shown), so the report shows the error
 * format of each status once with a count.
 */
export function observeOutcome(observe: Observe, subject: string, exchange: Exchange): void {
  const refusedInBody = refusalOf(exchange) !== null;
  observe('status', subject, refusedInBody ? `${statusOf(exchange)} (refused in the body)` : statusOf(exchange), exchange.operationId);
  const status = exchange.response?.status ?? 0;
  if (status >= 400 || refusedInBody) {
    observe('error-body', `${exchange.api} ${status}`, bodyShape(exchange.response?.text ?? ''), exchange.operationId);
    observe('content-type', `${exchange.api} ${status}`, exchange.response?.headers['content-type'] ?? '(none)', exchange.operationId);
  }
}
