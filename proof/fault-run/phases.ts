/**
 * The phases of the fault run, each one Playwright run or a pool of them: the reference server
 * (every test passes; the clauses its verdicts enforce; the cells it leaves for the variants to
 * earn), every fault on the test that caught it last time, every lawful variant, and every fault
 * not caught on a hint through its API's whole run. proof/cli/faults.ts sequences them.
 */
import { COMMON_VARIANTS, type FaultSpec, type VariantSpec } from '../../servers/reference/faults-and-variants';
import { APIS, type ApiName } from '../../contract/catalogue';
import type { ConformanceReport } from '../../src/reporting/conformance-types';
import { hintFrom, hintProject, type CatchHint, type CatchHints } from './catch-hints';
import type { FaultRunReport } from './report';
import { pool, runInstances, runSuite, type SuiteRun, type SuiteRunOptions } from './run-suite';
import { faultVerdict, variantVerdict, type FaultVerdict, type VariantVerdict } from './verdicts';

export interface PhaseOptions {
  workDir: string;
  /** What every run shares (seed, cases per property, workers, time-out). */
  common: Pick<SuiteRunOptions, 'env' | 'workers' | 'timeoutMs'>;
  /** Runs at once (the batched runs' workers, the pool's width). */
  parallel: number;
}

/**
 * The Playwright projects that can observe a catalogue entry. A fault is a defect of one API's
 * operations, so only that API's specs can see it (a token fault is an `hr` fault: the token specs
 * live there). A variant may change what a neighbour sees (v3 tokens and error bodies serve both HR
 * and learning), so v3 variants run both v3 projects and transport-wide variants run everything.
 */
export function projectsFor(item: FaultSpec | VariantSpec, kind: 'fault' | 'variant'): ApiName[] {
  if (COMMON_VARIANTS.some((v) => v.name === item.name)) return [...APIS];
  if (item.api === 'rm') return ['rm'];
  return kind === 'fault' ? [item.api] : ['hr', 'learning'];
}

