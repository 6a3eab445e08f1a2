/**
 * Which tests call which catalogue operation, and which cells each earns: read from a run's
 * conformance.json (its tests' evidence) and kept in src/runner/operation-index.json, so that
 * `npm start -- --operation <id or glob>` selects exactly the tests that call an operation and
 * `npm run checks` lists the tests behind each documented status. `npm run checks -- --write-index`
 * rebuilds it from a run against the embedded server; test/unit/operation-index.test.ts keeps it
 * in step with the tests that exist.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../../contract/catalogue';
import type { ConformanceReport } from '../reporting/conformance-types';

export const INDEX_FILE = join(__dirname, 'operation-index.json');

export interface IndexedTest {
  /** The test's title path below its project ("rm/tags.spec.ts > tags > POST ..."), as conformance.json's tests[].test. */
  test: string;
  project: string;
  file: string;
  operations: string[];
  earned: string[];
}

export interface OperationIndex {
  /** The run it was read from. */
  from: { runId: string; seed: number };
  tests: IndexedTest[];
}

export function indexFromReport(report: ConformanceReport): OperationIndex {
  return {
    from: { runId: report.runId, seed: report.seed },
    tests: report.tests
      .map((t) => ({
        test: t.test,
        project: t.project,
        file: t.file ?? '',
        operations: t.operations ?? [],
        earned: t.earned ?? [],
      }))
      .sort((a, b) => a.project.localeCompare(b.project) || a.test.localeCompare(b.test)),
  };
}

export function writeIndex(index: OperationIndex, file = INDEX_FILE): void {
  writeFileSync(file, `${JSON.stringify(index, null, 2)}\n`);
}

export function readIndex(file = INDEX_FILE): OperationIndex {
  if (!existsSync(file)) return { from: { runId: '', seed: 0 }, tests: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as OperationIndex;
}

/** The catalogue operation ids a pattern names: an id, or a glob with `*` (`rm.candidate-tags.*`). */
export function operationsMatching(pattern: string): string[] {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
      .join('.*')}$`,
  );
  return catalogue()
    .map((op) => op.id)
    .filter((id) => re.test(id));
}

/** The tests that call any of `operationIds` (an exchange of the operation, or a cell of it earned). */
export function testsCalling(index: OperationIndex, operationIds: readonly string[]): IndexedTest[] {
  const wanted = new Set(operationIds);
  return index.tests.filter((t) => t.operations.some((o) => wanted.has(o)) || t.earned.some((c) => wanted.has(c.split(' ')[0] ?? '')));
}

/** A Playwright --grep that matches exactly these tests: each one's title path, every literal escaped, anchored at its end. */
export function grepOf(tests: readonly IndexedTest[]): string {
  const esc = (t: string): string => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return tests.map((t) => `${esc(t.test.split(' > ').join(' '))}(?: @\\S+)*$`).join('|');
}
