/**
 * Reads a conformance.json into a GateReport, or says in one phrase why the file is not one. A report
 * of schemaVersion 2 is taken as written; one without schemaVersion (written before version 2) is
 * read too, its failures' operation and status cell taken from the failing exchange and the cells it
 * marked, so the diff can compare a run from before the upgrade. The baseline accepts version 2 only.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { GateCell, GateFailure, GateObservation, GateOperation, GateReport, GateTest } from './types';

export type ReadReport =
  | { ok: true; report: GateReport; /** As written in the file; null when absent (a version 1 report). */ schemaVersion: number | null }
  | { ok: false; problem: string };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const CELLS: ReadonlySet<string> = new Set<GateCell>(['passed', 'failed', 'skipped', 'not-covered']);
const OUTCOMES: ReadonlySet<string> = new Set<GateTest['outcome']>(['passed', 'failed', 'skipped', 'not-judged']);
const API_NAMES: ReadonlySet<string> = new Set(['rm', 'hr', 'learning']);

/** Reads and checks the file at `path` (a conformance.json, or a reports folder holding one). */
export function readReportFile(path: string): ReadReport {
  let file = path;
  if (existsSync(file) && statSync(file).isDirectory()) file = `${path.replace(/\/+$/, '')}/conformance.json`;
  if (!existsSync(file)) return { ok: false, problem: `${file} does not exist` };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, problem: `${file} cannot be read (${(error as Error).message})` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `${file} is not JSON (${(error as Error).message})` };
  }
  const read = parseReport(value);
  return read.ok ? read : { ok: false, problem: `${file} ${read.problem}` };
}

/** Checks a parsed value: the fields the gate reads must be there with their types. */
export function parseReport(value: unknown): ReadReport {
  const not = (why: string): ReadReport => ({ ok: false, problem: `is not a conformance report (${why})` });
  if (!isObject(value)) return not('not a JSON object');
  const schemaVersion = value.schemaVersion === undefined ? null : value.schemaVersion;
  if (schemaVersion !== null && (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion)))
    return not('schemaVersion is not an integer');
  if (!isObject(value.target) || str(value.target.rm) === null || str(value.target.hr) === null) return not('no target.rm and target.hr');
  if (!Array.isArray(value.operations)) return not('no operations array');
  if (!Array.isArray(value.failures)) return not('no failures array');

  const operations: GateOperation[] = [];
  for (const [i, op] of value.operations.entries()) {
    if (!isObject(op) || str(op.id) === null || !isObject(op.statuses) || !API_NAMES.has(String(op.api)))
      return not(`operations[${i}] has no api, id or statuses`);
    const statuses: Record<string, GateCell> = {};
    for (const [k, v] of Object.entries(op.statuses)) {
      if (typeof v !== 'string' || !CELLS.has(v)) return not(`operations[${i}].statuses["${k}"] is not a cell outcome`);
      statuses[k] = v as GateCell;
    }
    operations.push({
      api: op.api as GateOperation['api'],
      id: String(op.id),
      method: str(op.method) ?? '',
      path: str(op.path) ?? '',
      statuses,
    });
  }

  const failures: GateFailure[] = [];
  for (const [i, f] of value.failures.entries()) {
    if (!isObject(f) || str(f.check) === null || str(f.test) === null) return not(`failures[${i}] has no check or test`);
    const located = locate(f);
    failures.push({
      check: String(f.check),
      operationId: located.operationId,
      status: located.status,
      test: String(f.test),
      clause: clauseOf(f.clause),
      message: str(f.message) ?? '',
      ...(str(f.replay) !== null ? { replay: String(f.replay) } : {}),
    });
  }

  const tests: GateTest[] = [];
  if (value.tests !== undefined) {
    if (!Array.isArray(value.tests)) return not('tests is not an array');
    for (const [i, t] of value.tests.entries()) {
      if (!isObject(t) || str(t.test) === null || !OUTCOMES.has(String(t.outcome))) return not(`tests[${i}] has no test or outcome`);
      tests.push({ test: String(t.test), project: str(t.project) ?? '', outcome: t.outcome as GateTest['outcome'] });
    }
  } else if (schemaVersion !== null && schemaVersion >= 2) return not('no tests array');

  const observations: GateObservation[] = [];
  for (const o of Array.isArray(value.observations) ? value.observations : []) {
    if (!isObject(o) || str(o.category) === null || str(o.subject) === null || str(o.value) === null) continue;
    observations.push({
      category: String(o.category),
      subject: String(o.subject),
      value: String(o.value),
      count: typeof o.count === 'number' ? o.count : 1,
    });
  }

  const suite = isObject(value.suite)
    ? { name: str(value.suite.name) ?? '', version: str(value.suite.version) ?? '' }
    : { name: '', version: '' };
  if (schemaVersion !== null && schemaVersion >= 2 && (!suite.name || !suite.version)) return not('no suite.name and suite.version');
  const report: GateReport = {
    schemaVersion: 2,
    suite,
    target: { rm: String(value.target.rm), hr: String(value.target.hr) },
    ...(typeof value.seed === 'number' ? { seed: value.seed } : {}),
    operations,
    failures,
    tests,
    observations,
  };
  return { ok: true, report, schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : null };
}

/** The operation and status cell of a failure: as written (version 2), else from the failing exchange and the one cell it marked. */
function locate(f: Json): { operationId: string | null; status: string | null } {
  if ('operationId' in f || 'status' in f) return { operationId: str(f.operationId), status: str(f.status) };
  const cells = Array.isArray(f.cells) ? f.cells.filter((c): c is string => typeof c === 'string') : [];
  const [onlyOp, onlyStatus] = cells.length === 1 ? (cells[0] ?? '').split(' ') : [];
  const exchangeOp = isObject(f.exchange) ? str(f.exchange.operationId) : null;
  return { operationId: exchangeOp ?? onlyOp ?? null, status: onlyStatus ?? null };
}

function clauseOf(value: unknown): GateFailure['clause'] {
  if (!isObject(value)) return null;
  return { id: str(value.id) ?? '', seed: str(value.seed) ?? '', section: str(value.section) ?? '', quote: str(value.quote) ?? '' };
}
