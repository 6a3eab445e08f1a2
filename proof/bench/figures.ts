/**
 * The pure computations behind `npm run bench` (proof/cli/bench.ts): worker start-up read from a
 * Playwright JSON report, ratios, rounding, targets met or not, and the printed table.
 */

/** The part of Playwright's JSON report (`--reporter=json`, JSONReport) the bench reads. */
export interface JsonReportLike {
  stats: { startTime: string; duration: number; expected: number; unexpected: number; skipped: number; flaky: number };
  suites: JsonSuiteLike[];
}

export interface JsonSuiteLike {
  specs?: { tests: { results: { workerIndex: number; startTime: string }[] }[] }[];
  suites?: JsonSuiteLike[];
}

export interface WorkerStartup {
  /** Distinct worker processes that ran a test (Playwright starts a new one after a failed test). */
  workers: number;
  /** Per worker, seconds from the run's start (stats.startTime) to the start of its first test. */
  perWorker: { workerIndex: number; seconds: number }[];
  min: number;
  median: number;
  max: number;
}

/**
 * Worker start-up from a Playwright JSON report: for each worker (workerIndex), the time from the
 * run's start to that worker's first test start. Results with a negative workerIndex (tests never
 * handed to a worker) are left out. Null when no test ran in a worker.
 */
export function workerStartup(report: JsonReportLike): WorkerStartup | null {
  const runStart = Date.parse(report.stats.startTime);
  if (Number.isNaN(runStart)) return null;
  const first = new Map<number, number>();
  const visit = (suite: JsonSuiteLike): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          const at = Date.parse(result.startTime);
          if (result.workerIndex < 0 || Number.isNaN(at)) continue;
          const seen = first.get(result.workerIndex);
          if (seen === undefined || at < seen) first.set(result.workerIndex, at);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  if (first.size === 0) return null;
  const perWorker = [...first.entries()]
    .sort(([a], [b]) => a - b)
    .map(([workerIndex, at]) => ({ workerIndex, seconds: (at - runStart) / 1000 }));
  const seconds = perWorker.map((w) => w.seconds);
  return { workers: perWorker.length, perWorker, min: Math.min(...seconds), median: median(seconds), max: Math.max(...seconds) };
}

/** Test totals of a Playwright JSON report, as the conformance report counts them. */
export function jsonTotals(report: JsonReportLike): { passed: number; failed: number; skipped: number } {
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `value` rounded to `digits` decimals; null stays null. */
export function round(value: number | null, digits = 1): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** a / b, rounded to two decimals; null when either is missing or b is not positive. */
export function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || !(b > 0)) return null;
  return round(a / b, 2);
}

/** One printed figure: its value, its target (at most `max`), and whether it is met. */
export interface Figure {
  measure: string;
  /** The key in bench.json (dotted path). */
  key: string;
  value: number | null;
  unit: string;
  /** At most this; null: no target, reported for information. */
  max: number | null;
  met: boolean | null;
  /** Shown after the value (exit codes, counts). */
  detail?: string;
}

export function figure(measure: string, key: string, value: number | null, unit: string, max: number | null, detail?: string): Figure {
  const met = max === null || value === null ? null : value <= max;
  return { measure, key, value, unit, max, met, ...(detail ? { detail } : {}) };
}

/** The markdown table the bench prints: measure, value, target, met. */
export function renderFigures(figures: readonly Figure[]): string {
  const lines = ['| measure | value | target | met |', '|---|---|---|---|'];
  for (const f of figures) {
    const value = f.value === null ? '-' : `${f.value}${f.unit === 'x' ? 'x' : ` ${f.unit}`}`;
    const target = f.max === null ? '-' : `<= ${f.max}${f.unit === 'x' ? 'x' : ` ${f.unit}`}`;
    const met = f.met === null ? '-' : f.met ? 'yes' : 'NO';
    lines.push(`| ${f.measure} | ${value}${f.detail ? ` (${f.detail})` : ''} | ${target} | ${met} |`);
  }
  return lines.join('\n');
}
