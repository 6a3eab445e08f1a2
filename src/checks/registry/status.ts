/**
 * status: the status the document's row or rule gives for this request. Callers may name the check
 * for what the status proves ('auth-enforced' for a 401, 'not-found' for a 404, ...), with a clause
 * that check cites.
 */
import { describe, type Exchange } from '../../http/exchange';
import { CheckError } from '../check-error';
import { defineCheck } from '../define';
import { bodyExcerpt } from '../excerpt';
import type { CheckName, ClauseOf } from './index';
import { expectResponse } from './transport';

const status = defineCheck({
  name: 'status',
  summary: 'the answer carries the status the document gives for this request',
  cites: [
    'rm.op.',
    'rm.state.',
    'rm.rule.',
    'rm.error.',
    'rm.query.',
    'rm.limit.cap',
    'rm.auth.date-header',
    'rm.filter.',
    'rm.include.',
    'hr.op.',
    'hr.rule.',
    'hr.state.',
    'v3.dates',
    'v3.error.validation',
    'learning.op.',
    'learning.state.',
    'learning.rule.',
    'learning.msg.',
  ],
});
export default status;

export type ExpectedStatus = number | readonly number[] | '2xx' | '4xx';

export interface StatusOptions<N extends CheckName> {
  clause: ClauseOf<N>;
  /** The check the status proves (default 'status'). */
  check?: N;
  /** Words that say why this outcome is expected. */
  why?: string;
}

function matches(code: number, expected: ExpectedStatus): boolean {
  if (expected === '2xx') return code >= 200 && code < 300;
  if (expected === '4xx') return code >= 400 && code < 500;
  return typeof expected === 'number' ? code === expected : expected.includes(code);
}

function text(expected: ExpectedStatus): string {
  return typeof expected === 'string' || typeof expected === 'number' ? String(expected) : expected.join(' or ');
}

export function expectStatus<N extends CheckName = 'status'>(exchange: Exchange, expected: ExpectedStatus, opts: StatusOptions<N>): void {
  expectResponse(exchange, opts.clause as never);
  const code = exchange.response.status;
  if (!matches(code, expected)) {
    const check = code >= 500 && !opts.check ? 'no-server-error' : (opts.check ?? status.name);
    throw new CheckError(
      check,
      opts.clause,
      `${describe(exchange)}, expected ${text(expected)}${opts.why ? ` (${opts.why})` : ''}; body: ${bodyExcerpt(exchange)}`,
    );
  }
}
