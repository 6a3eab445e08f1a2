/** The release gate for people (src/gate/render.ts): the conformance.md sections and the console lines. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gate } from '../../src/gate/classify';
import { gateConsoleLines, renderGateMarkdown } from '../../src/gate/render';
import { expectation, expectations, failure, report, T_GET, T_TAGS_200, T_TAGS_404 } from './gate-fixtures';

const tagsStatus = failure('status', 'rm.candidate-tags.create', '200', T_TAGS_200, 'expected 200, got 201');
const tagsSchema = failure('schema', 'rm.candidate-tags.create', '200', T_TAGS_200, 'body.data.id missing');
const get404 = failure('not-found', 'rm.candidates.get', '404', T_GET);
const fixedOne = failure('status', 'rm.candidate-tags.create', '404', T_TAGS_404);

const result = gate(report({ failures: [tagsStatus, tagsSchema, get404] }), {
  baseline: { path: 'base/conformance.json', report: report({ failures: [get404, fixedOne] }) },
  expectations: expectations(
    expectation(0, { check: 'status', operation: 'rm.candidate-tags.create', link: 'https://tracker.test/RM-42' }),
    expectation(1, { check: 'schema', operation: 'rm.candidates.get', status: '200' }),
    expectation(2, { check: 'validation', operation: 'rm.candidates.get', until: '2026-01-01', reason: 'validation lax until 4.1' }),
  ),
  today: '2026-11-25',
});

test('conformance.md: the verdict, the inputs, and one section per non-empty class', () => {
  const md = renderGateMarkdown(result);
  assert.match(md, /^## Release gate: fails \(1 new failure\(s\), 1 expired expectation\(s\)\)/);
  assert.match(md, /- baseline: `base\/conformance\.json`/);
  assert.match(md, /- 1 new, 1 known, 1 expected, 1 fixed, 1 unused, 1 expired/);
  const sections = [...md.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
  assert.deepEqual(sections, [
    'New failures (they fail the run) (1)',
    'Known failures (in the baseline; they do not fail the run) (1)',
    'Expected deviations (they do not fail the run) (1)',
    'Fixed since the baseline: remove it from the baseline (1)',
    'Unused expectations (1)',
    'Expired expectations (they fail the run) (1)',
  ]);
});

test('conformance.md: each class says what to know and what to do', () => {
  const md = renderGateMarkdown(result);
  assert.match(md, /`\[schema\] rm\.candidate-tags\.create 200: rm > candidate tags > .*`: body\.data\.id missing/);
  assert.match(md, /required by 000_6053abef4cebe6dd\.txt 000 §4: "schema sentence"/, 'the clause beside a new failure');
  assert.match(md, /expected until 2027-01-31 by expectations\[0\]: tags answer 201 until release 4\.2 \(https:\/\/tracker\.test\/RM-42\)/);
  assert.match(md, /`\[status\] rm\.candidate-tags\.create 404: .*`: failed in the baseline, .*remove it from the baseline/);
  assert.match(md, /expectations\[1\] `\[schema\] rm\.candidates\.get 200`: matched nothing, although what it names ran/);
  assert.match(
    md,
    /expectations\[2\] `\[validation\] rm\.candidates\.get`: expired after 2026-01-01; reason given: validation lax until 4\.1/,
  );
});

test('conformance.md: without a gate input, only the verdict and the counts', () => {
  const md = renderGateMarkdown(gate(report(), { today: '2026-11-25' }));
  assert.match(md, /^## Release gate: passes/);
  assert.match(md, /none \(CONFORMANCE_BASELINE unset\)/);
  assert.doesNotMatch(md, /^###/m);
});

test('console: a verdict line, then one line per item, longest groups cut at 10', () => {
  const lines = gateConsoleLines(result);
  assert.equal(
    lines[0],
    'Release gate: FAILS (1 NEW FAILURE(S), 1 EXPIRED EXPECTATION(S))  (1 new, 1 known, 1 expected, 1 fixed, 1 unused, 1 expired)',
  );
  assert.ok(lines.some((l) => /^ {2}new {6}\[schema\] rm\.candidate-tags\.create 200: /.test(l)));
  assert.ok(lines.some((l) => /^ {2}expired {2}expectations\[2\] .*validation lax until 4\.1/.test(l)));
  assert.ok(lines.some((l) => /^ {2}fixed .*remove it from the baseline$/.test(l)));
  const many = gate(report({ failures: Array.from({ length: 12 }, (_, i) => failure('status', 'rm.candidates.get', '200', `t${i}`)) }), {
    today: '2026-11-25',
  });
  const newLines = gateConsoleLines(many).filter((l) => l.startsWith('  new'));
  assert.equal(newLines.length, 11);
  assert.match(newLines[10] ?? '', /and 2 more/);
});
