/** reports/faults.json and reports/faults.md, and the table printed by `npm test`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { FaultVerdict, VariantVerdict } from './verdicts';

export interface FaultRunReport {
  reference: {
    passed: boolean;
    seconds: number;
    tests: { passed: number; failed: number; skipped: number };
    cells: Record<string, number>;
    failures: string[];
  };
  faults: FaultVerdict[];
  variants: VariantVerdict[];
  /**
   * Every clause a verdict of the reference run enforced, with the checks that judged it and the
   * faults that break it; `unproven` lists those no fault breaks (a clause the suite can fail a
   * target with, never shown to catch anything).
   */
  clauses?: { id: string; checks: string[]; faults: string[] }[];
  unproven?: string[];
  scores: { sensitivity: string; falseAlarms: string; faultsCaught: number; faults: number; variantsPassed: number; variants: number };
  seconds: number;
  parallel: number;
}

export function scores(faults: FaultVerdict[], variants: VariantVerdict[]): FaultRunReport['scores'] {
  const caught = faults.filter((f) => f.caught).length;
  const passed = variants.filter((v) => v.passed).length;
  const pct = (n: number, d: number): string => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
  return {
    sensitivity: pct(caught, faults.length),
    falseAlarms: pct(variants.length - passed, variants.length),
    faultsCaught: caught,
    faults: faults.length,
    variantsPassed: passed,
    variants: variants.length,
  };
}

export function renderTable(report: FaultRunReport): string {
  const rows: string[][] = [['name', 'kind', 'verdict', 'catching check', 'seconds']];
  rows.push(['reference (no fault)', 'reference', report.reference.passed ? 'passed' : 'FAILED', '-', report.reference.seconds.toFixed(1)]);
  for (const v of report.variants) rows.push([v.name, 'variant', v.passed ? 'passed' : 'FALSE ALARM', '-', v.seconds.toFixed(1)]);
  for (const f of report.faults)
    rows.push([
      f.name,
      'fault',
      f.caught ? 'caught' : 'ESCAPED',
      f.caught ? f.check : `${f.check} (expected ${f.expectedCheck})`,
      f.seconds.toFixed(1),
    ]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]): string => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(rows[0]!), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

export function renderMarkdown(report: FaultRunReport): string {
  const s = report.scores;
  const out = [
    '# Fault run',
    '',
    `- sensitivity: ${s.faultsCaught}/${s.faults} faults caught by their declared check (${s.sensitivity})`,
    `- false alarms: ${s.variants - s.variantsPassed}/${s.variants} lawful variants failed (${s.falseAlarms})`,
    `- reference server: ${report.reference.passed ? 'passed' : 'FAILED'} (${report.reference.tests.passed} tests passed, ${report.reference.tests.failed} failed, ${report.reference.tests.skipped} skipped; cells ${Object.entries(
      report.reference.cells,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    `- wall time: ${report.seconds.toFixed(0)} s with ${report.parallel} runs in parallel`,
    ...(report.clauses
      ? [
          `- clauses proven: ${report.clauses.length - (report.unproven?.length ?? 0)}/${report.clauses.length} clauses the suite enforces have a fault that breaks them${report.unproven?.length ? ` (unproven: ${report.unproven.length}, listed below)` : ''}`,
        ]
      : []),
    '',
    renderTable(report),
    '',
  ];
  const problems = [
    ...report.reference.failures.map((f) => `- reference: ${f}`),
    ...report.faults
      .filter((f) => !f.caught)
      .map((f) => `- fault ${f.name} (breaks ${f.clause}): ${f.note ?? ''} (checks that failed: ${f.checks.join(', ') || 'none'})`),
    ...report.variants
      .filter((v) => !v.passed)
      .flatMap((v) => (v.failures ?? []).slice(0, 5).map((line) => `- variant ${v.name} (lawful by ${v.clause}): ${line}`)),
  ];
  if (problems.length) out.push('## Problems', '', ...problems, '');
  if (report.clauses?.length) {
    out.push(
      '## Clauses and the faults that prove them',
      '',
      '| clause | checks that enforce it | faults that break it |',
      '|---|---|---|',
    );
    for (const c of report.clauses)
      out.push(`| \`${c.id}\` | ${c.checks.join(', ')} | ${c.faults.length ? c.faults.join(', ') : '**unproven**'} |`);
    out.push('');
  }
  return out.join('\n');
}

export function writeFaultRunReport(dir: string, report: FaultRunReport): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/faults.json`, JSON.stringify(report, null, 2));
  writeFileSync(`${dir}/faults.md`, renderMarkdown(report));
}

/** Every clause the reference run enforced, with the faults that declare they break it; those without any are unproven. */
export function clauseProof(
  enforced: Readonly<Record<string, { checks: string[] }>>,
  faults: readonly { name: string; clause: string }[],
): { clauses: { id: string; checks: string[]; faults: string[] }[]; unproven: string[] } {
  const clauses = Object.keys(enforced)
    .sort()
    .map((id) => ({
      id,
      checks: [...(enforced[id]?.checks ?? [])].sort(),
      faults: faults
        .filter((f) => f.clause === id)
        .map((f) => f.name)
        .sort(),
    }));
  return { clauses, unproven: clauses.filter((c) => c.faults.length === 0).map((c) => c.id) };
}
