/**
 * `npm run faults`, the fault run (also `npm run mutation`, its old name; the last step
 * of `npm test`): the suite against the reference server (must pass, every documented status
 * covered), against every lawful variant (must pass), and against every fault (must fail by the
 * fault's declared check). Prints the table and the two scores, writes reports/faults.{json,md},
 * and exits 1 if anything is off.
 * A fault is first tried on the one test that caught it last time (proof/fault-run/catch-hints.ts).
 * Options: --only <substring> (run the matching faults/variants only), --parallel N, --no-hints
 * (every fault gets its API's whole run), --write-hints (refresh the committed hints from this run).
 */
import {
  API_VARIANTS,
  COMMON_VARIANTS,
  FAULTS,
  VARIANTS,
  type FaultSpec,
  type VariantSpec,
} from '../../servers/reference/faults-and-variants';
import { faultListProblems } from '../fault-run/fault-audit';
import { APIS, type ApiName } from '../../src/catalogue';
import { hintFrom, hintProject, readHints, writeHints, type CatchHint, type CatchHints } from '../fault-run/catch-hints';
import { pool, runInstances, runSuite, type SuiteRun } from '../fault-run/run-suite';
import { faultVerdict, variantVerdict, type FaultVerdict, type VariantVerdict } from '../fault-run/verdicts';
import { clauseProof, renderTable, scores, writeFaultRunReport, type FaultRunReport } from '../fault-run/report';
import type { ConformanceReport } from '../../src/reporting/conformance-types';
import { parseCliArgs, usageError } from '../../src/cli/help';

