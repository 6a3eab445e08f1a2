/**
 * `npm run mutation` (and the last step of `npm test`): the suite against the reference server
 * (must pass, every documented status covered), against every lawful variant (must pass), and
 * against every fault (must fail by the fault's declared check). Prints the table and the two
 * scores, writes reports/mutation.{json,md}, and exits 1 if anything is off.
 * Options: --only <substring> (run the matching faults/variants only), --parallel N.
 */
import { parseArgs } from 'node:util';
import { API_VARIANTS, COMMON_VARIANTS, FAULTS, VARIANTS, type FaultSpec, type VariantSpec } from '../reference/catalogue';
import { catalogueProblems } from '../reference/fault-audit';
import { pool, runSuite } from '../mutation/run-suite';
import { faultVerdict, variantVerdict, type FaultVerdict, type VariantVerdict } from '../mutation/verdicts';
import { renderTable, scores, writeMutationReport, type MutationReport } from '../mutation/report';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    parallel: { type: 'string', default: process.env.CONFORMANCE_MUTATION_PARALLEL ?? '2' },
    'skip-reference': { type: 'boolean', default: false },
  },
});
const parallel = Math.max(1, Number(values.parallel) || 2);
const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
const workDir = `${reportsDir}/mutation`;
// One fixed seed for the whole catalogue run, so its verdicts are reproducible.
const seed = process.env.CONFORMANCE_SEED ?? '20261123';

// Every fault names a registry clause its check cites; every variant a registry clause; names are unique.
const problems = catalogueProblems(FAULTS, API_VARIANTS, COMMON_VARIANTS);
if (problems.length) {
  console.error(`The fault catalogue is not lawful:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

const selected = <T extends { name: string }>(items: readonly T[]): T[] => items.filter((i) => !values.only || i.name.includes(values.only));
const faults = selected(FAULTS);
const variants = selected(VARIANTS);

/**
 * The Playwright projects that can observe a catalogue entry. A fault is a defect of one API's
 * operations, so only that API's specs can see it (a token fault is an `hr` fault: the token specs
 * live there). A variant may change what a neighbour sees (v3 tokens and error bodies serve both HR
 * and learning), so v3 variants run both v3 projects and transport-wide variants run everything.
 */
function projectsFor(item: FaultSpec | VariantSpec, kind: 'fault' | 'variant'): string[] {
  if (COMMON_VARIANTS.some((v) => v.name === item.name)) return [];
  if (item.api === 'rm') return ['rm'];
  return kind === 'fault' ? [item.api] : ['hr', 'learning'];
}

const started = performance.now();
// Fewer generated cases per property than a normal run: the catalogue runs the suite ~150 times.
const numRuns = process.env.CONFORMANCE_NUM_RUNS ?? '5';
const common = { env: { CONFORMANCE_SEED: seed, CONFORMANCE_NUM_RUNS: numRuns }, workers: 1, timeoutMs: 600_000 };
console.log(`Fault catalogue: ${faults.length} faults, ${variants.length} variants (+ the reference run), ${parallel} in parallel, seed ${seed}`);

let reference: MutationReport['reference'] = { passed: true, seconds: 0, tests: { passed: 0, failed: 0, skipped: 0 }, cells: {}, failures: [] };
if (!values['skip-reference']) {
  const run = await runSuite({ reportsDir: `${workDir}/reference`, ...common, workers: 2 });
  const cells: Record<string, number> = {};
  for (const op of run.report?.operations ?? []) for (const v of Object.values(op.statuses)) cells[v] = (cells[v] ?? 0) + 1;
  const notCovered = (run.report?.operations ?? []).flatMap((op) => Object.entries(op.statuses).filter(([, v]) => v === 'not-covered').map(([s]) => `${op.id} ${s}`));
  const failures = [
    ...(run.report?.failures ?? []).map((f) => `[${f.checks.join(',')}] ${f.test}: ${f.message.slice(0, 200)}`),
    ...notCovered.map((c) => `not covered: ${c}`),
    ...(run.report ? [] : [`no report (exit ${run.exitCode}): ${run.tail}`]),
  ];
  reference = { passed: run.exitCode === 0 && notCovered.length === 0, seconds: Math.round(run.seconds * 10) / 10, tests: run.report?.totals ?? reference.tests, cells, failures };
  console.log(`reference: ${reference.passed ? 'passed' : 'FAILED'} in ${reference.seconds} s (${reference.tests.passed} passed, ${reference.tests.failed} failed, ${reference.tests.skipped} skipped)`);
}

type Job = { kind: 'fault'; spec: FaultSpec } | { kind: 'variant'; spec: VariantSpec };
const jobs: Job[] = [...variants.map((spec) => ({ kind: 'variant' as const, spec })), ...faults.map((spec) => ({ kind: 'fault' as const, spec }))];
const faultVerdicts: FaultVerdict[] = [];
const variantVerdicts: VariantVerdict[] = [];
let done = 0;
await pool(jobs, parallel, async (job) => {
  const dir = `${workDir}/${job.kind}s/${job.spec.name}`;
  if (job.kind === 'fault') {
    // Every failed test costs a worker restart, so a first pass stops after a few failures; only a
    // fault not yet caught by its declared check is run again in full.
    const options = { reportsDir: dir, ...common, faults: [job.spec.name], projects: projectsFor(job.spec, 'fault') };
    let run = await runSuite({ ...options, args: ['--max-failures=2'] });
    let verdict = faultVerdict(job.spec, run);
    if (!verdict.caught && run.exitCode === 1) {
      const first = run.seconds;
      run = await runSuite(options);
      verdict = faultVerdict(job.spec, run);
      verdict.seconds = Math.round((first + run.seconds) * 10) / 10;
    }
    faultVerdicts.push(verdict);
    done += 1;
    console.log(`[${done}/${jobs.length}] fault ${job.spec.name}: ${verdict.caught ? `caught by ${verdict.check}` : `ESCAPED (${verdict.note ?? ''})`} ${verdict.seconds}s`);
  } else {
    const run = await runSuite({ reportsDir: dir, ...common, variants: [job.spec.name], projects: projectsFor(job.spec, 'variant'), env: { ...common.env, ...(job.spec.env ?? {}) } });
    const verdict = variantVerdict(job.spec, run);
    variantVerdicts.push(verdict);
    done += 1;
    console.log(`[${done}/${jobs.length}] variant ${job.spec.name}: ${verdict.passed ? 'passed' : `FALSE ALARM: ${verdict.failures?.[0] ?? ''}`} ${verdict.seconds}s`);
  }
});

const order = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);
faultVerdicts.sort(order);
variantVerdicts.sort(order);
const report: MutationReport = { reference, faults: faultVerdicts, variants: variantVerdicts, scores: scores(faultVerdicts, variantVerdicts), seconds: Math.round((performance.now() - started) / 100) / 10, parallel };
writeMutationReport(reportsDir, report);
console.log(`\n${renderTable(report)}\n`);
const s = report.scores;
console.log(`Sensitivity: ${s.faultsCaught}/${s.faults} faults caught by their declared check (${s.sensitivity}). False alarms: ${s.variants - s.variantsPassed}/${s.variants} variants (${s.falseAlarms}). ${report.seconds} s.`);
for (const line of reference.failures.slice(0, 20)) console.log(`  reference: ${line}`);
const ok = reference.passed && s.faultsCaught === s.faults && s.variantsPassed === s.variants;
console.log(ok ? 'Catalogue run: OK' : 'Catalogue run: FAILED (see reports/mutation.md)');
process.exit(ok ? 0 : 1);
