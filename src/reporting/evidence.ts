/**
 * A test's evidence: every exchange it recorded (in brief), every verdict its checks gave, the
 * verdict that failed it, and the one command that replays it. The spec fixtures send it once per
 * test, as one annotation; the conformance reporter builds the matrix, the failures, JUnit and the
 * console block from it alone.
 */
import { urlPathOf, type Exchange } from '../http/exchange';
import type { Verdict } from '../checks/verdict';
import type { ReplayPlan } from './replay';

export const EVIDENCE_ANNOTATION = 'conformance-evidence';

/** One exchange of the test, in brief: `n` is its number within the test (1, 2, 3...), `seq` the worker's. */
export interface ExchangeBrief {
  n: number;
  seq: number;
  operationId: string | null;
  method: string;
  /** Path and query, without the base URL. */
  path: string;
  status: number | null;
  /** Earlier attempts of the same request (each an exchange of its own). */
  retries: number;
  /** Why the client sent the request again after this attempt (src/http/retry.ts). */
  sentAgain?: string;
  ms: number;
  /** When it started, in ms after the test's first exchange started. */
  at?: number;
  /** Sent to set the test up (shared records, discovering a record to address), not as what the test declares it calls. */
  setup?: true;
}

/**
 * The test's longest chain of round trips one after another: the most exchanges of it that do not
 * overlap in time (requests sent together count once). What a far target's latency multiplies.
 */
export function sequentialChain(exchanges: readonly Pick<ExchangeBrief, 'at' | 'ms'>[]): number {
  const spans = exchanges
    .filter((e) => e.at !== undefined)
    .map((e) => ({ start: e.at ?? 0, end: (e.at ?? 0) + e.ms }))
    .sort((a, b) => a.end - b.end);
  let chain = 0;
  let lastEnd = -Infinity;
  for (const s of spans)
    if (s.start >= lastEnd) {
      chain += 1;
      lastEnd = s.end;
    }
  return spans.length ? chain : exchanges.length;
}

/** The exchange a failure is about, with enough of it to show in a console block and a report. */
export interface FailingExchange {
  n: number;
  seq: number;
  operationId: string | null;
  method: string;
  url: string;
  path: string;
  status: number | null;
  /** The request body, redacted and cut. */
  requestBody: string | null;
  /** The response's first lines (status line and body), redacted. */
  response: string[];
  curl: string;
}

/** How the test ended, as the reports judge it. */
export type TestOutcome = 'passed' | 'failed' | 'skipped' | 'not-judged' | 'error';

export interface TestEvidence {
  exchanges: ExchangeBrief[];
  verdicts: Verdict[];
  /** The verdict that failed the test (a check failed), or null. */
  failure: Verdict | null;
  failingExchange: FailingExchange | null;
  /** The one command that runs the failed test again against the same target; null for a test that did not fail. */
  replay: string | null;
  /** The same as data (variables and Playwright's arguments), for `npm run replay` in any shell. */
  replayPlan?: ReplayPlan | null;
  /** Why the suite could not judge (its own time-out, or an answer it cannot attribute to the target), when that is how the test ended. */
  notJudged: string | null;
  /** What the test recorded besides its exchanges and verdicts (specs/kit/test-record.ts). */
  records: TestRecords;
}

/** A property a test ran: its name and how many cases ran, and why that many. */
export interface PropertyRun {
  name: string;
  runs: number;
  why: string;
  seed?: number;
  propertySeed?: number;
}

/** What a test records besides its exchanges and verdicts: all of it reaches the reporters in its evidence. */
export interface TestRecords {
  /** What the target did where the documents are silent. */
  observations: Observation[];
  /** What its clean-up could not undo ("not undoable: ..." or "clean-up failed: ..."). */
  leftovers: string[];
  properties: PropertyRun[];
}

export function parseEvidence(description: string | undefined): TestEvidence | null {
  if (!description) return null;
  try {
    const v = JSON.parse(description) as Partial<TestEvidence>;
    if (!Array.isArray(v.exchanges) || !Array.isArray(v.verdicts)) return null;
    return {
      exchanges: v.exchanges,
      verdicts: v.verdicts,
      failure: v.failure ?? null,
      failingExchange: v.failingExchange ?? null,
      replay: v.replay ?? null,
      replayPlan: v.replayPlan ?? null,
      notJudged: v.notJudged ?? null,
      records: {
        observations: v.records?.observations ?? [],
        leftovers: v.records?.leftovers ?? [],
        properties: v.records?.properties ?? [],
      },
    };
  } catch {
    return null;
  }
}

/** What the target did where the documents are silent (error body shapes, page sizes, HR write statuses, ...): recorded, reported, never failed. */
export type ObservationCategory =
  | 'status'
  | 'error-body'
  | 'content-type'
  | 'pagination'
  | 'response-shape'
  | 'headers'
  | 'timing'
  | 'token'
  | 'untestable'
  | 'other';

export interface Observation {
  category: ObservationCategory;
  subject: string;
  value: string;
  /** The catalogue operation it is about, when the observer named one (the exchange's own). */
  operationId?: string;
}

/** The exchanges of a test (or a judged page) in brief, numbered from 1; `setup`: the seqs sent as its set-up. */
export function briefsOf(exchanges: readonly Exchange[], setup: ReadonlySet<number> = new Set()): ExchangeBrief[] {
  const first = Math.min(...exchanges.map((e) => (e.startedAt ? Date.parse(e.startedAt) : Infinity)));
  return exchanges.map((e, i) => ({
    n: i + 1,
    seq: e.seq,
    operationId: e.operationId,
    method: e.request.method,
    path: urlPathOf(e.request.url),
    status: e.response?.status ?? null,
    retries: e.retries,
    ...(e.sentAgain ? { sentAgain: e.sentAgain } : {}),
    ms: Math.round(e.durationMs),
    ...(e.startedAt ? { at: Date.parse(e.startedAt) - first } : {}),
    ...(setup.has(e.seq) ? { setup: true as const } : {}),
  }));
}
