/**
 * The suite (`npm start -- --project rm --grep @smoke rm/candidates.spec`) against a hostile RM
 * target: one that hangs, resets connections, answers broken JSON, 50 MB bodies or HTML, or
 * throttles with 429 and Retry-After (503 and a body that stalls: client-robustness.test.ts). Each
 * run must end by itself within its time bounds, with exit status 1 (conformance failures, not
 * "cannot start" and not a crash) or, when throttled, 0 or 1 with every throttled request sent again
 * after the wait, writes too (D60); every failed test naming a check (the expected one among them);
 * every selected test reaching a verdict; and no stack trace of a crash in the console output or in
 * the verdict.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { isCheckName, type CheckName } from '../../src/checks/names';
import { pool } from '../../proof/fault-run/run-suite';
import { startHostileServer, type HostileMode, type HostileServer } from './support/hostile-server';
import { describeRun, ROOT, runPlaywright, runStart, scratchDir, stackLines, type RunResult } from './support/suite';

const KEY = 'hostile-key';
const SECRET = 'hostile-secret-7Qx';
const TIMEOUT_MS = 1000;
/**
 * What one run may take at most: with a 1 s time-out and a few tests a hostile run ends in about ten
 * seconds on an idle machine; the bound leaves room for a busy CI machine, never for a hang.
 */
const RUN_BOUND_S = 90;
/** A few @smoke tests of RM (the candidates file): enough to meet every hostility, few enough to stay fast as specs grow. */
const SELECT = ['--project', 'rm', '--grep', '@smoke', 'rm/candidates.spec'];

interface Case {
  mode: HostileMode;
  /** The check that must name at least one failure. */
  check: CheckName;
  /** Words every failure by that check carries. */
  detail: RegExp;
  /** True when every failed test must fail by `check` (the target answers nothing usable at all). */
  all?: boolean;
}

