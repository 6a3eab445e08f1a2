/**
 * status: the status the document's row or rule gives for this request. Callers may name the check
 * for what the status proves ('auth-enforced' for a 401, 'not-found' for a 404, ...), with a clause
 * that check cites (src/checks/expect-status.ts). The verdict speaks for the documented cells it
 * expected, so a pass earns them and a failure fails them.
 */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck } from '../define';
import { bodyExcerpt } from '../excerpt';
import { CONFORMS, nonConforming, type Outcome } from '../judge';

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

export function statusMatches(code: number, expected: ExpectedStatus): boolean {
  if (expected === '2xx') return code >= 200 && code < 300;
  if (expected === '4xx') return code >= 400 && code < 500;
  return typeof expected === 'number' ? code === expected : expected.includes(code);
}

function text(expected: ExpectedStatus): string {
  return typeof expected === 'string' || typeof expected === 'number' ? String(expected) : expected.join(' or ');
}

/** The matrix cells an expectation names ("201", "200" and "201", "4xx"). */
export function expectedCells(expected: ExpectedStatus): string[] {
  return typeof expected === 'string' ? [expected] : typeof expected === 'number' ? [String(expected)] : expected.map(String);
}

/** The predicate: the answered status is the expected one. */
export function statusOutcome(
  exchange: Exchange & { response: NonNullable<Exchange['response']> },
  expected: ExpectedStatus,
  why?: string,
): Outcome {
  return statusMatches(exchange.response.status, expected)
    ? CONFORMS
    : nonConforming(`${describe(exchange)}, expected ${text(expected)}${why ? ` (${why})` : ''}; body: ${bodyExcerpt(exchange)}`);
}
