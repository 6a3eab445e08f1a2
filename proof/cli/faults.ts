/**
 * `npm run faults`, the fault run (also `npm run mutation`, its old name; the last step
 * of `npm test`): the suite against the reference server (must pass, every documented status
 * covered), against every lawful variant (must pass), and against every fault (must fail by the
 * fault's declared check). Prints the table and the two scores, writes reports/fault-run/faults.{json,md},
 * and exits 1 if anything is off.
 * A fault is first tried on the one test that caught it last time (proof/fault-run/catch-hints.ts).
 * Options: --only <substring> (run the matching faults/variants only), --parallel N, --no-hints
 * (every fault gets its API's whole run), --write-hints (refresh the committed hints from this run).
 */
import { API_VARIANTS, COMMON_VARIANTS, FAULTS, VARIANTS } from '../../servers/reference/faults-and-variants';
import { faultListProblems } from '../fault-run/fault-audit';
import { readHints, writeHints } from '../fault-run/catch-hints';
import { FaultLedger, fullPhase, hintedPhase, referencePhase, variantPhase } from '../fault-run/phases';
import { clauseProof, renderTable, scores, writeFaultRunReport, type FaultRunReport } from '../fault-run/report';
import { parseCliArgs, usageError } from '../../src/cli/help';

// An async main, not top-level await: the package is CommonJS (README, Design: why).
/** The fault run's own folder (src/runner/run-info.ts OWNED_ELSEWHERE): its report, and each of its runs' reports. */
const FAULT_RUN_DIR = `${process.env.CONFORMANCE_REPORTS_DIR ?? 'reports'}/fault-run`;

async function main(): Promise<void> {
  const { values } = parseCliArgs('faults', {
    options: {
      only: { type: 'string' },
      // Four, on 2 cores: the many-instance runs' one runner (every reference server, the dispatcher)
      // keeps two workers waiting (~1.4 cores busy); four keep both cores busy (152 -> 111 s; six: 135 s).
      parallel: { type: 'string', default: process.env.CONFORMANCE_FAULT_RUN_PARALLEL ?? process.env.CONFORMANCE_MUTATION_PARALLEL ?? '4' },
      'skip-reference': { type: 'boolean', default: false },
      'no-hints': { type: 'boolean', default: false },
      'write-hints': { type: 'boolean', default: false },
    },
  });
  if (!/^[1-9]\d*$/.test(values.parallel)) usageError('npm run faults', `--parallel must be a positive integer (got "${values.parallel}")`);
  const parallel = Number(values.parallel);
  const workDir = FAULT_RUN_DIR;
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

  const started = performance.now();
  // Fewer generated cases per property than a normal run: the fault runs the suite ~150 times.
  const numRuns = process.env.CONFORMANCE_NUM_RUNS ?? '5';
  const phase = {
    workDir,
    parallel,
    common: { env: { CONFORMANCE_SEED: seed, CONFORMANCE_NUM_RUNS: numRuns }, workers: 1, timeoutMs: 600_000 },
  };
  console.log(
    `Fault run: ${faults.length} faults, ${variants.length} variants (+ the reference run), ${parallel} in parallel, seed ${seed}`,
  );

  const ref = values['skip-reference'] ? null : await referencePhase(phase);
  const hints = values['no-hints'] ? {} : readHints();
  const ledger = new FaultLedger(faults.length + variants.length);
  const rest = await hintedPhase(phase, faults, hints, ledger);
  await variantPhase(phase, variants, ledger);
  await fullPhase(phase, rest, hints, ledger);

  const reference: FaultRunReport['reference'] = ref?.reference ?? {
    passed: true,
    seconds: 0,
    tests: { passed: 0, failed: 0, skipped: 0 },
    cells: {},
    failures: [],
  };
  // Every documented status runs against the reference server or a lawful variant of it.
  const unearned = (ref?.gaps ?? []).filter((c) => !ledger.earnedByVariants.has(c));
  if (unearned.length && variants.length) {
    reference.passed = false;
    reference.failures.push(...unearned.map((c) => `not covered by the reference run nor by any variant: ${c}`));
  }
  // A clause is proven by any fault of the list that breaks it, whether this run selected that fault or not.
  const report = finish(reference, ledger, ref ? clauseProof(ref.enforced, FAULTS) : {}, started, parallel);
  writeFaultRunReport(workDir, report);
  if (values['write-hints']) writeHints({ ...hints, ...ledger.foundHints });
  process.exit(printOutcome(report) ? 0 : 1);
}

/** The run's report: verdicts in name order, the scores and the clauses' proof. */
function finish(
  reference: FaultRunReport['reference'],
  ledger: FaultLedger,
  proof: Pick<FaultRunReport, 'clauses' | 'unproven'>,
  started: number,
  parallel: number,
): FaultRunReport {
  const order = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);
  const faults = [...ledger.verdicts].sort(order);
  const variants = [...ledger.variants].sort(order);
  return {
    reference,
    faults,
    variants,
    scores: scores(faults, variants),
    ...proof,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    parallel,
  };
}

/** Prints the table, the scores, what is off and the clauses left unproven; true when the run is OK. */
function printOutcome(report: FaultRunReport): boolean {
  console.log(`\n${renderTable(report)}\n`);
  const s = report.scores;
  console.log(
    `Sensitivity: ${s.faultsCaught}/${s.faults} faults caught by their declared check (${s.sensitivity}). False alarms: ${s.variants - s.variantsPassed}/${s.variants} variants (${s.falseAlarms}). ${report.seconds} s.`,
  );
  for (const line of report.reference.failures.slice(0, 20)) console.log(`  reference: ${line}`);
  if (report.clauses)
    console.log(
      `Clauses: ${report.clauses.length - (report.unproven?.length ?? 0)}/${report.clauses.length} that the suite enforces are broken by some fault${report.unproven?.length ? `; unproven: ${report.unproven.join(', ')}` : ''}.`,
    );
  const ok = report.reference.passed && s.faultsCaught === s.faults && s.variantsPassed === s.variants;
  console.log(ok ? 'Fault run: OK' : `Fault run: FAILED (see ${FAULT_RUN_DIR}/faults.md)`);
  return ok;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
