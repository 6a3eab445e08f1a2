/**
 * The latest exchange of this worker. Playwright runs a worker's tests one after another, so the
 * latest exchange is the latest of the running test (or of its clean-up). ApiClient.send notes
 * every exchange here, whatever recorder (`onExchange`) its client has, so the spec fixtures can
 * tell which exchange a failed test saw last (specs/kit/fixtures.ts).
 */
import type { Exchange } from './exchange';

let latest: Exchange | null = null;

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
