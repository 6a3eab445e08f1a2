/**
 * `npm run personas`: the whole suite against each persona (servers/personas/), as an outside target:
 * every variable of INTERFACE.md set, destructive operations allowed (the server is thrown away).
 * A persona conforms by construction, so any failure is the suite's: the run exits 1 and names it.
 * Part of `npm test`.
 */
import { join } from 'node:path';
import { PERSONAS, isPersonaName, startPersona, type PersonaName } from '../../servers/personas';
import { runSuite } from '../fault-run/run-suite';
import { parseCliArgs } from '../../src/cli/help';

const { values } = parseCliArgs('personas', {
  options: { only: { type: 'string', multiple: true, default: [] }, project: { type: 'string', multiple: true, default: [] } },
});
/** The personas `npm test` runs: all four, each written blind from the documents (frameworks: issue 25; alternate: issue 38). */
const IN_NPM_TEST: readonly PersonaName[] = ['lenient', 'strict', 'frameworks', 'alternate'];
const wanted = values.only.length ? values.only : [...IN_NPM_TEST];
const unknown = wanted.filter((n) => !isPersonaName(n));
if (unknown.length) {
  console.error(`Unknown persona(s): ${unknown.join(', ')}; known: ${PERSONAS.join(', ')}.`);
  process.exit(2);
}
const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
const seed = process.env.CONFORMANCE_SEED ?? '20261123';

/**
 * The runs against each persona: the whole suite as `npm start` runs it, then RM on two workers at
 * once, which must pass as well (its specs tolerate another writer: specs/kit/rm-window.ts).
 */
interface Layout {
  label: string;
  projects: string[];
  workers?: number;
}
const LAYOUTS: Layout[] = values.project.length
  ? [{ label: '', projects: values.project }]
  : [
      { label: '', projects: [] },
      { label: ', RM on two workers', projects: ['rm'], workers: 2 },
    ];

// An async main, not top-level await: the package is CommonJS (README, Design: why).
async function main(): Promise<void> {
  let bad = 0;
  let runs = 0;
  for (const name of wanted as PersonaName[]) {
    const persona = await startPersona(name);
    try {
      for (const layout of LAYOUTS) {
        runs += 1;
        if (!(await runAgainst(name, persona.env, layout))) bad += 1;
      }
    } finally {
      await persona.close();
    }
  }
  console.log(`${runs - bad} passed, ${bad} failed`);
  process.exit(bad === 0 ? 0 : 1);
}

/** One run of the suite against a persona; prints its outcome and failures, and says whether it passed. */
async function runAgainst(name: PersonaName, env: NodeJS.ProcessEnv, layout: Layout): Promise<boolean> {
  const run = await runSuite({
    reportsDir: join(reportsDir, 'personas', `${name}${layout.workers ? `-${layout.projects.join('-')}-${layout.workers}w` : ''}`),
    embedded: false,
    projects: layout.projects,
    ...(layout.workers ? { workers: layout.workers } : {}),
    env: { ...env, CONFORMANCE_ALLOW_DESTRUCTIVE: '1', CONFORMANCE_SEED: seed },
    timeoutMs: 300_000,
  });
  const failures = run.report?.failures ?? [];
  const ok = run.exitCode === 0 && run.report !== null && failures.length === 0 && run.report.totals.passed > 0;
  const t = run.report?.totals;
  console.log(
    `persona ${name}${layout.label}: ${ok ? 'passed' : 'FAILED'} in ${run.seconds.toFixed(1)} s (${t ? `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped` : 'no report'})`,
  );
  for (const f of failures)
    console.log(
      `  [${f.check}] ${f.test}\n    ${f.message.slice(0, 300)}${f.clause ? `\n    clause ${f.clause.seed} ${f.clause.section}: "${f.clause.quote}"` : ''}`,
    );
  if (!run.report) console.log(run.tail);
  return ok;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
