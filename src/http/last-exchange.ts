/**
 * The latest exchange of this worker. Playwright runs a worker's tests one after another, so the
 * latest exchange is the latest of the running test (or of its clean-up). ApiClient.send notes
 * every exchange here, whatever recorder (`onExchange`) its client has, so the spec fixtures can
 * tell which exchange a failed test saw last (specs/kit/fixtures.ts).
 */
import type { Exchange } from './exchange';

let latest: Exchange | null = null;
let seq = 0;

/** The next worker-wide exchange number: every exchange (an API call, a token request) takes one. */
export function nextExchangeSeq(): number {
  seq += 1;
  return seq;
}

export function noteExchange(exchange: Exchange): void {
  latest = exchange;
}

export function lastExchange(): Exchange | null {
  return latest;
}

/** The worker-wide `seq` of the latest exchange, 0 before the first. */
export function lastExchangeSeq(): number {
  return latest?.seq ?? 0;
}