// An async main, not top-level await: the package is CommonJS (README, Design: why).
async function main(): Promise<void> {
  const { values } = parseCliArgs('faults', {
    options: {
      only: { type: 'string' },
      parallel: { type: 'string', default: process.env.CONFORMANCE_MUTATION_PARALLEL ?? '2' },
      'skip-reference': { type: 'boolean', default: false },
      'no-hints': { type: 'boolean', default: false },
      'write-hints': { type: 'boolean', default: false },
    },
  });
  if (!/^[1-9]\d*$/.test(values.parallel)) usageError('npm run faults', `--parallel must be a positive integer (got "${values.parallel}")`);
  const parallel = Number(values.parallel);
  const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
  const workDir = `${reportsDir}/faults`;
  // One fixed seed for the whole fault run, so its verdicts are reproducible.
  const seed = process.env.CONFORMANCE_SEED ?? '20261123';

  // Every fault names a registry clause its check cites; every variant a registry clause; names are unique.
  const problems = faultListProblems(FAULTS, API_VARIANTS, COMMON_VARIANTS);
  if (problems.length) {
    console.error(`The fault run is not lawful:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }

  const selected = <T extends { name: string }>(items: readonly T[]): T[] =>
    items.filter((i) => !values.only || i.name.includes(values.only));
  const faults = selected(FAULTS);
  const variants = selected(VARIANTS);

  /**
   * The Playwright projects that can observe a catalogue entry. A fault is a defect of one API's
   * operations, so only that API's specs can see it (a token fault is an `hr` fault: the token specs
   * live there). A variant may change what a neighbour sees (v3 tokens and error bodies serve both HR
   * and learning), so v3 variants run both v3 projects and transport-wide variants run everything.
   */
  function projectsFor(item: FaultSpec | VariantSpec, kind: 'fault' | 'variant'): ApiName[] {
    if (COMMON_VARIANTS.some((v) => v.name === item.name)) return [...APIS];
    if (item.api === 'rm') return ['rm'];
    return kind === 'fault' ? [item.api] : ['hr', 'learning'];
  }

  const started = performance.now();
  // Fewer generated cases per property than a normal run: the fault runs the suite ~150 times.
  const numRuns = process.env.CONFORMANCE_NUM_RUNS ?? '5';
  const common = { env: { CONFORMANCE_SEED: seed, CONFORMANCE_NUM_RUNS: numRuns }, workers: 1, timeoutMs: 600_000 };
  console.log(
    `Fault run: ${faults.length} faults, ${variants.length} variants (+ the reference run), ${parallel} in parallel, seed ${seed}`,
  );

  /** Cells the reference run left not covered (not marked untestable): each must be earned by a variant that takes the other lawful reading (educations 200 where the reference answers 201). */
  let referenceGaps: string[] = [];
  /** The clauses the reference run's verdicts enforced (the clauses the suite can fail a target with). */
  let enforcedClauses: NonNullable<ConformanceReport['clauses']> = {};
  let reference: FaultRunReport['reference'] = {
    passed: true,
    seconds: 0,
    tests: { passed: 0, failed: 0, skipped: 0 },
    cells: {},
    failures: [],
  };
  if (!values['skip-reference']) {
    // The default width (no --workers): one worker per API project, as a user's run.
    const run = await runSuite({ reportsDir: `${workDir}/reference`, env: common.env, timeoutMs: common.timeoutMs });
    const cells: Record<string, number> = {};
    for (const op of run.report?.operations ?? []) for (const v of Object.values(op.statuses)) cells[v] = (cells[v] ?? 0) + 1;
    const notCovered = (run.report?.operations ?? []).flatMap((op) =>
      Object.entries(op.statuses)
        .filter(([s, v]) => v === 'not-covered' && !op.untestable?.some((u) => u.status === s))
        .map(([s]) => `${op.id} ${s}`),
    );
    referenceGaps = notCovered;
    enforcedClauses = run.report?.clauses ?? {};
    const failures = [
      ...(run.report?.failures ?? []).map((f) => `[${f.check}] ${f.test}: ${f.message.slice(0, 200)}`),
      ...(run.report ? [] : [`no report (exit ${run.exitCode}): ${run.tail}`]),
    ];
    reference = {
      passed: run.exitCode === 0,
      seconds: Math.round(run.seconds * 10) / 10,
      tests: run.report?.totals ?? reference.tests,
      cells,
      failures,
    };
    console.log(
      `reference: ${reference.passed ? 'passed' : 'FAILED'} in ${reference.seconds} s (${reference.tests.passed} passed, ${reference.tests.failed} failed, ${reference.tests.skipped} skipped)`,
    );
  }

  const hints = values['no-hints'] ? {} : readHints();
  const foundHints: CatchHints = {};
  const faultVerdicts: FaultVerdict[] = [];
  const variantVerdicts: VariantVerdict[] = [];
  const total = faults.length + variants.length;
  const earnedByVariants = new Set<string>();
  let done = 0;
  const batch = { ...common, workers: parallel, timeoutMs: 1_800_000 };

  function recordFault(spec: FaultSpec, runs: readonly SuiteRun[], how: string): void {
    const verdict = faultVerdict(spec, runs.at(-1) as SuiteRun);
    verdict.seconds = Math.round(runs.reduce((n, r) => n + r.seconds, 0) * 10) / 10;
    const found = verdict.caught ? hintFrom(runs.at(-1)?.report ?? null, spec.expectedCheck) : null;
    if (found) foundHints[spec.name] = found;
    faultVerdicts.push(verdict);
    done += 1;
    console.log(
      `[${done}/${total}] fault ${spec.name}: ${verdict.caught ? `caught by ${verdict.check}${how}` : `ESCAPED (${verdict.note ?? ''})`} ${verdict.seconds}s`,
    );
  }

  // 1. Every fault with a hint, on the one test that caught it last time: all in one Playwright run,
  // a reference server each.
  const hinted = faults.filter((f) => hints[f.name]);
  const rest: FaultSpec[] = faults.filter((f) => !hints[f.name]);
  if (hinted.length) {
    const t0 = performance.now();
    const instances = hinted.map((f) => ({
      name: f.name,
      faults: [f.name],
      variants: [],
      projects: [hintProject(f.api, hints[f.name] as CatchHint)],
    }));
    let onHint = 0;
    let judged = 0;
    const byName = new Map(hinted.map((f) => [f.name, f]));
    // Each verdict as its instance's last test ends (runInstances watches the run's reports).
    const quiet = quietWatch('hinted faults', () => `${judged}/${hinted.length} judged`);
    await runInstances(instances, {
      reportsDir: `${workDir}/hinted`,
      ...batch,
      onInstance: (instance, run) => {
        quiet.printed();
        judged += 1;
        const f = byName.get(instance.name) as FaultSpec;
        if (faultVerdict(f, run).caught) {
          recordFault(f, [run], ' (on its hint)');
          onHint += 1;
        } else rest.push(f);
      },
    });
    quiet.stop();
    console.log(
      `${onHint}/${hinted.length} hinted faults caught on their hints in one run of ${((performance.now() - t0) / 1000).toFixed(1)} s; ${rest.length} to run in full`,
    );
  }

  // 2. Every lawful variant, each through every spec of the APIs it touches: one Playwright run.
  if (variants.length) {
    const instances = variants.map((v) => ({
      name: v.name,
      faults: [],
      variants: [v.name],
      ...(v.env ? { env: { ...v.env } } : {}),
      projects: projectsFor(v, 'variant').map((api) => ({ api })),
    }));
    const byName = new Map(variants.map((v) => [v.name, v]));
    // Each verdict as its instance's last test ends, not all of them minutes later at the end of the run.
    const quiet = quietWatch('variants', () => `${variantVerdicts.length}/${variants.length} judged`);
    await runInstances(instances, {
      reportsDir: `${workDir}/variants`,
      ...batch,
      onInstance: (instance, run) => {
        quiet.printed();
        const v = byName.get(instance.name) as VariantSpec;
        for (const op of run.report?.operations ?? [])
          for (const [s, cell] of Object.entries(op.statuses)) if (cell === 'passed') earnedByVariants.add(`${op.id} ${s}`);
        const verdict = variantVerdict(v, run);
        variantVerdicts.push(verdict);
        done += 1;
        console.log(
          `[${done}/${total}] variant ${v.name}: ${verdict.passed ? 'passed' : `FALSE ALARM: ${verdict.failures?.[0] ?? ''}`} ${verdict.seconds}s`,
        );
      },
    });
    quiet.stop();
  }

  // 3. A fault with no hint, or not caught on it: its API's whole run, stopped after a few failures
  // (each failed test restarts a worker); only a fault not yet caught by its declared check is run
  // again in full.
  await pool(rest, parallel, async (spec) => {
    const options = { reportsDir: `${workDir}/faults/${spec.name}`, ...common, faults: [spec.name], projects: projectsFor(spec, 'fault') };
    const runs: SuiteRun[] = [];
    for (const args of [['--max-failures=2'], []]) {
      const run = await runSuite({ ...options, args });
      runs.push(run);
      if (faultVerdict(spec, run).caught || run.exitCode !== 1) break;
    }
    recordFault(spec, runs, hints[spec.name] ? ' (its hint is stale)' : '');
  });

  // Every documented status runs against the reference server or a lawful variant of it.
  const unearned = referenceGaps.filter((c) => !earnedByVariants.has(c));
  if (unearned.length && !values['skip-reference'] && variants.length) {
    reference.passed = false;
    reference.failures.push(...unearned.map((c) => `not covered by the reference run nor by any variant: ${c}`));
  }

  /** A line every 30 s while a phase prints nothing else, so a long batched run shows it is alive. */
  function quietWatch(phase: string, figures: () => string): { printed(): void; stop(): void } {
    const t0 = performance.now();
    let last = t0;
    const timer = setInterval(() => {
      if (performance.now() - last < 30_000) return;
      last = performance.now();
      console.log(`  ... ${phase}: ${figures()}, ${((last - t0) / 1000).toFixed(0)} s into this phase`);
    }, 5_000);
    timer.unref();
    return {
      printed: () => {
        last = performance.now();
      },
      stop: () => clearInterval(timer),
    };
  }

  const order = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);
  faultVerdicts.sort(order);
  variantVerdicts.sort(order);
  const report: FaultRunReport = {
    reference,
    faults: faultVerdicts,
    variants: variantVerdicts,
    scores: scores(faultVerdicts, variantVerdicts),
    ...(values['skip-reference'] ? {} : clauseProof(enforcedClauses, faults)),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    parallel,
  };
  writeFaultRunReport(reportsDir, report);
  if (values['write-hints']) writeHints({ ...hints, ...foundHints });
  console.log(`\n${renderTable(report)}\n`);
  const s = report.scores;
  console.log(
    `Sensitivity: ${s.faultsCaught}/${s.faults} faults caught by their declared check (${s.sensitivity}). False alarms: ${s.variants - s.variantsPassed}/${s.variants} variants (${s.falseAlarms}). ${report.seconds} s.`,
  );
  for (const line of reference.failures.slice(0, 20)) console.log(`  reference: ${line}`);
  if (report.clauses)
    console.log(
      `Clauses: ${report.clauses.length - (report.unproven?.length ?? 0)}/${report.clauses.length} that the suite enforces are broken by some fault${report.unproven?.length ? `; unproven: ${report.unproven.join(', ')}` : ''}.`,
    );
  const ok = reference.passed && s.faultsCaught === s.faults && s.variantsPassed === s.variants;
  console.log(ok ? 'Fault run: OK' : 'Fault run: FAILED (see reports/faults.md)');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
