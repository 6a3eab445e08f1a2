/**
 * Where the project's own tests find the two API documents they prove quotes against, word for word:
 * CONFORMANCE_DOCUMENTS_DIR, default ../shared/seeds beside the project (CI has them there). A clone
 * alone has no documents: the tests that need them are skipped, each saying in one line where it
 * looked, never a crash and never a silent pass (`npm test` prints the same line once, first).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { SEED_FILES } from '../../contract/clauses';
import { DOCUMENTS_DIR, DOCUMENTS_MISSING, documentsHere } from '../../proof/documents';

export { DOCUMENTS_DIR, DOCUMENTS_MISSING, documentsHere };

export type Seed = keyof typeof SEED_FILES;

/** The text of a seed document (call only where documentsHere(); docTest ensures it). */
export function seedText(seed: Seed): string {
  return readFileSync(join(DOCUMENTS_DIR, SEED_FILES[seed]), 'utf8');
}

/** Skips the running test, with the one line, when the documents are not there; true when it did. */
export function skipWithoutDocuments(t: TestContext): boolean {
  if (documentsHere()) return false;
  t.skip(DOCUMENTS_MISSING);
  return true;
}

/** A test that needs the documents: run when they are there, skipped with the one line when not. */
export function docTest(name: string, fn: () => void | Promise<void>): void {
  void test(name, async (t) => {
    if (skipWithoutDocuments(t)) return;
    await fn();
  });
}
