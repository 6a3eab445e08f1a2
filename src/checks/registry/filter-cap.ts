/** filter-cap: numeric pagination with a filter beyond the record cap answers 400. */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { enforceDocumentedStatus, statusOutcome, type Answered } from './status';

const filterCap = defineCheck({
  name: 'filter-cap',
  summary: 'numeric pagination combined with a filter beyond the record cap answers 400; cursor pagination avoids it',
  cites: ['rm.query.filter-cap', 'rm.error.400', 'rm.limit.cap'],
});
export default filterCap;

/** The predicate: a filtered numeric page request that reaches beyond the record cap answers 400. */
export function capRefusedOutcome(exchange: Answered): Outcome {
  return statusOutcome(exchange, 400, 'a filtered page beyond the record cap');
}

/** A filtered numeric page request beyond the cap: no 5xx, then the documented 400 (its row's clause). */
export function expectCapRefused(exchange: Exchange): void {
  enforceDocumentedStatus(filterCap, exchange, ['400'], undefined, capRefusedOutcome);
}

/**
 * The predicate: a filtered request the cap does not apply to (within the cap, or by cursor) is not
 * refused with 400; `why` says which request. Any other answer is for the other checks to judge.
 */
export function notCappedOutcome(exchange: Exchange, why: string): Outcome {
  return exchange.response?.status === 400 ? nonConforming(`${describe(exchange)}: ${why}`) : CONFORMS;
}

export function expectNotCapped(exchange: Exchange, why: string): void {
  enforce(filterCap, 'rm.query.filter-cap', exchange, notCappedOutcome(exchange, why));
}
