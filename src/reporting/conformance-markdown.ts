/** reports/conformance.md: the conformance summary for people (fits a CI job summary). */
import type { CellStatus, ConformanceReport } from './conformance-types';

const MARK: Record<CellStatus, string> = { passed: '✅', failed: '❌', skipped: '⏭️', 'not-covered': '⬜' };
const API_TITLE: Record<string, string> = { rm: 'Recruitment Marketing API v2', hr: 'HR core API v3', learning: 'Learning Activities API v3' };

export function renderMarkdown(report: ConformanceReport): string {
  const out: string[] = [];
  const { totals } = report;
  const verdict = totals.failed === 0 ? 'conforms on everything that ran' : `${totals.failed} conformance failure(s)`;
  out.push(`# Conformance summary: ${verdict}`, '');
  out.push(`- RM v2 target: ${report.target.rm}`, `- HR / Learning v3 target: ${report.target.hr}`);
  out.push(`- seed: ${report.seed} (replay with CONFORMANCE_SEED=${report.seed}), run id: ${report.runId}`);
  if (report.faults.length || report.variants.length) out.push(`- reference server faults: ${report.faults.join(', ') || '-'}; variants: ${report.variants.join(', ') || '-'}`);
  out.push(`- tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  const p = report.politeness;
  if (p) out.push(`- politeness: ${p.maxRps > 0 ? `at most ${p.maxRps} requests/s` : 'unthrottled'}, ${p.maxConcurrency} at once, time-out ${p.timeoutMs} ms; ${p.casesPerProperty} cases per property`);
  out.push('');
  out.push(`Legend: ${MARK.passed} passed, ${MARK.failed} failed, ${MARK.skipped} skipped, ${MARK['not-covered']} not covered.`, '');
  for (const api of ['rm', 'hr', 'learning']) {
    const ops = report.operations.filter((o) => o.api === api);
    if (ops.length === 0) continue;
    out.push(`## ${API_TITLE[api] ?? api}`, '', '| operation | statuses |', '|---|---|');
    for (const op of ops) {
      const cells = Object.entries(op.statuses).map(([s, v]) => `${s} ${MARK[v]}`).join('  ');
      out.push(`| \`${op.method} ${op.path}\` | ${cells} |`);
    }
    out.push('');
  }
  if (report.failures.length) {
    out.push('## Failures', '', 'Each failure quotes the sentence of the document it breaks.', '');
    for (const f of report.failures) {
      out.push(`### ${esc(f.test)}`, '', `- check: \`${f.check}\``, `- what happened: ${esc(f.message.slice(0, 400))}`);
      if (f.clause) out.push(`- required by ${f.clause.seed} ${f.clause.section}${f.clause.standard ? ` (${f.clause.standard})` : ''}:`, '', `  > ${f.clause.quote.replace(/\n/g, " ")}`);
      else out.push('- required by: no clause (a failure of the suite itself, not of the target)');
      out.push('');
    }
  }
  if (report.skipped.length) {
    out.push('## Skipped, and why', '');
    for (const s of report.skipped) out.push(`- \`${s.cell}\`: ${s.reason}`);
    out.push('');
  }
  const untestable = report.operations.flatMap((o) => (o.untestable ?? []).map((u) => `- \`${o.method} ${o.path}\`: ${u.what}: ${u.reason}`));
  if (untestable.length) out.push('## Not testable from the documents', '', ...untestable, '');
  if (report.observations.length) {
    out.push('## Observations (where the documents are silent; recorded, never failed)', '', '| kind | subject | observed | times |', '|---|---|---|---|');
    for (const o of report.observations) out.push(`| ${o.category} | ${esc(o.subject)} | ${esc(o.value)} | ${o.count} |`);
    out.push('');
  }
  if (report.leftovers.length) out.push('## Records the run could not undo', '', ...report.leftovers.map((l) => `- ${l}`), '');
  return out.join('\n');
}

function esc(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
