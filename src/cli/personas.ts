/**
 * `npm run personas`: the whole suite against each persona (src/personas/), as an outside target:
 * every variable of INTERFACE.md set, destructive operations allowed (the server is thrown away).
 * A persona conforms by construction, so any failure is the suite's: the run exits 1 and names it.
 * Part of `npm test`.
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { PERSONAS, isPersonaName, startPersona, type PersonaName } from '../personas';
import { runSuite } from '../fault-run/run-suite';

const { values } = parseArgs({
  options: { only: { type: 'string', multiple: true, default: [] }, project: { type: 'string', multiple: true, default: [] } },
});
const wanted = values.only.length ? values.only : [...PERSONAS];
const unknown = wanted.filter((n) => !isPersonaName(n));
if (unknown.length) {
  console.error(`Unknown persona(s): ${unknown.join(', ')}; known: ${PERSONAS.join(', ')}.`);
  process.exit(2);
}
const reportsDir = process.env.CONFORMANCE_REPORTS_DIR ?? 'reports';
const seed = process.env.CONFORMANCE_SEED ?? '20261123';

// An async main, not top-level await: the package is CommonJS (README, Design: why).
async function main(): Promise<void> {
  let bad = 0;
  for (const name of wanted as PersonaName[]) {
    const persona = await startPersona(name);
    try {
      const run = await runSuite({
        reportsDir: join(reportsDir, 'personas', name),
        embedded: false,
        projects: values.project,
        env: { ...persona.env, CONFORMANCE_ALLOW_DESTRUCTIVE: '1', CONFORMANCE_SEED: seed },
        timeoutMs: 300_000,
      });
      const failures = run.report?.failures ?? [];
      const ok = run.exitCode === 0 && run.report !== null && failures.length === 0 && run.report.totals.passed > 0;
      const t = run.report?.totals;
      console.log(
        `persona ${name}: ${ok ? 'passed' : 'FAILED'} in ${run.seconds.toFixed(1)} s (${t ? `${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped` : 'no report'})`,
      );
      for (const f of failures)
        console.log(
          `  [${f.check}] ${f.test}\n    ${f.message.slice(0, 300)}${f.clause ? `\n    clause ${f.clause.seed} ${f.clause.section}: "${f.clause.quote}"` : ''}`,
        );
      if (!run.report) console.log(run.tail);
      if (!ok) bad += 1;
    } finally {
      await persona.close();
    }
  }
  console.log(`${wanted.length - bad} passed, ${bad} failed`);
  process.exit(bad === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
