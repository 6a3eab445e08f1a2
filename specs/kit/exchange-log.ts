/**
 * A test's exchanges as Allure/Playwright steps (the failing one marked), and its verdict sink.
 */
import { _baseTest as base, type TestInfo } from '@playwright/test';
import { exchangeTitle, exchangeToText, type Exchange } from '../../src/http/exchange';
import { lastExchangeSeq } from '../../src/http/last-exchange';
import { redact } from '../../src/http/redact';
import { appendHarEntries, harAttachment, harEntriesFile, toHarEntry } from '../../src/reporting/har';
import { briefsOf, type ExchangeBrief } from '../../src/reporting/evidence';
import { CheckError } from '../../src/checks/check-error';
import type { Verdict } from '../../src/checks/verdict';
import type { Bases } from '../../src/judge/classify';
import { judgeEveryResponse } from '../../src/judge/every-response';
import { attachWithoutStack } from './attach';
import { LEAN } from './lean';
import { inSetup } from './setup-scope';

/**
 * How exchange texts are attached. Playwright's list reporter prints, under a failed test, the body
 * of every attachment whose content type starts with "text/" (case-sensitively), which for a test of
 * hundreds of requests is thousands of lines. "Text/plain" is the same media type (RFC 2045 §5.1:
 * type names are case-insensitive) and Allure shows it as plain text, but the list reporter skips
 * it: the console shows one compact block per failure (src/cli/start.ts) and the exchanges stay in
 * the reports. CONFORMANCE_VERBOSE=1 brings the full dump back.
 */
const EXCHANGE_CONTENT_TYPE = process.env.CONFORMANCE_VERBOSE === '1' ? 'text/plain' : 'Text/plain';

/** How an exchange's step ends: failed with `error` or passed, its text attached in it or not. */
interface StepEnd {
  error: Error | null;
  attachText: boolean;
}

interface ExchangeStep {
  seq: number;
  close(end: StepEnd): void;
  done: Promise<void>;
}

/**
 * The exchanges and verdicts of one test. Exchanges are numbered 1, 2, 3... within it (the
 * worker-wide `seq` stays on each for the verdicts, which name exchanges by it). Each exchange is a
 * Playwright step, started when the exchange is recorded, in the async context of the code that
 * sent it: in the test body (or the `test.step` the body is in), or under "After Hooks" for
 * clean-up; the step holds the exchange text as an attachment "<nnn> <METHOD> <path> -> <status>".
 *
 * Which exchange failed is known only when the test ends, from the verdict that failed it; so the
 * body's steps stay open until then: the failed verdict's exchange ends failed (its step throws the
 * test's error; the Allure report marks it "\u2717 <name>"), every other one passed.
 *
 * A test that did not pass gets each exchange's text in its step. A test that passed gets them all in
 * one attachment ("exchanges: N"), each under its step's name: an attachment is a message to the runner
 * and a file in allure-results, and a file each (~2,600 a run) cost the runner ~3 s of a 15 s run
 * and `allure generate` ~1 s; nobody reads a passed test's exchanges one step at a time.
 *
 * It is also the test's verdict sink (src/checks/verdict.ts): every check records its verdict here.
 */
export class ExchangeLog {
  readonly all: Exchange[] = [];
  readonly verdicts: Verdict[] = [];
  /** The worker-wide seq before the test's first exchange. */
  readonly startSeq = lastExchangeSeq();
  private readonly open: ExchangeStep[] = [];
  private readonly steps: Promise<void>[] = [];
  /** The seqs of the exchanges sent as set-up (./setup-scope.ts). */
  private readonly setupSeqs = new Set<number>();

  constructor(private readonly testInfo: TestInfo) {}

  record(item: Exchange | Verdict): void {
    if ('verdict' in item) this.verdicts.push(item);
    else this.recordExchange(item);
  }

  private recordExchange(exchange: Exchange): void {
    this.all.push(exchange);
    if (inSetup()) this.setupSeqs.add(exchange.seq);
    // A lean run's reports show no exchange: no step, no attachment, just the brief in the evidence.
    if (LEAN) return;
    const step = this.step(exchange, this.all.length);
    // An exchange sent after the body failed (clean-up) has nothing left to wait for.
    if (this.testInfo.status === 'passed') this.open.push(step);
    else step.close({ error: null, attachText: true });
  }

  /**
   * Judges each exchange of the test by the checks that apply to every response (src/judge/every-response.ts)
   * and records their verdicts among the test's (those its own checks gave already are not repeated).
   * Returns what would fail the test: the first failed verdict (in the order the exchanges were sent) as
   * its CheckError, else an error of the judge itself, else null.
   */
  judgeEveryResponse(bases: Bases): Error | null {
    const { verdicts, errors } = judgeEveryResponse(this.all, bases, this.verdicts);
    this.verdicts.push(...verdicts);
    const failed = verdicts.find((v) => v.verdict === 'failed');
    if (failed) return withoutStack(new CheckError(failed));
    return errors.length ? withoutStack(new Error(`the checks of every response could not judge: ${errors.join('; ')}`)) : null;
  }

