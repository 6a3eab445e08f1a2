/**
 * The console reporter of a run: progress, not 288 titles. On a terminal one line keeps being
 * rewritten (`137/288  failed 2  skipped 0  3.1s  ~3.4s left`) and each failure gets a line of its
 * own as it happens (the test and its error's first line). Without a terminal (CI, a pipe, or CI set)
 * the same figures are printed as a line every 5 s at most, and when nothing changed for 30 s (so a
 * slow target still shows the run is alive), plus the line per failure. The end prints one line of
 * totals. With `--list`, it leaves the console to Playwright's list.
 *
 * Errors outside tests get one line each; "No tests found" is left to src/runner/selection-guard.ts,
 * which turns it into exit 2.
 */
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { EVIDENCE_ANNOTATION, parseEvidence } from './evidence';

export interface ProgressOptions {
  /** Rewrite one line (a terminal) or print lines every `intervalMs`; default: stdout is a TTY and CI is unset. */
  tty?: boolean;
  /** The least time between two progress lines without a terminal; default 5000 ms. */
  intervalMs?: number;
  /** A line is printed without a terminal after this long even when nothing changed; default 30000 ms. */
  aliveMs?: number;
  /** Where text goes; default process.stdout. */
  write?: (text: string) => void;
  /** Milliseconds; default performance.now. */
  now?: () => number;
  /** Width of the terminal; default process.stdout.columns or 100. */
  columns?: number;
  /** Start timers that refresh the line (terminal) or print it (CI); default true. Tests drive `tick()` instead. */
  timers?: boolean;
  /** `--list`: print nothing, so Playwright prints its list. Default: `--list` is among process.argv. */
  listMode?: boolean;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** Seconds as "4.2s", "1m05s", "1h02m". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(Math.floor(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** The first non-empty line of an error, without colours. */
export function firstLine(error: Pick<TestError, 'message' | 'value'> | undefined): string {
  const text = (error?.message ?? error?.value ?? 'failed').replace(ANSI, '');
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? 'failed'
  );
}

export default class ProgressReporter implements Reporter {
  private readonly tty: boolean;
  private readonly intervalMs: number;
  private readonly aliveMs: number;
  private readonly write: (text: string) => void;
  private readonly now: () => number;
  private readonly columns: number;
  private readonly useTimers: boolean;
  private readonly listMode: boolean;
  private total = 0;
  private done = 0;
  private failed = 0;
  private notJudged = 0;
  private skipped = 0;
  private started = 0;
  private lastPrinted = -Infinity;
  private printedDone = -1;
  private lineShown = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: ProgressOptions = {}) {
    this.tty = options.tty ?? (process.stdout.isTTY === true && !process.env.CI);
    this.intervalMs = options.intervalMs ?? 5_000;
    this.aliveMs = options.aliveMs ?? 30_000;
    this.write = options.write ?? ((text) => void process.stdout.write(text));
    this.now = options.now ?? (() => performance.now());
    this.columns = options.columns ?? (process.stdout.columns || 100);
    this.useTimers = options.timers ?? true;
    this.listMode = options.listMode ?? process.argv.includes('--list');
  }

  onBegin(config: FullConfig, suite: Suite): void {
    if (this.listMode) return;
    this.total = suite.allTests().length;
    this.started = this.now();
    const actual: unknown = config.metadata.actualWorkers;
    const workers = typeof actual === 'number' ? actual : config.workers;
    this.print(`Running ${this.total} tests using ${String(workers)} worker${workers === 1 ? '' : 's'}`);
    if (this.useTimers) {
      this.timer = setInterval(() => this.tick(), this.tty ? 1_000 : Math.min(this.intervalMs, 1_000));
      this.timer.unref();
    }
    this.refresh(true);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (this.listMode) return;
    // A test that will be retried is not done yet; its last attempt decides.
    const willRetry = result.status !== 'skipped' && result.status !== test.expectedStatus && result.retry < test.retries;
    if (willRetry) return;
    this.done += 1;
    const outcome = test.outcome();
    if (outcome === 'skipped') this.skipped += 1;
    if (outcome === 'unexpected') {
      const project = test.parent.project()?.name;
      const title = test
        .titlePath()
        .slice(project ? 2 : 1)
        .filter(Boolean)
        .join(' › ');
      // A test the suite could not judge (its evidence says why) is no failure of the target.
      const notJudged = parseEvidence(result.annotations.find((a) => a.type === EVIDENCE_ANNOTATION)?.description)?.notJudged ?? null;
      if (notJudged !== null) this.notJudged += 1;
      else this.failed += 1;
      const why =
        notJudged !== null
          ? `not judged: ${notJudged}`
          : result.status === 'timedOut'
            ? `timed out: ${firstLine(result.error)}`
            : firstLine(result.error ?? result.errors[0]);
      this.print(
        `  ${notJudged !== null ? '?' : '✗'} ${project ? `[${project}] ` : ''}${title}: ${why.length > 300 ? `${why.slice(0, 300)}...` : why}`,
      );
    }
    this.refresh(false);
  }

  onStdOut(chunk: string | Buffer): void {
    if (!this.listMode) this.passThrough(chunk);
  }

  onStdErr(chunk: string | Buffer): void {
    if (!this.listMode) this.passThrough(chunk);
  }

  onError(error: TestError): void {
    if (this.listMode) return;
    const line = firstLine(error).replace(/^Error: /, '');
    if (/^No tests found\b/.test(line)) return; // src/runner/selection-guard.ts says it, once
    this.print(`  error: ${line}`);
    if (this.started > 0) this.refresh(false);
  }

  onEnd(result: FullResult): void {
    if (this.listMode) return;
    this.stopTimer();
    this.clearLine();
    if (this.total === 0 && this.done === 0) return;
    const passed = this.done - this.failed - this.skipped - this.notJudged;
    const status = result.status === 'passed' ? '' : ` (${result.status})`;
    this.write(
      `${this.done}/${this.total} tests: ${passed} passed, ${this.failed} failed, ${this.skipped} skipped${this.notJudged ? `, ${this.notJudged} not judged` : ''} in ${formatDuration(this.now() - this.started)}${status}\n`,
    );
  }

  printsToStdio(): boolean {
    return !this.listMode;
  }

  /**
   * The figures: `n/total  failed f  skipped s  elapsed  ~remaining left`. The estimate waits for a tenth
   * of the tests: the first to end are the longest (a far run starts its property tests first), so an
   * early rate would promise hours.
   */
  progressLine(): string {
    const elapsed = this.now() - this.started;
    const estimable = this.done > 0 && this.done < this.total && this.done >= this.total / 10;
    const left = estimable ? `  ~${formatDuration((elapsed / this.done) * (this.total - this.done))} left` : '';
    return `${this.done}/${this.total}  failed ${this.failed}  skipped ${this.skipped}  ${formatDuration(elapsed)}${left}`;
  }

  /** The timer's work: a terminal's line shows the time going on; without one, a line when due. */
  tick(): void {
    this.refresh(false);
  }

  private refresh(force: boolean): void {
    if (this.tty) {
      this.clearLine();
      const line = this.progressLine();
      this.write(line.length > this.columns - 1 ? line.slice(0, this.columns - 1) : line);
      this.lineShown = true;
      return;
    }
    const now = this.now();
    const changed = this.done !== this.printedDone;
    const due = now - this.lastPrinted >= (changed ? this.intervalMs : this.aliveMs);
    if (force || due) {
      this.write(`${this.progressLine()}\n`);
      this.lastPrinted = now;
      this.printedDone = this.done;
    }
  }

  /** A line of its own (above the progress line on a terminal, which the caller draws again). */
  private print(text: string): void {
    this.clearLine();
    this.write(`${text}\n`);
  }

  private passThrough(chunk: string | Buffer): void {
    this.clearLine();
    const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    this.write(text.endsWith('\n') ? text : `${text}\n`);
    if (this.tty) this.refresh(false);
  }

  private clearLine(): void {
    if (this.tty && this.lineShown) {
      this.write('\r\u001b[2K');
      this.lineShown = false;
    }
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
