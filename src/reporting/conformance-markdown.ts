/** reports/conformance.md: the conformance summary for people (fits a CI job summary). */
import { clauseRef, CLAUSES, isClauseId } from '../../contract/clauses';
import type { CellStatus, ConformanceReport } from './conformance-types';
import { groupLeftovers, groupObservations } from './observations';
import { NOT_RUN_REASON, uncoveredCounts } from './cells';
import { renderGateMarkdown } from './gate/render';

const MARK: Record<CellStatus, string> = { passed: '✅', failed: '❌', skipped: '⏭️', 'not-covered': '⬜' };
/** A cell no test of the run set out to cover (a selection left it out): not the mark of a gap. */
const NOT_RUN_MARK = '➖';
const API_TITLE: Record<string, string> = {
  rm: 'Recruitment Marketing API v2',
  hr: 'HR core API v3',
  learning: 'Learning Activities API v3',
};
/** Skipped cells of one reason listed by name up to this many; the matrix shows the rest. */
const MAX_CELLS_PER_REASON = 8;

export function renderMarkdown(report: ConformanceReport): string {
  return [
    ...headerLines(report),
    ...(report.gate ? [renderGateMarkdown(report.gate), ''] : []),
    ...failureLines(report),
    ...notJudgedLines(report),
    ...matrixLines(report),
    ...skippedLines(report),
    ...untestableLines(report),
    ...observationLines(report),
    ...leftoverLines(report),
  ].join('\n');
}

/** The title, the target, the run and the counts, and the legend of the matrices. */
function headerLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  const { totals } = report;
  const verdict = totals.failed === 0 ? 'conforms on everything judged' : `${totals.failed} conformance failure(s)`;
  out.push(`# Conformance summary: ${verdict}`, '');
  out.push(`- RM v2 target: ${report.target.rm}`, `- HR / Learning v3 target: ${report.target.hr}`);
  out.push(`- seed: ${report.seed} (replay with CONFORMANCE_SEED=${report.seed}), run id: ${report.runId}`);
  if (report.faults.length || report.variants.length)
    out.push(`- reference server faults: ${report.faults.join(', ') || '-'}; variants: ${report.variants.join(', ') || '-'}`);
  out.push(`- tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped, ${totals.notJudged} not judged`);
  const cells = report.operations.flatMap((o) => Object.values(o.statuses));
  const count = (s: CellStatus): number => cells.filter((c) => c === s).length;
  const { notCovered, notRun } = uncoveredCounts(report);
  out.push(
    `- operation x status cells: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped cells, ${notCovered} not covered${notRun ? `, ${notRun} not run (no test of this run's selection covers them)` : ''}`,
  );
  const p = report.politeness;
  if (p)
    out.push(
      `- politeness: ${p.maxRps > 0 ? `at most ${p.maxRps} requests/s` : 'unthrottled'}, ${p.maxConcurrency} at once, time-out ${p.timeoutMs} ms; ${p.casesPerProperty} cases per property`,
    );
  out.push('');
  out.push(
    `Legend: ${MARK.passed} passed, ${MARK.failed} failed, ${MARK.skipped} skipped, ${MARK['not-covered']} not covered (a test set out to cover it and no exchange reached it), ${NOT_RUN_MARK} not run (no test of this run covers it); a superscript number marks a status the operation's row does not list, with the clause it comes from below the table.`,
    '',
  );
  return out;
}

/** Failures first: each with its check, what happened, the failing exchange, the replay, the cells and the quote. */
function failureLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  const label = cellLabels(report);
  if (report.failures.length) {
    out.push('## Failures', '', 'Each failure quotes the sentence of the document it breaks.', '');
    for (const f of report.failures) {
      out.push(`### ${esc(f.test)}`, '', `- check: \`${f.check}\``, `- what happened: ${esc(f.message.slice(0, 400))}`);
      if (f.exchange)
        out.push(
          `- failing exchange: ${f.exchange.n} of the test, ${f.exchange.method} ${esc(f.exchange.path)} -> ${f.exchange.status ?? 'no answer'}${f.exchange.operationId ? ` (${f.exchange.operationId})` : ''}`,
        );
      if (f.id) out.push(`- failure id: \`${f.id}\` (replay it: \`npm run replay -- ${f.id}\`)`);
      if (f.replay) out.push(`- replay: \`${f.replay}\``);
      if (f.cells)
        out.push(
          `- cells failed: ${f.cells.length ? f.cells.map((c) => `\`${label(c)}\``).join(', ') : 'none of the cells the test covers (the failing exchange is of another operation)'}`,
        );
      if (f.clause)
        out.push(
          `- required by ${f.clause.seed} ${f.clause.section}${f.clause.standard ? ` (${f.clause.standard})` : ''}:`,
          '',
          `  > ${f.clause.quote.replace(/\n/g, ' ')}`,
        );
      else out.push('- required by: no clause (a failure of the suite itself, not of the target)');
      out.push('');
    }
  }
  return out;
}

/** Tests the suite could not judge (its own time-out), and why. */
function notJudgedLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  if (report.notJudged.length) {
    out.push('## Not judged (a limit of the suite, not a verdict on the target)', '');
    for (const n of report.notJudged) out.push(`- ${esc(n.test)}: ${esc(n.reason)}`);
    out.push('');
  }
  return out;
}

/** One matrix per API, with footnotes for statuses that come from a general rule. */
function matrixLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  for (const api of ['rm', 'hr', 'learning']) {
    const ops = report.operations.filter((o) => o.api === api);
    if (ops.length === 0) continue;
    out.push(`## ${API_TITLE[api] ?? api}`, '', '| operation | statuses |', '|---|---|');
    /** Footnotes of this table: clause id -> number. */
    const notes = new Map<string, number>();
    const noteOf = (op: (typeof ops)[number], status: string): string => {
      const id = op.clauses?.[status];
      if (!id || id === op.clause || !isClauseId(id)) return '';
      if (!notes.has(id)) notes.set(id, notes.size + 1);
      return superscript(notes.get(id) ?? 0);
    };
    for (const op of ops) {
      const row = Object.entries(op.statuses)
        .map(
          ([s, v]) => `${s}${noteOf(op, s)} ${v === 'not-covered' && op.evidence[s]?.reason === NOT_RUN_REASON ? NOT_RUN_MARK : MARK[v]}`,
        )
        .join('  ');
      out.push(`| \`${op.method} ${op.path}\` | ${row} |`);
    }
    out.push('');
    if (notes.size) {
      out.push('Statuses not in the operation\u2019s row come from:', '');
      for (const [id, n] of notes) {
        if (!isClauseId(id)) continue;
        const c = clauseRef(CLAUSES[id]);
        out.push(`- ${superscript(n)} ${c.seed} ${c.section} (\`${id}\`): "${shorten(c.quote, 200)}"`);
      }
      out.push('');
    }
  }
  return out;
}

