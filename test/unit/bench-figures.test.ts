import { test } from 'node:test';
import assert from 'node:assert/strict';
import { figure, jsonTotals, median, ratio, renderFigures, round, workerStartup, type JsonReportLike } from '../../proof/bench/figures';

const at = (ms: number): string => new Date(Date.parse('2026-01-01T10:00:00.000Z') + ms).toISOString();
const result = (workerIndex: number, ms: number): { workerIndex: number; startTime: string } => ({ workerIndex, startTime: at(ms) });

/** A run started at 10:00:00: worker 0 first runs a test at +1.2 s, worker 1 at +1.5 s, worker 2 (restarted after a failure) at +4 s. */
const report: JsonReportLike = {
  stats: { startTime: at(0), duration: 6000, expected: 3, unexpected: 1, skipped: 1, flaky: 0 },
  suites: [
    {
      specs: [{ tests: [{ results: [result(0, 2000)] }, { results: [result(1, 1500)] }] }],
      suites: [
        {
          specs: [
            { tests: [{ results: [result(0, 1200)] }] },
            // Never handed to a worker (e.g. interrupted): left out.
            { tests: [{ results: [result(-1, 100)] }, { results: [] }] },
          ],
          suites: [{ specs: [{ tests: [{ results: [result(2, 4000), result(1, 3000)] }] }] }],
        },
      ],
    },
    { suites: [] },
  ],
};

test('worker start-up: per worker, the run start to its first test start, in seconds', () => {
  const w = workerStartup(report);
  assert.ok(w);
  assert.equal(w.workers, 3);
  assert.deepEqual(w.perWorker, [
    { workerIndex: 0, seconds: 1.2 },
    { workerIndex: 1, seconds: 1.5 },
    { workerIndex: 2, seconds: 4 },
  ]);
  assert.equal(w.min, 1.2);
  assert.equal(w.median, 1.5);
  assert.equal(w.max, 4);
});

test('worker start-up: null when no test ran in a worker or the start time is unreadable', () => {
  assert.equal(workerStartup({ ...report, suites: [{ specs: [{ tests: [{ results: [result(-1, 10)] }] }] }] }), null);
  assert.equal(workerStartup({ ...report, suites: [] }), null);
  assert.equal(workerStartup({ ...report, stats: { ...report.stats, startTime: 'not a date' } }), null);
});

test('totals of a JSON report: flaky counts as passed', () => {
  assert.deepEqual(jsonTotals(report), { passed: 3, failed: 1, skipped: 1 });
  assert.deepEqual(jsonTotals({ ...report, stats: { ...report.stats, flaky: 2 } }), { passed: 5, failed: 1, skipped: 1 });
});

test('median, round and ratio', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.ok(Number.isNaN(median([])));
  assert.equal(round(1.26), 1.3);
  assert.equal(round(1.234, 2), 1.23);
  assert.equal(round(null), null);
  assert.equal(round(NaN), null);
  assert.equal(ratio(13, 10), 1.3);
  assert.equal(ratio(1, 3), 0.33);
  assert.equal(ratio(1, 0), null);
  assert.equal(ratio(null, 2), null);
});

test('a figure is met when at most its target; without a target or a value it is neither', () => {
  assert.equal(figure('a', 'a', 6, 's', 6).met, true);
  assert.equal(figure('a', 'a', 6.1, 's', 6).met, false);
  assert.equal(figure('a', 'a', 6, 's', null).met, null);
  assert.equal(figure('a', 'a', null, 's', 6).met, null);
  const table = renderFigures([
    figure('whole suite', 'suite.embeddedSeconds', 7.5, 's', 6, 'exit 0'),
    figure('ratio', 'r', 1.2, 'x', 1.3),
    figure('none', 'n', null, 's', 3),
  ]);
  assert.deepEqual(table.split('\n'), [
    '| measure | value | target | met |',
    '|---|---|---|---|',
    '| whole suite | 7.5 s (exit 0) | <= 6 s | NO |',
    '| ratio | 1.2x | <= 1.3x | yes |',
    '| none | - | <= 3 s | - |',
  ]);
});
