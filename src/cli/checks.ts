/**
 * `npm run checks`: what the suite checks, from the registries themselves. Every check with what it
 * asserts and the clauses it may cite (each with its sentence), and every catalogue operation with
 * its documented statuses and the tests that earn each (src/runner/operation-index.json). `--json`
 * for machines; `--write-index <conformance.json>` rebuilds the index from a run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { catalogue } from '../../contract/catalogue';
import { CHECK_LIST } from '../checks/registry';
import { CLAUSES, clauseLine, type ClauseId } from '../../contract/clauses';
import type { ConformanceReport } from '../reporting/conformance-types';
import { indexFromReport, readIndex, writeIndex, INDEX_FILE } from '../runner/operation-index';
import { parseCliArgs, usageError } from './help';

/** The clause ids a check may cite: its exact ids, and every id under each of its prefixes. */
function clausesOf(cites: readonly string[]): ClauseId[] {
  const ids = Object.keys(CLAUSES) as ClauseId[];
  return ids.filter((id) => cites.some((c) => (c.endsWith('.') ? id.startsWith(c) : id === c)));
}

export function checksListing(): {
  checks: { name: string; summary: string; cites: readonly string[]; clauses: { id: string; sentence: string }[] }[];
  operations: { id: string; method: string; path: string; statuses: { status: string; clause: string; tests: string[] }[] }[];
} {
  const index = readIndex();
  return {
    checks: CHECK_LIST.map((c) => ({
      name: c.name,
      summary: c.summary,
      cites: c.cites,
      clauses: clausesOf(c.cites).map((id) => ({ id, sentence: clauseLine(CLAUSES[id]) })),
    })),
    operations: catalogue().map((op) => ({
      id: op.id,
      method: op.method,
      path: op.path,
      statuses: op.responses.map((r) => ({
        status: r.status,
        clause: r.clause,
        tests: index.tests.filter((t) => t.earned.includes(`${op.id} ${r.status}`)).map((t) => t.test),
      })),
    })),
  };
}

function main(): void {
  const { values } = parseCliArgs('checks', {
    options: { json: { type: 'boolean', default: false }, 'write-index': { type: 'string' } },
    strict: true,
  });
  const from = values['write-index'];
  if (from !== undefined) {
    if (!existsSync(from)) usageError('npm run checks', `--write-index: no file at ${from} (give a run's reports/conformance.json)`);
    const report = JSON.parse(readFileSync(from, 'utf8')) as ConformanceReport;
    if (!Array.isArray(report.tests))
      usageError('npm run checks', `--write-index: ${from} is not a conformance report of this suite (no tests[])`);
    const index = indexFromReport(report);
    writeIndex(index);
    console.log(`${INDEX_FILE}: ${index.tests.length} tests, from run ${index.from.runId}`);
    return;
  }
  const listing = checksListing();
  if (values.json) {
    console.log(JSON.stringify(listing, null, 2));
    return;
  }
  console.log(`Checks (${listing.checks.length}): each fails a target only with a clause it cites\n`);
  for (const c of listing.checks) {
    console.log(`${c.name}: ${c.summary}`);
    console.log(`  cites ${c.cites.join(', ')} (${c.clauses.length} clauses)`);
  }
  console.log(`\nOperations (${listing.operations.length}): documented statuses and the tests that earn each\n`);
  for (const op of listing.operations) {
    console.log(`${op.method} ${op.path}  (${op.id})`);
    for (const s of op.statuses) {
      console.log(`  ${s.status}  [${s.clause}]  ${s.tests.length ? `${s.tests.length} test(s)` : 'no test earns it'}`);
      for (const t of s.tests.slice(0, 5)) console.log(`      ${t}`);
      if (s.tests.length > 5) console.log(`      ... and ${s.tests.length - 5} more (--json lists all)`);
    }
  }
}

if (require.main === module) main();