/** Skipped cells by reason, and skipped tests. */
function skippedLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  if (report.skipped.length) {
    out.push('## Skipped cells, and why', '', 'Cells of the matrix above whose status is skipped, by reason.', '');
    const byReason = new Map<string, string[]>();
    for (const s of report.skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.cell]);
    for (const [reason, list] of byReason) {
      const named = list
        .slice(0, MAX_CELLS_PER_REASON)
        .map((c) => `\`${c}\``)
        .join(', ');
      const more = list.length > MAX_CELLS_PER_REASON ? ` and ${list.length - MAX_CELLS_PER_REASON} more (see the matrix)` : '';
      out.push(`- ${esc(reason)}: ${list.length === 1 ? '' : `${list.length} cells: `}${named}${more}`);
    }
    out.push('');
  }
  if (report.skippedTests?.length) {
    out.push('## Skipped tests, and why', '');
    // One line per test; a reason many tests share (e.g. "not configured") once, with a few of them.
    const byReason = new Map<string, string[]>();
    for (const t of report.skippedTests) byReason.set(t.reason, [...(byReason.get(t.reason) ?? []), t.test]);
    for (const [reason, names] of byReason) {
      if (names.length <= 3) for (const n of names) out.push(`- ${esc(n)}: ${esc(reason)}`);
      else out.push(`- ${esc(reason)}: ${names.length} tests, e.g. ${names.slice(0, 3).map(esc).join('; ')}`);
    }
    out.push('');
  }
  return out;
}

/** What the documents say that no test can check. */
function untestableLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  const untestable = report.operations.flatMap((o) =>
    (o.untestable ?? []).map((u) => `- \`${o.method} ${o.path}\`: ${u.what}: ${u.reason}`),
  );
  if (untestable.length) out.push('## Not testable from the documents', '', ...untestable, '');
  return out;
}

/** Observations, filed by the operation they are about. */
function observationLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  if (report.observations.length) {
    out.push(
      '## Observations (where the documents are silent; recorded, never failed)',
      '',
      `${report.observations.length} distinct observations, filed by the operation they are about; conformance.json lists each one.`,
      '',
    );
    const ops = new Map(report.operations.map((o) => [o.id, o]));
    const byOperation = new Map<string, ConformanceReport['observations']>();
    for (const o of report.observations) {
      const id = o.operationId && ops.has(o.operationId) ? o.operationId : '';
      byOperation.set(id, [...(byOperation.get(id) ?? []), o]);
    }
    const order = [...report.operations.map((o) => o.id), ''];
    for (const id of order) {
      const list = byOperation.get(id);
      if (!list) continue;
      const op = ops.get(id);
      out.push(op ? `### \`${op.method} ${op.path}\` (${id})` : '### Not about one operation', '');
      out.push('| kind | subject | times | observed (times) |', '|---|---|---|---|');
      for (const g of groupObservations(list)) {
        const values =
          g.values
            .map((v) => `${esc(shorten(v.value, 120))} (${v.count}${v.example ? `, e.g. ${esc(shorten(v.example, 80))}` : ''})`)
            .join('; ') + (g.moreValues ? `; and ${g.moreValues} more` : '');
        out.push(`| ${g.category} | ${esc(g.subject)} | ${g.count} | ${values} |`);
      }
      out.push('');
    }
  }
  return out;
}

/** Records the run could not undo, by kind. */
function leftoverLines(report: ConformanceReport): string[] {
  const out: string[] = [];
  if (report.leftovers.length) {
    out.push('## Records the run could not undo', '', `${report.leftovers.length} records by kind; conformance.json lists each one.`, '');
    for (const g of groupLeftovers(report.leftovers))
      out.push(`- ${esc(g.kind)}: ${g.count}, e.g. ${g.examples.map((e) => `\`${e}\``).join(', ')}`);
    out.push('');
  }
  return out;
}

/** "<operationId> <status>" as the matrix shows it: "METHOD /path status". */
function cellLabels(report: ConformanceReport): (cell: string) => string {
  const ops = new Map(report.operations.map((o) => [o.id, o]));
  return (cell) => {
    const [id = '', status = ''] = cell.split(' ');
    const op = ops.get(id);
    return op ? `${op.method} ${op.path} ${status}` : cell;
  };
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

function superscript(n: number): string {
  return String(n).replace(/\d/g, (d) => SUPERSCRIPT[Number(d)] ?? d);
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function esc(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
