/**
 * `npm run checks`: what the suite checks, from the registries themselves. Every check with what it
 * asserts and the clauses it may cite (each with its sentence), and every catalogue operation with
 * its documented statuses and the tests that declare they set out to earn each (specs/kit/declare.ts,
 * read from Playwright's listing: nothing is run). `--json` for machines.
 */
import { join } from 'node:path';
import { catalogue } from '../../contract/catalogue';
import { CHECK_LIST } from '../checks/registry';
import { CLAUSES, clauseLine, type ClauseId } from '../../contract/clauses';
import { listTests } from '../reporting/listed-tests';
import { runnerEnv } from '../runner/runner-env';
import { parseCliArgs } from './help';

/** The clause ids a check may cite: its exact ids, and every id under each of its prefixes. */
function clausesOf(cites: readonly string[]): ClauseId[] {
  const ids = Object.keys(CLAUSES) as ClauseId[];
  return ids.filter((id) => cites.some((c) => (c.endsWith('.') ? id.startsWith(c) : id === c)));
}

export function checksListing(): {
  checks: { name: string; summary: string; cites: readonly string[]; clauses: { id: string; sentence: string }[] }[];
  operations: { id: string; method: string; path: string; statuses: { status: string; clause: string; tests: string[] }[] }[];
} {
  const tests = listTests(join(__dirname, '../../playwright.config.ts'), runnerEnv(process.env));
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
        tests: tests.filter((t) => t.earns.includes(`${op.id} ${r.status}`)).map((t) => t.test),
      })),
    })),
  };
}

function main(): void {
  const { values } = parseCliArgs('checks', {
    options: { json: { type: 'boolean', default: false } },
    strict: true,
  });
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
  console.log(
    `\nOperations (${listing.operations.length}): documented statuses and the tests that set out to earn each (declares(...), specs/kit/declare.ts)\n`,
  );
  for (const op of listing.operations) {
    console.log(`${op.method} ${op.path}  (${op.id})`);
    for (const s of op.statuses) {
      console.log(`  ${s.status}  [${s.clause}]  ${s.tests.length ? `${s.tests.length} test(s)` : 'no test declares it'}`);
      for (const t of s.tests.slice(0, 5)) console.log(`      ${t}`);
      if (s.tests.length > 5) console.log(`      ... and ${s.tests.length - 5} more (--json lists all)`);
    }
  }
}

if (require.main === module) main();
