/**
 * The difference between two runs' conformance.json: the matrix cells that changed (passed -> failed,
 * failed -> passed, newly covered, newly skipped, ...), the failures b has and a has not and the
 * reverse (compared by key: check, operation, status cell, test) with their clauses, and the
 * observations whose values changed (same category and subject, other values). Exit 1 when b has a
 * failure a does not.
 */
import { describeKey, keyString, testIdsOf, uniqueByKey } from './failure-key';
import type { GateCell, GateFailure, GateObservation, GateReport } from './types';

export type CellChangeKind =
  | 'passed-to-failed'
  | 'failed-to-passed'
  | 'newly-covered'
  | 'newly-skipped'
  | 'no-longer-covered'
  | 'gone'
  | 'other';

export const CHANGE_LABEL: Record<CellChangeKind, string> = {
  'passed-to-failed': 'passed → failed',
  'failed-to-passed': 'failed → passed',
  'newly-covered': 'newly covered',
  'newly-skipped': 'newly skipped',
  'no-longer-covered': 'no longer covered',
  gone: 'not in b',
  other: 'changed',
};

export interface CellChange {
  operationId: string;
  method: string;
  path: string;
  status: string;
  before: GateCell | 'absent';
  after: GateCell | 'absent';
  kind: CellChangeKind;
}

export interface ObservationChange {
  category: string;
  subject: string;
  before: string[];
  after: string[];
}

export interface RunSummary {
  path: string;
  suite: string;
  target: { rm: string; hr: string };
  seed: number | null;
}

export interface ReportDiff {
  a: RunSummary;
  b: RunSummary;
  cells: CellChange[];
  /** Failures of b whose key a has not. */
  newFailures: GateFailure[];
  /** Failures of a whose key b has not. */
  vanishedFailures: GateFailure[];
  observations: ObservationChange[];
  /** 1 when b has a failure a does not, else 0. */
  exitCode: 0 | 1;
}

const RAN: ReadonlySet<string> = new Set(['passed', 'failed']);

export function cellChangeKind(before: GateCell | 'absent', after: GateCell | 'absent'): CellChangeKind {
  if (after === 'absent') return 'gone';
  if (before === 'passed' && after === 'failed') return 'passed-to-failed';
  if (before === 'failed' && after === 'passed') return 'failed-to-passed';
  if (RAN.has(after) && !RAN.has(before)) return 'newly-covered';
  if (after === 'skipped') return 'newly-skipped';
  if (RAN.has(before) && after === 'not-covered') return 'no-longer-covered';
  return 'other';
}

export function diffReports(a: GateReport, b: GateReport, paths: { a: string; b: string } = { a: 'a', b: 'b' }): ReportDiff {
  const cells: CellChange[] = [];
  const aOps = new Map(a.operations.map((op) => [op.id, op]));
  const bOps = new Map(b.operations.map((op) => [op.id, op]));
  const ids = [...new Set([...b.operations.map((op) => op.id), ...a.operations.map((op) => op.id)])];
  for (const id of ids) {
    const before = aOps.get(id);
    const after = bOps.get(id);
    const op = after ?? before;
    if (!op) continue;
    const statuses = [...new Set([...Object.keys(after?.statuses ?? {}), ...Object.keys(before?.statuses ?? {})])];
    for (const status of statuses) {
      const x = before?.statuses[status] ?? 'absent';
      const y = after?.statuses[status] ?? 'absent';
      if (x !== y)
        cells.push({ operationId: id, method: op.method, path: op.path, status, before: x, after: y, kind: cellChangeKind(x, y) });
    }
  }
  // Tests by id; a report written before ids is matched by title once, through the other run's ids.
  const testIds = new Map([...testIdsOf(a.tests ?? []), ...testIdsOf(b.tests ?? [])]);
  const aKeys = new Set(a.failures.map((f) => keyString(f, testIds)));
  const bKeys = new Set(b.failures.map((f) => keyString(f, testIds)));
  const newFailures = uniqueByKey(
    b.failures.filter((f) => !aKeys.has(keyString(f, testIds))),
    testIds,
  );
  const vanishedFailures = uniqueByKey(
    a.failures.filter((f) => !bKeys.has(keyString(f, testIds))),
    testIds,
  );
  return {
    a: summary(a, paths.a),
    b: summary(b, paths.b),
    cells,
    newFailures,
    vanishedFailures,
    observations: observationChanges(a.observations, b.observations),
    exitCode: newFailures.length > 0 ? 1 : 0,
  };
}

