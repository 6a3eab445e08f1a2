/**
 * expectStatus: the status judgement as a verdict, under the name of the check the status proves
 * ('status', or 'auth-enforced' for a 401, 'not-found' for a 404, 'validation' for a refusal...).
 * Kept apart from the status check's file, which the registry imports, so the registry can be
 * read here without a cycle.
 */
import type { Exchange } from '../http/exchange';
import { enforce } from './judge';
import { CHECKS, type CheckName, type ClauseOf } from './registry';
import { expectedCells, statusMatches, statusOutcome, type ExpectedStatus } from './registry/status';
import { expectResponse } from './registry/transport';

export interface StatusOptions<N extends CheckName> {
  clause: ClauseOf<N>;
  /** The check the status proves (default 'status'). */
  check?: N;
  /** Words that say why this outcome is expected. */
  why?: string;
}

export function expectStatus<N extends CheckName = 'status'>(exchange: Exchange, expected: ExpectedStatus, opts: StatusOptions<N>): void {
  const cells = expectedCells(expected);
  expectResponse(exchange, opts.clause as never, { expectedCells: cells });
  const code = exchange.response.status;
  // A 5xx where another status was expected is named for what it is, unless the caller named the check.
  const name: CheckName = code >= 500 && !opts.check && !statusMatches(code, expected) ? 'no-server-error' : (opts.check ?? 'status');
  const matched = statusMatches(code, expected)
    ? cells.filter((c) => statusMatches(code, c === '2xx' || c === '4xx' ? c : Number(c)))
    : cells;
  enforce(CHECKS[name], opts.clause as never, exchange, statusOutcome(exchange, expected, opts.why), {
    expectedCells: matched,
    judgesStatus: true,
  });
}
