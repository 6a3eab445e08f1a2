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