  /**
   * Ends the open steps: the failed verdict's exchange failed (with the test's error), every other
   * passed; waits for every step. The exchanges' texts go into their steps when the test did not
   * pass, else into one attachment. `ending`: the error the test is about to fail with although its
   * body passed (a check of every response failed, at its end).
   */
  async finish(failure: Verdict | null, ending: Error | null = null): Promise<void> {
    const error = failure ? (ending ? stepErrorOf(ending.message) : stepError(this.testInfo)) : null;
    const attachText = this.testInfo.status !== 'passed' || ending !== null;
    for (const step of this.open.splice(0)) step.close({ error: failure && step.seq === failure.exchangeSeq ? error : null, attachText });
    await Promise.all(this.steps);
    if (!attachText && !LEAN && this.all.length > 0) {
      await attachWithoutStack(this.testInfo, `exchanges: ${this.all.length}`, {
        body: exchangesText(this.all),
        contentType: EXCHANGE_CONTENT_TYPE,
      });
    }
  }

  /**
   * The test's exchanges as HAR entries, appended to its worker's file (merged into
   * reports/exchanges.har at the end of the run); a failed test also gets them as an attachment.
   */
  async writeHar(failed: boolean): Promise<void> {
    if (LEAN || this.all.length === 0) return;
    const test = this.testInfo.titlePath.slice(1).join(' › ');
    const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
    appendHarEntries(
      harEntriesFile(reportsDir, this.testInfo.parallelIndex),
      this.all.map((e) => toHarEntry(e, { test, testId: this.testInfo.testId })),
    );
    if (failed) {
      const har = harAttachment(this.all, test);
      await attachWithoutStack(this.testInfo, har.name, { body: har.body, contentType: har.contentType });
    }
  }

  /** The exchange with the worker-wide `seq`, and its number in the test. */
  find(seq: number | null): { exchange: Exchange; n: number } | null {
    const i = seq === null ? -1 : this.all.findIndex((e) => e.seq === seq);
    return i < 0 ? null : { exchange: this.all[i] as Exchange, n: i + 1 };
  }

  briefs(): ExchangeBrief[] {
    return briefsOf(this.all, this.setupSeqs);
  }

  private step(exchange: Exchange, n: number): ExchangeStep {
    const title = exchangeTitle(exchange, n);
    const testInfo = this.testInfo;
    let close!: (end: StepEnd) => void;
    const outcome = new Promise<StepEnd>((resolve) => (close = resolve));
    const done = base
      .step(
        title,
        async () => {
          const { error, attachText } = await outcome;
          if (attachText) await attachWithoutStack(testInfo, title, { body: exchangeToText(exchange), contentType: EXCHANGE_CONTENT_TYPE });
          // The Allure report marks the failed step "\u2717" (src/reporting/allure-reporter.ts).
          if (error) throw error;
        },
        // The test's own location: Playwright then skips capturing and source-mapping a stack per step.
        { location: { file: testInfo.file, line: testInfo.line, column: testInfo.column } },
      )
      .catch(() => undefined);
    this.steps.push(done);
    return { seq: exchange.seq, close, done };
  }
}

/** The log of the test the worker is running (a worker runs one test at a time), for exchanges no client of the test sends. */
let running: ExchangeLog | null = null;

/** Installs the running test's log (null at its end). */
export function setRunningLog(log: ExchangeLog | null): void {
  running = log;
}

/**
 * Records an exchange in the running test's log: a token request sent by the worker's token cache on
 * behalf of the test's first call, or by a spec (src/auth/oauth.ts `onExchange`).
 */
export function recordInRunningTest(exchange: Exchange): void {
  running?.record(exchange);
}

/** The error the failing exchange's step ends with: the test's own message (check, clause and quote). */
export function stepError(testInfo: TestInfo): Error {
  return stepErrorOf(testInfo.error?.message ?? `test ${testInfo.status ?? 'failed'}`);
}

function stepErrorOf(message: string): Error {
  const error = new Error(redact(message));
  error.name = 'CheckError';
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

/** An error thrown at a test's end: its message says everything, the fixture's frames nothing. */
function withoutStack<E extends Error>(error: E): E {
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

/** A passed test's exchanges in one text: each under the name its step has ("003 POST /v2/... -> 200"). */
export function exchangesText(exchanges: readonly Exchange[]): string {
  return redact(exchanges.map((e, i) => `=== ${exchangeTitle(e, i + 1)}\n\n${exchangeToText(e)}`).join('\n\n'));
}