const CASES: Case[] = [
  { mode: 'hang', check: 'transport', detail: /no response: time-out/, all: true },
  { mode: 'reset', check: 'transport', detail: /no response: connection reset/, all: true },
  { mode: 'broken-json', check: 'json-body', detail: /not JSON/ },
  { mode: 'huge', check: 'json-body', detail: /larger than the client's limit/ },
  { mode: 'html', check: 'json-body', detail: /not JSON/ },
];

interface Outcome {
  run: RunResult;
  server: HostileServer;
}

const outcomes = new Map<HostileMode, Outcome>();
let selected = 0;
const work = scratchDir('hostile');

/** Frames of a crash: anything but the project's own specs and checks (which only say where a check fired). */
function crashFrames(text: string): string[] {
  return stackLines(text).filter((line) => !/\/(specs|src\/checks)\/[^:]+\.ts:\d+/.test(line));
}

before(async () => {
  const cwd = scratchDir('hostile-cwd');
  // The longest (throttle: Retry-After waits) first; the count of selected tests alongside.
  const modes: HostileMode[] = ['throttle', ...CASES.map((c) => c.mode)];
  const listing = runPlaywright(['--list', ...SELECT], {
    cwd,
    reportsDir: join(work, 'list'),
    env: { RM_BASE_URL: 'http://127.0.0.1:9/v2', RM_API_KEY: KEY, RM_API_SECRET: SECRET },
  });
  await pool(modes, 3, async (mode) => {
    const server = await startHostileServer({ mode, apiKey: KEY, apiSecret: SECRET });
    const run = await runStart(['--config', join(ROOT, 'playwright.config.ts'), ...SELECT], {
      cwd,
      reportsDir: join(work, mode),
      env: {
        ...server.env(),
        CONFORMANCE_TIMEOUT_MS: String(TIMEOUT_MS),
        CONFORMANCE_LEAN: '1',
        CONFORMANCE_RUN_ID: `hostile-${mode}`,
        CONFORMANCE_SEED: '7',
      },
      killAfterMs: 180_000,
    });
    await server.close();
    outcomes.set(mode, { run, server });
  });
  selected = Number(/Total: (\d+) tests?/.exec((await listing).stdout)?.[1] ?? 0);
  rmSync(cwd, { recursive: true, force: true });
});

after(() => {
  rmSync(work, { recursive: true, force: true });
});

void describe('the suite against a hostile target', () => {
  void test('the selection has tests to run', () => {
    assert.ok(selected > 0, 'playwright --list found the @smoke tests of the rm project');
  });

  for (const c of CASES) {
    void test(`${c.mode}: ends in bounded time with failed checks named ${c.check}, and no crash`, (t) => {
      const o = outcomes.get(c.mode);
      assert.ok(o, 'the run happened');
      const { run } = o;
      const why = describeRun(run);
      assert.equal(run.killed, false, `the run ended by itself\n${why}`);
      assert.ok(run.seconds < RUN_BOUND_S, `bounded time: ${run.seconds.toFixed(1)} s\n${why}`);
      assert.equal(run.exitCode, 1, `exit 1 (conformance failures)\n${why}`);
      const report = run.report;
      assert.ok(report, `conformance.json written\n${why}`);
      const { passed, failed, skipped } = report.totals;
      assert.equal(
        passed + failed + skipped,
        selected,
        `every selected test reached a verdict: the run went on after each failure\n${why}`,
      );
      assert.ok(failed > 0);
      for (const f of report.failures) {
        assert.ok(isCheckName(f.check), `a named check, not a crash: [${f.check}] ${f.test}: ${f.message}`);
        if (c.all) assert.equal(f.check, c.check, `[${f.check}] ${f.test}: ${f.message}`);
      }
      t.diagnostic(
        `${c.mode}: ${run.seconds.toFixed(1)} s, exit ${run.exitCode}, ${failed} of ${selected} tests failed, checks: ${[...new Set(report.failures.map((f) => f.check))].join(', ')}`,
      );
      const byCheck = report.failures.filter((f) => f.check === c.check);
      assert.ok(byCheck.length > 0, `some failure names ${c.check}: ${report.failures.map((f) => `[${f.check}] ${f.message}`).join('\n')}`);
      for (const f of byCheck) assert.match(f.message, c.detail);
      const output = run.stdout + run.stderr;
      assert.deepEqual(crashFrames(output), [], 'no stack frame of a crash in the console output');
      const verdict = run.stdout.slice(run.stdout.lastIndexOf('Conformance:'));
      assert.match(verdict, /^Conformance: \d+ FAILURE\(S\)/);
      assert.deepEqual(stackLines(verdict), [], 'the verdict is check names, not a stack trace');
      assert.match(verdict, new RegExp(`x \\[[^\\]]*${c.check}`));
    });
  }

  void test('hang: the target saw the requests it never answered', () => {
    const hang = outcomes.get('hang');
    assert.ok(hang);
    assert.ok(hang.server.log.some((r) => r.answer === 'hang'));
  });

  void test('429 with Retry-After: every request, write or read, sent again after the wait, a bounded number of times, and counted in the report', (t) => {
    const o = outcomes.get('throttle');
    assert.ok(o);
    const { run, server } = o;
    const why = describeRun(run);
    assert.equal(run.killed, false, why);
    assert.ok(run.exitCode === 0 || run.exitCode === 1, `exit 0 or 1, not 2\n${why}`);
    assert.ok(run.seconds < RUN_BOUND_S, why);
    const byKey = new Map<string, { at: number; answer: string }[]>();
    for (const r of server.log) {
      if (r.answer === 'preflight' || r.answer === 'token') continue;
      byKey.set(r.key, [...(byKey.get(r.key) ?? []), { at: r.at, answer: r.answer }]);
    }
    const name = (key: string): string => key.split(' ').slice(0, 2).join(' ');
    let serverSawRetries = 0;
    let cleanChains = 0;
    const methods = new Set<string>();
    for (const [key, arrivals] of byKey) {
      const answered = arrivals.filter((a) => a.answer !== '429').length;
      // Each request ends with its first non-429 answer (the target lets the third through), never given up.
      assert.ok(answered > 0, `${name(key)} was sent again until answered`);
      assert.ok(arrivals.length <= 3 * answered, `bounded retries: ${arrivals.length} arrivals for ${answered} answers of ${name(key)}`);
      serverSawRetries += arrivals.length - answered;
      if (answered === 1 && arrivals.length === 3) {
        cleanChains += 1;
        methods.add(key.split(' ')[0] ?? '');
        for (let i = 1; i < arrivals.length; i += 1) {
          const gap = (arrivals[i]?.at ?? 0) - (arrivals[i - 1]?.at ?? 0);
          assert.ok(gap >= 950, `Retry-After: 1 honoured before sending ${name(key)} again (gap ${gap.toFixed(0)} ms)`);
        }
      }
    }
    assert.ok(cleanChains > 0, 'some request was answered 429 twice, then sent again to an answer');
    assert.ok(methods.has('POST'), `writes too (${[...methods].join(', ')})`);
    const counted = (run.report?.observations ?? [])
      .filter((ob) => /429\/503 with Retry-After/.test(ob.subject))
      .reduce((n, ob) => n + ob.count, 0);
    // The tests' own attempts are in conformance.json; the workers' set-up and clean-up belong to no test.
    assert.ok(counted > 0 && counted <= serverSawRetries, `attempts sent again in conformance.json: ${counted} of ${serverSawRetries}`);
    t.diagnostic(
      `throttle: ${run.seconds.toFixed(1)} s, exit ${run.exitCode}, ${serverSawRetries} requests sent again (${cleanChains} answered 429 twice, then served)`,
    );
  });
});