/** Observation groups (category, subject) present in both runs whose sets of values differ. */
export function observationChanges(a: readonly GateObservation[], b: readonly GateObservation[]): ObservationChange[] {
  const group = (list: readonly GateObservation[]): Map<string, { category: string; subject: string; values: Set<string> }> => {
    const map = new Map<string, { category: string; subject: string; values: Set<string> }>();
    for (const o of list) {
      const k = JSON.stringify([o.category, o.subject]);
      const g = map.get(k) ?? { category: o.category, subject: o.subject, values: new Set<string>() };
      g.values.add(o.value);
      map.set(k, g);
    }
    return map;
  };
  const before = group(a);
  const changes: ObservationChange[] = [];
  for (const [k, after] of group(b)) {
    const was = before.get(k);
    if (!was) continue;
    const same = was.values.size === after.values.size && [...was.values].every((v) => after.values.has(v));
    if (!same)
      changes.push({ category: after.category, subject: after.subject, before: [...was.values].sort(), after: [...after.values].sort() });
  }
  return changes.sort((x, y) => x.category.localeCompare(y.category) || x.subject.localeCompare(y.subject));
}

function summary(r: GateReport, path: string): RunSummary {
  return { path, suite: [r.suite.name, r.suite.version].filter(Boolean).join(' ') || 'unknown', target: r.target, seed: r.seed ?? null };
}

/** reports/diff.md: the difference for people (fits a CI job summary). */
export function renderDiffMarkdown(d: ReportDiff): string {
  const out: string[] = [];
  const verdict = d.newFailures.length ? `${d.newFailures.length} new failure(s)` : 'no new failure';
  out.push(`# Conformance diff: ${verdict}`, '');
  for (const [name, r] of [
    ['a', d.a],
    ['b', d.b],
  ] as const)
    out.push(`- ${name}: \`${r.path}\` (${r.suite}; RM ${r.target.rm}, HR ${r.target.hr}${r.seed !== null ? `; seed ${r.seed}` : ''})`);
  out.push(
    `- ${d.cells.length} cell(s) changed, ${d.newFailures.length} new failure(s), ${d.vanishedFailures.length} vanished failure(s), ${d.observations.length} observation(s) changed`,
    '',
  );
  if (!d.cells.length && !d.newFailures.length && !d.vanishedFailures.length && !d.observations.length) {
    out.push('No difference in the matrix, the failures or the observations.', '');
    return out.join('\n');
  }
  if (d.cells.length) {
    out.push('## Cells that changed', '', '| operation | status | a | b | change |', '|---|---|---|---|---|');
    for (const c of d.cells)
      out.push(`| \`${c.method} ${c.path}\` (${c.operationId}) | ${c.status} | ${c.before} | ${c.after} | ${CHANGE_LABEL[c.kind]} |`);
    out.push('');
  }
  failureSection(out, 'New failures (in b, not in a)', d.newFailures);
  failureSection(out, 'Vanished failures (in a, not in b)', d.vanishedFailures);
  if (d.observations.length) {
    out.push('## Observations that changed', '', '| kind | subject | a | b |', '|---|---|---|---|');
    for (const o of d.observations)
      out.push(`| ${o.category} | ${esc(o.subject)} | ${o.before.map(esc).join('; ')} | ${o.after.map(esc).join('; ')} |`);
    out.push('');
  }
  return out.join('\n');
}

function failureSection(out: string[], title: string, list: readonly GateFailure[]): void {
  if (!list.length) return;
  out.push(`## ${title}`, '');
  for (const f of list) {
    out.push(`- \`${describeKey(f).replace(/`/g, "'")}\`: ${f.message.replace(/\s+/g, ' ').slice(0, 300)}`);
    if (f.clause) out.push(`  - required by ${f.clause.seed} ${f.clause.section}: "${f.clause.quote.replace(/\s+/g, ' ')}"`);
  }
  out.push('');
}

const esc = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
