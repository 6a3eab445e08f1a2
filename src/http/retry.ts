/**
 * When the client sends a request again, and what an attempt that cannot be sent again means
 * (schemas/DECISIONS.md D60-D62). Pure: a function of one attempt's outcome and of what the request
 * already spent.
 *
 * - 429 Too Many Requests (RFC 6585 §4) or 503 Service Unavailable with `Retry-After` (RFC 9110
 *   §10.2.3): the target did not process the request. Whatever the method, it is sent again after
 *   the wait it asked for; a 429 without Retry-After after a back-off of the suite's own (0.5 s,
 *   doubled per try, at most 8 s). When the request's tries or its wait budget run out, or the
 *   target asks for a longer wait than the budget, the last answer is `unjudged`: no verdict may rest on it.
 * - A reset (or close) before any answer on a kept-alive connection the client reused: the client's
 *   race with an idle time-out (RFC 9112 §9.3.1), not the target's answer. The request is sent again
 *   on a fresh connection; when it had been written and its method is not safe (RFC 9110 §9.2.1),
 *   the first may have taken effect, so the answer to the second is `ambiguous`: a failure resting
 *   on it is not judged. A reset on a fresh connection is the target's (the transport check).
 */
import type { RecordedResponse } from './exchange';

export const RETRY_LIMITS = {
  /** Attempts of one request, the first included. */
  attempts: 6,
  /** The longest the client waits in all for one request (Retry-After and back-off together). */
  waitBudgetMs: 20_000,
  /** The back-off after a 429 without Retry-After: this, doubled per 429, at most `backoffMaxMs`. */
  backoffFirstMs: 500,
  backoffMaxMs: 8_000,
} as const;

export type RetryLimits = { readonly [K in keyof typeof RETRY_LIMITS]: number };

/** The transport error of a connection reset or closed by the other side before any answer. */
export const CONNECTION_RESET = 'connection reset by the target';

/** What an attempt lost to a reset of a reused connection says of itself. */
export const RESENT_ON_FRESH = 'the kept-alive connection it went out on was closed before any answer: sent again on a fresh connection';

/** One attempt, as the client saw it. */
export interface AttemptOutcome {
  method: string;
  response: RecordedResponse | null;
  error: string | null;
  /** The connection it went out on (src/http/connection.ts); null when not known. */
  connection: 'fresh' | 'reused' | null;
}

/** What the request spent before this attempt. */
export interface RetryState {
  /** Attempts made, this one included. */
  attempts: number;
  /** ms waited so far (Retry-After and back-off). */
  waitedMs: number;
  /** 429s without Retry-After so far (the back-off doubles with each). */
  backoffs: number;
}

export type NextStep =
  /** Keep this answer. `unjudged`: no verdict may rest on it, and why; `ambiguous`: a failure resting on it is not judged. */
  | { kind: 'keep'; unjudged?: string }
  /** The target asked to wait (429/503): wait `waitMs`, slow the run down, send again. */
  | { kind: 'wait'; waitMs: number; why: string; backoff: boolean }
  /** A reset of a reused connection: send again at once on a fresh connection. */
  | { kind: 'fresh'; why: string };

/** Methods whose request changes nothing on the server (RFC 9110 §9.2.1): sending one twice gives the second the same answer. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafe(method: string): boolean {
  return SAFE.has(method.toUpperCase());
}

/**
 * The wait a Retry-After value asks for in ms (delta-seconds or an HTTP-date, RFC 9110 §10.2.3),
 * or null when there is none or it is neither.
 */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) && /[a-z]/i.test(text) ? Math.max(0, at - now) : null;
}

/** What to do after `attempt`, given what the request spent (`state`, this attempt counted). */
export function nextStep(
  attempt: AttemptOutcome,
  state: RetryState,
  limits: RetryLimits = RETRY_LIMITS,
  now: number = Date.now(),
): NextStep {
  const { response } = attempt;
  const triesLeft = state.attempts < limits.attempts;
  if (response && (response.status === 429 || response.status === 503)) {
    const asked = retryAfterMs(response.headers['retry-after'], now);
    // A 503 without a (valid) Retry-After is an ordinary server error, judged as one.
    if (asked === null && response.status === 503) return { kind: 'keep' };
    const backoff = asked === null;
    const waitMs = backoff ? Math.min(limits.backoffMaxMs, limits.backoffFirstMs * 2 ** state.backoffs) : asked;
    const said = backoff
      ? `${response.status} without Retry-After: backed off ${waitMs} ms (the suite's rule: ${limits.backoffFirstMs} ms, doubled per 429, at most ${limits.backoffMaxMs} ms)`
      : `${response.status} with Retry-After: ${response.headers['retry-after'] ?? ''}: waited ${waitMs} ms`;
    if (waitMs > limits.waitBudgetMs)
      return {
        kind: 'keep',
        unjudged: `the target answered ${response.status} and asked for a wait of ${waitMs} ms, longer than the suite waits for one request (${limits.waitBudgetMs} ms): the request was not processed`,
      };
    if (!triesLeft || state.waitedMs + waitMs > limits.waitBudgetMs)
      return {
        kind: 'keep',
        unjudged: `the target still answered ${response.status} after ${state.attempts} attempts and ${Math.round(state.waitedMs / 1000)} s of waiting (the suite's bound: ${limits.attempts} attempts, ${limits.waitBudgetMs / 1000} s): the request was not processed`,
      };
    return { kind: 'wait', waitMs, why: said, backoff };
  }
  if (!response && attempt.error === CONNECTION_RESET && attempt.connection === 'reused') {
    if (!triesLeft)
      return {
        kind: 'keep',
        unjudged: `a kept-alive connection was closed before any answer and the request's ${limits.attempts} attempts are spent: whether the target or the connection failed is not known`,
      };
    return {
      kind: 'fresh',
      why: 'the kept-alive connection it went out on was closed before any answer: sent again on a fresh connection',
    };
  }
  return { kind: 'keep' };
}

/** Why the answer to a request sent again after a reset may differ from the first's (null: it cannot, the method is safe). */
export function ambiguityOf(method: string): string | null {
  return isSafe(method)
    ? null
    : `a ${method} sent again after a reset of a reused connection: the first may have reached the target and taken effect, so a failure resting on this answer cannot be attributed`;
}
