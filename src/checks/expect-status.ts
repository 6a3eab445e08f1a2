/**
 * expectStatus: the status judgement of the 'status' check (or of the check named, for callers
 * outside the specs; the specs call each check's own wrapper). Kept apart from the status check's
 * file, which the registry imports, so the registry can be read here without a cycle.
 */
import type { Exchange } from '../http/exchange';
import { CHECKS, type CheckName, type ClauseOf } from './registry';
import { enforceStatus, expectAnswerStatus, type ExpectedStatus } from './registry/status';

export interface StatusOptions<N extends CheckName> {
  clause: ClauseOf<N>;
  /** The check the status proves (default 'status'). */
  check?: N;
  /** Words that say why this outcome is expected. */
  why?: string;
}

export function expectStatus<N extends CheckName = 'status'>(exchange: Exchange, expected: ExpectedStatus, opts: StatusOptions<N>): void {
  // A 5xx where another status was expected is named for what it is, unless the caller named the check.
  if (!opts.check) expectAnswerStatus(exchange, expected, opts.clause as never, opts.why);
  else enforceStatus(CHECKS[opts.check], opts.clause as never, exchange, expected, opts.why === undefined ? {} : { why: opts.why });
}
