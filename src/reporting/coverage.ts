/**
 * Coverage annotations: a test declares which documented statuses of which operation it proves.
 * The conformance reporter folds them into the operation x status matrix.
 */
import type { OperationSpec } from '../../contract/catalogue/types';

export const COVERS_ANNOTATION = 'covers';

export function coverageAnnotation(op: OperationSpec, statuses: string[]): { type: string; description: string } {
  const documented = new Set(op.responses.map((r) => r.status));
  for (const status of statuses) {
    if (!documented.has(status))
      throw new Error(`covers(): ${op.id} documents no status ${status} (documented: ${[...documented].join(', ')})`);
  }
  return { type: COVERS_ANNOTATION, description: `${op.id} ${statuses.join(',')}` };
}

export function parseCoverage(description: string | undefined): { operationId: string; statuses: string[] } | null {
  const m = /^(\S+) (\S+)$/.exec(description ?? '');
  return m ? { operationId: m[1] ?? '', statuses: (m[2] ?? '').split(',') } : null;
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