/** A line every 30 s while a phase prints nothing else, so a long batched run shows it is alive. */
export function quietWatch(phase: string, figures: () => string): { printed(): void; stop(): void } {
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

export interface ReferenceOutcome {
  reference: FaultRunReport['reference'];
  /** Cells it left not covered (and not marked untestable): a lawful variant must earn each. */
  gaps: string[];
  /** The clauses its verdicts enforced: the clauses the suite can fail a target with. */
  enforced: NonNullable<ConformanceReport['clauses']>;
}

/** The suite against the reference server at the default width (one worker per API project, as a user's run). */
export async function referencePhase(o: PhaseOptions): Promise<ReferenceOutcome> {
  // The reference run also holds every test to its declared coverage (specs/kit/declare.ts).
  const env = { ...o.common.env, CONFORMANCE_SELF_CHECK: '1' };
  const run = await runSuite({ reportsDir: `${o.workDir}/reference`, env, timeoutMs: o.common.timeoutMs ?? 600_000 });
  const cells: Record<string, number> = {};
  for (const op of run.report?.operations ?? []) for (const v of Object.values(op.statuses)) cells[v] = (cells[v] ?? 0) + 1;
  const gaps = (run.report?.operations ?? []).flatMap((op) =>
    Object.entries(op.statuses)
      .filter(([s, v]) => v === 'not-covered' && !op.untestable?.some((u) => u.status === s))
      .map(([s]) => `${op.id} ${s}`),
  );
  const failures = [
    ...(run.report?.failures ?? []).map((f) => `[${f.check}] ${f.test}: ${f.message.slice(0, 200)}`),
    ...(run.report ? [] : [`no report (exit ${run.exitCode}): ${run.tail}`]),
  ];
  const reference = {
    passed: run.exitCode === 0,
    seconds: Math.round(run.seconds * 10) / 10,
    tests: run.report?.totals ?? { passed: 0, failed: 0, skipped: 0 },
    cells,
    failures,
  };
  console.log(
    `reference: ${reference.passed ? 'passed' : 'FAILED'} in ${reference.seconds} s (${reference.tests.passed} passed, ${reference.tests.failed} failed, ${reference.tests.skipped} skipped)`,
  );
  return { reference, gaps, enforced: run.report?.clauses ?? {} };
}

/** Records fault verdicts, the hints they leave, and prints a line each. */
export class FaultLedger {
  readonly verdicts: FaultVerdict[] = [];
  readonly variants: VariantVerdict[] = [];
  readonly foundHints: CatchHints = {};
  /** Cells a passing variant earned. */
  readonly earnedByVariants = new Set<string>();
  private done = 0;

  constructor(private readonly total: number) {}

  fault(spec: FaultSpec, runs: readonly SuiteRun[], how: string): FaultVerdict {
    const verdict = faultVerdict(spec, runs.at(-1) as SuiteRun);
    verdict.seconds = Math.round(runs.reduce((n, r) => n + r.seconds, 0) * 10) / 10;
    const found = verdict.caught ? hintFrom(runs.at(-1)?.report ?? null, spec.expectedCheck) : null;
    if (found) this.foundHints[spec.name] = found;
    this.verdicts.push(verdict);
    this.done += 1;
    console.log(
      `[${this.done}/${this.total}] fault ${spec.name}: ${verdict.caught ? `caught by ${verdict.check}${how}` : `ESCAPED (${verdict.note ?? ''})`} ${verdict.seconds}s`,
    );
    return verdict;
  }

  variant(spec: VariantSpec, run: SuiteRun): void {
    for (const op of run.report?.operations ?? [])
      for (const [s, cell] of Object.entries(op.statuses)) if (cell === 'passed') this.earnedByVariants.add(`${op.id} ${s}`);
    const verdict = variantVerdict(spec, run);
    this.variants.push(verdict);
    this.done += 1;
    console.log(
      `[${this.done}/${this.total}] variant ${spec.name}: ${verdict.passed ? 'passed' : `FALSE ALARM: ${verdict.failures?.[0] ?? ''}`} ${verdict.seconds}s`,
    );
  }
}

/** Every fault with a hint, on the one test that caught it last time, all in one Playwright run; returns those not caught there. */
export async function hintedPhase(
  o: PhaseOptions,
  faults: readonly FaultSpec[],
  hints: CatchHints,
  ledger: FaultLedger,
): Promise<FaultSpec[]> {
  const hinted = faults.filter((f) => hints[f.name]);
  const rest: FaultSpec[] = faults.filter((f) => !hints[f.name]);
  if (!hinted.length) return rest;
  const t0 = performance.now();
  let onHint = 0;
  let judged = 0;
  const byName = new Map(hinted.map((f) => [f.name, f]));
  const quiet = quietWatch('hinted faults', () => `${judged}/${hinted.length} judged`);
  await runInstances(
    hinted.map((f) => ({ name: f.name, faults: [f.name], variants: [], projects: [hintProject(f.api, hints[f.name] as CatchHint)] })),
    {
      reportsDir: `${o.workDir}/hinted`,
      ...o.common,
      workers: o.parallel,
      timeoutMs: 1_800_000,
      // Each verdict as its instance's last test ends (runInstances watches the run's reports).
      onInstance: (instance, run) => {
        quiet.printed();
        judged += 1;
        const f = byName.get(instance.name) as FaultSpec;
        if (faultVerdict(f, run).caught) {
          ledger.fault(f, [run], ' (on its hint)');
          onHint += 1;
        } else rest.push(f);
      },
    },
  );
  quiet.stop();
  console.log(
    `${onHint}/${hinted.length} hinted faults caught on their hints in one run of ${((performance.now() - t0) / 1000).toFixed(1)} s; ${rest.length} to run in full`,
  );
  return rest;
}

/** Every lawful variant, each through every spec of the APIs it touches: one Playwright run. */
export async function variantPhase(o: PhaseOptions, variants: readonly VariantSpec[], ledger: FaultLedger): Promise<void> {
  if (!variants.length) return;
  const byName = new Map(variants.map((v) => [v.name, v]));
  const quiet = quietWatch('variants', () => `${ledger.variants.length}/${variants.length} judged`);
  await runInstances(
    variants.map((v) => ({
      name: v.name,
      faults: [],
      variants: [v.name],
      ...(v.env ? { env: { ...v.env } } : {}),
      projects: projectsFor(v, 'variant').map((api) => ({ api })),
    })),
    {
      reportsDir: `${o.workDir}/variants`,
      ...o.common,
      workers: o.parallel,
      timeoutMs: 1_800_000,
      onInstance: (instance, run) => {
        quiet.printed();
        ledger.variant(byName.get(instance.name) as VariantSpec, run);
      },
    },
  );
  quiet.stop();
}

/**
 * A fault with no hint, or not caught on it: its API's whole run, stopped after a few failures;
 * only a fault not yet caught by its declared check is run again in full.
 */
export async function fullPhase(o: PhaseOptions, faults: readonly FaultSpec[], hints: CatchHints, ledger: FaultLedger): Promise<void> {
  await pool(faults, o.parallel, async (spec) => {
    const options = {
      reportsDir: `${o.workDir}/faults/${spec.name}`,
      ...o.common,
      faults: [spec.name],
      projects: projectsFor(spec, 'fault'),
    };
    const runs: SuiteRun[] = [];
    for (const args of [['--max-failures=2'], []]) {
      const run = await runSuite({ ...options, args });
      runs.push(run);
      if (faultVerdict(spec, run).caught || run.exitCode !== 1) break;
    }
    ledger.fault(spec, runs, hints[spec.name] ? ' (its hint is stale)' : '');
  });
}
