/**
 * The console summary of a run, from its conformance report alone: the target first (naming the
 * embedded reference server when it is one), the verdict, the counts, then one block per failure
 * (the check, the clause word for word, the failing exchange's request and response, and the one
 * replay command), at most ten.
 */
import { uncoveredCounts } from './cells';
import type { ConformanceReport, FailureLine } from './conformance-types';

const EMBEDDED = 'embedded';

/** "RM v2: https://... ; HR/Learning v3: the embedded reference server". */
export function targetLine(report: Pick<ConformanceReport, 'target'>): string {
  const where = (t: string): string => (t === EMBEDDED ? 'the embedded reference server' : t);
  return `Target: RM v2 ${where(report.target.rm)}; HR core / Learning v3 ${where(report.target.hr)}`;
}

export function verdictLine(report: ConformanceReport): string {
  const { totals } = report;
  const ran = totals.passed + totals.failed;
  const notJudged = totals.notJudged
    ? `; ${totals.notJudged} test(s) NOT JUDGED (the suite's own time-out, or an answer it cannot attribute to the target; see below)`
    : '';
  const g = report.gate;
  if (g && g.exitCode === 0 && totals.failed > 0)
    return `Conformance: no new failure; ${g.known.length} known and ${g.expected.length} expected deviation(s) (release gate)${notJudged}  (seed ${report.seed})`;
  if (totals.failed > 0) return `Conformance: ${totals.failed} FAILURE(S)${notJudged}  (seed ${report.seed})`;
  if (ran === 0) return `Conformance: nothing was judged${notJudged}  (seed ${report.seed})`;
  return `Conformance: CONFORMS on everything judged${notJudged}  (seed ${report.seed})`;
}

function failureBlock(f: FailureLine): string[] {
  const out = [`  x [${f.check}] ${f.test}`];
  if (f.clause) out.push(`      ${f.clause.seed} ${f.clause.section}: "${f.clause.quote}"`);
  else out.push('      no clause: the suite itself failed here, not the target');
  out.push(`      ${f.message}`);
  const x = f.exchange;
  if (x) {
    out.push(`      failing exchange ${String(x.n).padStart(3, '0')}${x.operationId ? ` (${x.operationId})` : ''}:`);
    out.push(`        > ${x.method} ${x.url}`);
    if (x.requestBody) out.push(`        > ${x.requestBody.length > 300 ? `${x.requestBody.slice(0, 300)}...` : x.requestBody}`);
    for (const line of x.response.slice(0, 7)) out.push(`        < ${line}`);
  }
  if (f.id) out.push(`      replay: npm run replay -- ${f.id}`);
  if (f.replay) out.push(`      or: ${f.replay}`);
  return out;
}

export function summaryLines(report: ConformanceReport, maxFailures = 10): string[] {
  const cells = report.operations.flatMap((o) => Object.values(o.statuses));
  const count = (s: string): number => cells.filter((c) => c === s).length;
  const { totals } = report;
  const out = [targetLine(report), verdictLine(report)];
  const { notCovered, notRun } = uncoveredCounts(report);
  out.push(
    `  tests ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped, ${totals.notJudged} not judged; operation x status cells ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${notCovered} not covered${notRun ? `, ${notRun} not run (outside the selection)` : ''}`,
  );
  for (const f of report.failures.slice(0, maxFailures)) out.push(...failureBlock(f));
  if (report.failures.length > maxFailures) out.push(`  ... and ${report.failures.length - maxFailures} more (see reports/conformance.md)`);
  for (const n of report.notJudged.slice(0, maxFailures)) out.push(`  ? not judged: ${n.test}`, `      ${n.reason}`);
  return out;
}
