/**
 * Politeness towards a target: a bound on requests per second (evenly spaced start times) and on
 * requests in flight. Both bounds are per worker process; the fixtures divide the run's bound by
 * the number of workers so the whole run stays under CONFORMANCE_MAX_RPS.
 *
 * A target may also ask for less (429, or 503 with Retry-After; schemas/DECISIONS.md D61): `throttle`
 * pauses every request of the worker to that target until the wait it asked for is over and, when the
 * worker was busy, caps its rate to it at what the target took from it over the last two seconds (its
 * requests the target did not refuse; at least half of what it sent), once per signal; without a
 * further signal the cap grows back (by half, plus one request a second, every second) until dropped. With a board (src/http/throttle-board.ts)
 * the signal reaches every worker of the run, which pauses and caps itself the same way.
 */
import type { ThrottleBoard } from './throttle-board';

export interface LimiterOptions {
  now?: () => number;
  /** The run's board of slow-down signals, shared by its workers; none: this worker alone slows down. */
  board?: ThrottleBoard | null;
}

/** The adaptive part of a worker's bound towards one target (an API's base address). */
interface TargetPace {
  nextStart: number;
  /** No request starts before this (the limiter's clock). */
  pauseUntil: number;
  /** Requests per second the target showed it takes from this worker; null: no sign of a limit yet. */
  cap: number | null;
  /** When the cap last grew (or, after a signal, when it may start to). */
  grownAt: number;
  /** No new cap before this: the requests in flight when a signal came are answered 429 too. */
  holdUntil: number;
  /** Start times of this worker's requests, and of the ones the target refused (429/503), over the last window. */
  starts: number[];
  refusals: number[];
  /** The board signal last seen, and when the board was last read. */
  seen: string | null;
  readAt: number;
}

/** The window over which the rate the target took is measured. */
const WINDOW_MS = 2_000;
/** A worker sending less than this (requests per second) when a signal comes is not capped, only paused. */
const BUSY_RATE = 2;
/** The lowest cap a signal brings a worker to (requests per second). */
const MIN_RATE = 1;
/** Without a signal the cap grows every GROW_EVERY_MS: times GROWTH, plus STEP; above LIFT_AT it is dropped. */
const GROW_EVERY_MS = 1_000;
const GROWTH = 1.5;
const STEP = 1;
const LIFT_AT = 1_000;
/** How often a worker reads the board. */
const BOARD_EVERY_MS = 200;
/** A timer may fire a millisecond before the clock says its time has come. */
const TIMER_SLACK_MS = 2;

export class Limiter {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly paces = new Map<string, TargetPace>();
  private readonly now: () => number;
  private readonly board: ThrottleBoard | null;

  constructor(
    private readonly maxRps: number,
    private readonly maxConcurrency: number,
    options: LimiterOptions = {},
  ) {
    this.now = options.now ?? (() => performance.now());
    this.board = options.board ?? null;
  }

  /** Runs `task` within the bounds; `key` names the target (an API's base address) whose pace applies. */
  async run<T>(task: () => Promise<T>, key = ''): Promise<T> {
    await this.acquireSlot();
    try {
      await this.awaitTurn(key);
      return await task();
    } finally {
      this.release();
    }
  }

  /**
   * The target `key` refused a request and asked the run to slow down: nothing starts for `pauseMs`,
   * and the rate is capped at what the target took (once per signal). Posted on the board for the other workers.
   */
  throttle(key: string, pauseMs: number): void {
    const pace = this.pace(key);
    const now = this.now();
    this.slowDown(pace, now, now + Math.max(0, pauseMs), true);
    if (this.board) pace.seen = this.board.post(key, Date.now() + Math.max(0, pauseMs));
  }

  /** The rate the worker keeps to towards `key` (requests per second), or null when unbounded. */
  rateTowards(key = ''): number | null {
    const cap = this.paces.get(key)?.cap ?? null;
    const bound = this.maxRps > 0 ? this.maxRps : null;
    return cap === null ? bound : bound === null ? cap : Math.min(cap, bound);
  }

  private pace(key: string): TargetPace {
    let pace = this.paces.get(key);
    if (!pace) {
      pace = { nextStart: 0, pauseUntil: 0, cap: null, grownAt: 0, holdUntil: 0, starts: [], refusals: [], seen: null, readAt: -Infinity };
      this.paces.set(key, pace);
    }
    return pace;
  }

  /**
   * A signal: nothing starts before `pauseUntil`; and, once per signal, a worker that was sending at
   * least BUSY_RATE is capped at what the target took from it over the last window (its requests that
   * were not refused), at least half of what it sent. A worker that was barely sending only pauses.
   */
  private slowDown(pace: TargetPace, now: number, pauseUntil: number, refused: boolean): void {
    pace.pauseUntil = Math.max(pace.pauseUntil, pauseUntil);
    if (refused) pace.refusals.push(now);
    prune(pace, now);
    if (now < pace.holdUntil) return;
    const perSecond = 1000 / WINDOW_MS;
    const sent = pace.starts.length * perSecond;
    pace.holdUntil = Math.max(pace.pauseUntil, now) + 1_000;
    if (sent < BUSY_RATE) return;
    const taken = Math.max(0, pace.starts.length - pace.refusals.length) * perSecond;
    const bound = Math.min(pace.cap ?? Infinity, this.maxRps > 0 ? this.maxRps : Infinity);
    pace.cap = Math.max(MIN_RATE, Math.min(bound, Math.max(taken, sent / 2)));
    pace.grownAt = pace.holdUntil;
  }

  /** A signal another worker posted since this one last looked. */
  private readBoard(key: string, pace: TargetPace, now: number): void {
    if (!this.board || now - pace.readAt < BOARD_EVERY_MS) return;
    pace.readAt = now;
    const signal = this.board.read(key);
    if (!signal || signal.id === pace.seen) return;
    pace.seen = signal.id;
    this.slowDown(pace, now, now + Math.max(0, signal.pauseUntil - Date.now()), false);
  }

  private async awaitTurn(key: string): Promise<void> {
    const pace = this.pace(key);
    for (;;) {
      const now = this.now();
      this.readBoard(key, pace, now);
      grow(pace, now);
      const rate = this.rateTowards(key);
      // The slot is claimed before the wait, so requests waiting at once start one spacing apart.
      const start = Math.max(now, pace.nextStart, pace.pauseUntil);
      pace.nextStart = rate === null ? start : start + 1000 / rate;
      if (start > now) await sleep(start - now);
      // A signal that came in meanwhile (from this worker or on the board) moves the start again.
      const after = this.now();
      this.readBoard(key, pace, after);
      if (after >= pace.pauseUntil - TIMER_SLACK_MS) {
        pace.starts.push(after);
        prune(pace, after);
        return;
      }
    }
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

/** Without a signal since the hold ended, the cap grows back, step by step. */
function grow(pace: TargetPace, now: number): void {
  while (pace.cap !== null && now - pace.grownAt >= GROW_EVERY_MS) {
    pace.cap = pace.cap * GROWTH + STEP;
    pace.grownAt += GROW_EVERY_MS;
    if (pace.cap >= LIFT_AT) pace.cap = null;
  }
}

/** Forgets starts and refusals older than the window. */
function prune(pace: TargetPace, now: number): void {
  while ((pace.starts[0] ?? now) < now - WINDOW_MS) pace.starts.shift();
  while ((pace.refusals[0] ?? now) < now - WINDOW_MS) pace.refusals.shift();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** A worker's part of a run-wide bound (requests per second, or in flight) shared by `workers` workers. */
export function perWorker(bound: number, workers: number): number {
  return bound / Math.max(1, workers);
}
