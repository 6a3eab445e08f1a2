/**
 * Coverage: what a test declares where it is declared (the operations it calls, the cells it sets
 * out to earn; annotations Playwright lists without a run) and the cells it claims while it runs
 * (covers(), carried in its evidence). The conformance reporter folds them into the matrix.
 */
import type { OperationSpec } from '../../contract/catalogue/types';

/** The cells ("<operation id> <status>") a covers() call claims; a status the operation does not document is the suite's error. */
export function coveredCells(op: OperationSpec, statuses: readonly string[]): string[] {
  const documented = new Set(op.responses.map((r) => r.status));
  for (const status of statuses) {
    if (!documented.has(status))
      throw new Error(`covers(): ${op.id} documents no status ${status} (documented: ${[...documented].join(', ')})`);
  }
  return statuses.map((s) => `${op.id} ${s}`);
}

/** Declared where a test is declared (specs/kit/declare.ts): an operation it calls. */
export const CALLS_ANNOTATION = 'calls';
/** Declared where a test is declared: a cell ("<operation id> <status>") it sets out to earn. */
export const EARNS_ANNOTATION = 'earns';

/** What a test declares: the operations it calls (those of its cells included) and the cells it sets out to earn. */
export interface DeclaredCoverage {
  calls: string[];
  earns: string[];
}

/** A test's declaration, read back from its annotations (as a reporter or `--list` sees them). */
export function declaredOf(annotations: readonly { type: string; description?: string }[]): DeclaredCoverage {
  const of = (type: string): string[] => annotations.filter((a) => a.type === type).map((a) => a.description ?? '');
  const earns = of(EARNS_ANNOTATION);
  const calls = new Set([...of(CALLS_ANNOTATION), ...earns.map((c) => c.split(' ')[0] ?? '')]);
  return { calls: [...calls].sort(), earns: [...earns].sort() };
}
