/**
 * `npm run diff -- [--out <dir>] <a/conformance.json> <b/conformance.json>`: what changed between two
 * runs (matrix cells, new and vanished failures, observations), printed and written as
 * <dir>/diff.md and <dir>/diff.json (default dir: reports). A reports folder may stand for the
 * conformance.json inside it. Exit 1 when b has a failure a does not, else 0; 2 with one line when an
 * argument is missing or a file is no readable conformance report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { diffReports, renderDiffMarkdown } from '../gate/diff';
import { readReportFile } from '../gate/read-report';

const USAGE = `Usage: npm run diff -- [--out <dir>] <a/conformance.json> <b/conformance.json>

Compares two runs' reports/conformance.json (a: the earlier, b: the later; a reports folder stands for
the conformance.json in it) and prints what changed: per operation and status cell (passed -> failed,
failed -> passed, newly covered, newly skipped), the failures b has and a has not and the reverse
(by check, operation, status cell and test, with their clauses), and the observations whose values changed.
Writes <dir>/diff.md (fits a CI job summary) and <dir>/diff.json; --out defaults to reports.
Exit status: 0 b has no failure a has not; 1 b has a failure a does not; 2 bad arguments or a file that is no conformance report.`;

export function main(argv: readonly string[]): number {
  let values: { out?: string | undefined; help?: boolean | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    console.error(`npm run diff: ${(error as Error).message.split('\n')[0]} (npm run diff -- --help).`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 2) {
    console.error(
      `npm run diff: give two reports, a then b (got ${positionals.length}): npm run diff -- <a/conformance.json> <b/conformance.json>.`,
    );
    return 2;
  }
  const [aPath = '', bPath = ''] = positionals;
  const a = readReportFile(aPath);
  const b = readReportFile(bPath);
  for (const read of [a, b])
    if (!read.ok) {
      console.error(`npm run diff: ${read.problem}. Give the conformance.json of two runs.`);
      return 2;
    }
  if (!a.ok || !b.ok) return 2;
  const diff = diffReports(a.report, b.report, { a: aPath, b: bPath });
  const markdown = renderDiffMarkdown(diff);
  const out = values.out ?? 'reports';
  try {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'diff.md'), markdown);
    writeFileSync(join(out, 'diff.json'), `${JSON.stringify(diff, null, 2)}\n`);
  } catch (error) {
    console.error(`npm run diff: cannot write into ${out} (${(error as Error).message}).`);
    return 2;
  }
  console.log(markdown);
  console.log(`Written: ${join(out, 'diff.md')}, ${join(out, 'diff.json')}`);
  return diff.exitCode;
}

if (process.argv[1] && resolve(process.argv[1]) === __filename) process.exitCode = main(process.argv.slice(2));
