/**
 * Coverage a test declares where it is declared (specs/kit/declare.ts): the operations it calls and
 * the cells it sets out to earn, annotations Playwright lists without a run. The conformance reporter
 * folds the cells into the matrix (a declared cell no exchange reached is not covered, with why).
 */

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

/** The operations a test declares, in the order it declares them (a cell's operation first where it comes first). */
export function declaredOperations(annotations: readonly { type: string; description?: string }[]): string[] {
  const ids = annotations
    .filter((a) => a.type === EARNS_ANNOTATION || a.type === CALLS_ANNOTATION)
    .map((a) => (a.description ?? '').split(' ')[0] ?? '');
  return [...new Set(ids.filter(Boolean))];
}
