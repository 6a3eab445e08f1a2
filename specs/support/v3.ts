/**
 * v3 helpers shared by the HR core and Learning specs (001): run-tagged external ids and titles,
 * refusal checks that never require an error body shape (001 §7.4: not shown), and observations
 * of what the document leaves open.
 */
import type { Target } from '../../src/config/target';
import { describe, jsonBody, type Exchange } from '../../src/http/exchange';
import { CheckError, expectJsonContentType, expectNoServerError, expectStatus, type CheckName } from '../../src/checks';
import { bodyShape, type ObservationCategory } from '../../src/reporting/observations';

/** The `observe` fixture. */
export type Observe = (category: ObservationCategory, subject: string, value: string) => void;

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

export function is2xx(exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0;
  return status >= 200 && status < 300;
}

/**
 * A refusal: no 5xx, then a 4xx named `check` (the exact 4xx is not documented for v3, 001 §7.4).
 */
export function expectRefusal(exchange: Exchange, check: CheckName, seed: string, why?: string): void {
  expectNoServerError(exchange, { seed });
  expectStatus(exchange, '4xx', { check, seed, ...(why ? { why } : {}) });
}

/**
 * A success where the exact status is not shown (001 §4 Gaps): no 5xx, any 2xx (named `check`),
 * and a body, if any, declared as JSON (001 §4: all bodies are JSON).
 */
export function expectAccepted(exchange: Exchange, seed: string, why?: string, check: CheckName = 'status'): void {
  expectNoServerError(exchange, { seed });
  expectStatus(exchange, '2xx', { check, seed, ...(why ? { why } : {}) });
  expectJsonContentType(exchange, { seed: '001 §4' });
}

/** Every string value of a JSON document (keys excluded). */
function stringValues(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringValues(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringValues(item, out);
  return out;
}

/**
 * The body carries some message (001 §7.1 "failed validation returns a validation message in the
 * response"; 001 §4 Shared write rules 4). Its shape and text are not documented: a JSON body needs
 * a string value with a letter in it, any other body some text with a letter in it.
 */
export function hasSomeMessage(exchange: Exchange): boolean {
  const text = exchange.response?.text ?? '';
  const parsed = jsonBody(exchange);
  const texts = parsed === undefined ? [text] : stringValues(parsed);
  return texts.some((t) => /\p{L}/u.test(t));
}

/** A 4xx refusal (check `check`) whose body carries a validation message ('validation-message'). */
export function expectRefusalWithMessage(exchange: Exchange, check: CheckName, seed: string, why?: string): void {
  expectRefusal(exchange, check, seed, why);
  if (!hasSomeMessage(exchange)) {
    throw new CheckError('validation-message', `${describe(exchange)}: refused without a validation message in the body; body: ${(exchange.response?.text ?? '').slice(0, 300) || '(empty)'}`, seed);
  }
}

/**
 * Records the status under `subject` (per operation and intent), and for a refusal the error body's
 * shape and content type per API and status (001 §7.4: not shown), so the report shows the error
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
