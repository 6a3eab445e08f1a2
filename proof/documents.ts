/**
 * Where the project's own tests find the two API documents they prove quotes against, word for word:
 * CONFORMANCE_DOCUMENTS_DIR, default ../shared/seeds beside the project (CI has them there). A clone
 * alone has none: those tests are skipped, each saying where it looked; `npm test` says it once, first.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SEED_FILES } from '../contract/clauses';

const ROOT = join(__dirname, '..');

/** The folder the documents are looked for in. */
export const DOCUMENTS_DIR = resolve(ROOT, process.env.CONFORMANCE_DOCUMENTS_DIR?.trim() || '../shared/seeds');

/** True when both documents are in DOCUMENTS_DIR. */
export function documentsHere(): boolean {
  return Object.values(SEED_FILES).every((f) => existsSync(join(DOCUMENTS_DIR, f)));
}

/** Why the document tests are skipped, in one line. */
export const DOCUMENTS_MISSING = `the API documents are not in ${DOCUMENTS_DIR} (set CONFORMANCE_DOCUMENTS_DIR to the folder holding ${Object.values(SEED_FILES).join(' and ')}): the word-for-word checks against them are skipped`;
