/**
 * The Allure results of `npm run judge` and `npm run proxy` (src/reporting/allure-judged.ts, written with
 * the run's own writer): each judged page a test whose exchanges are steps carrying their verdicts; a
 * failed page labelled with its failed verdict's check and clause, the exchange it judged marked, the
 * sentence quoted; credentials never in an attachment.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { judgeFiles } from '../../src/cli/judge';
import { writeJudgedAllureResults } from '../../src/reporting/allure-judged';
import { reportedTestOf } from '../../src/judge/engine';

interface Step {
  name: string;
  status: string;
  steps: Step[];
  attachments: { name: string; source: string; type: string }[];
  statusDetails: { message?: string };
}
interface Result extends Step {
  labels: { name: string; value: string }[];
}

test("a browser's recording: the page a check failed is a failed test naming its check, clause, sentence and exchange", async () => {
  const out = mkdtempSync(join(tmpdir(), 'judge-allure-'));
  const judged = judgeFiles([join(__dirname, 'fixtures', 'browser.har')], out, {});
  assert.equal(judged.exitCode, 1, judged.message);
  const dir = join(out, 'allure-results');
  await writeJudgedAllureResults(
    dir,
    judged.pages.map((page, i) => ({ test: reportedTestOf(page, i), exchanges: page.exchanges })),
  );
  const files = readdirSync(dir);
  const results = files.filter((f) => f.endsWith('-result.json')).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Result);
  assert.equal(results.length, judged.pages.length);
  const [result] = results.filter((r) => r.status === 'failed');
  assert.ok(result, 'the failed page is a failed test');
  const label = (name: string): string | undefined => result.labels.find((l) => l.name === name)?.value;
  assert.equal(label('check'), 'validation');
  assert.equal(label('clause'), 'rm.op.candidates.create');
  assert.equal(label('testId'), 'recording-1');
  assert.match(result.statusDetails.message ?? '', /^validation: .*\n {2}required by 000 §4/s);
  const marked = result.steps.filter((s) => s.name.startsWith('\u2717 '));
  assert.deepEqual(
    marked.map((s) => s.name.replace(/^\u2717 \d{3} /, '')),
    ['POST /v2/candidates -> 201'],
  );
  assert.ok(marked[0]?.steps.some((v) => v.name === 'failed: validation (rm.op.candidates.create)' && v.status === 'failed'));
  // Every exchange step holds its text; no credential reaches it.
  for (const step of result.steps.filter((s) => /^(\u2717 )?\d{3} /.test(s.name))) {
    assert.equal(step.attachments.length, 1);
    const text = readFileSync(join(dir, step.attachments[0]?.source ?? ''), 'utf8');
    assert.match(text, /^[A-Z]+ https?:\/\//);
    assert.doesNotMatch(text, /authorization: (Basic|Bearer) (?!\*\*\*)/i);
  }
});
