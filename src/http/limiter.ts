/**
 * Politeness towards a target: a bound on requests per second (evenly spaced start times) and on
 * requests in flight. Both bounds are per worker process; the fixtures divide the run's bound by
 * the number of workers so the whole run stays under CONFORMANCE_MAX_RPS.
 */
export class Limiter {
  private nextStart = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxRps: number,
    private readonly maxConcurrency: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquireSlot();
    try {
      await this.awaitRate();
      return await task();
    } finally {
      this.release();
    }
  }

  private async awaitRate(): Promise<void> {
    if (this.maxRps <= 0) return;
    const spacing = 1000 / this.maxRps;
    const now = this.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + spacing;
    if (start > now) await new Promise((resolve) => setTimeout(resolve, start - now));
  }

  private acquireSlot(): Promise<void> {
    if (this.inFlight < this.maxConcurrency) {
      this.inFlight += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(() => resolve()));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight -= 1;
  }
}

/** A worker's part of a run-wide bound (requests per second, or in flight) shared by `workers` workers. */
export function perWorker(bound: number, workers: number): number {
  return bound / Math.max(1, workers);
}
