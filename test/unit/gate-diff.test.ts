/** The difference between two runs (src/gate/diff.ts): exactly the cells, failures and observations that differ. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffReports, renderDiffMarkdown } from '../../src/gate/diff';
import { describeKey } from '../../src/gate/failure-key';
import { parseReport } from '../../src/gate/read-report';
import { appears, DIFF_A as A, DIFF_B as B, stays, T_TAGS_200, T_TAGS_404, vanishes } from './gate-fixtures';

test('the cells that changed, each with its kind; unchanged cells are not listed', () => {
  const d = diffReports(A, B, { a: 'a.json', b: 'b.json' });
  assert.deepEqual(
    d.cells.map((c) => [c.operationId, c.status, c.before, c.after, c.kind]),
    [
      ['rm.candidate-tags.create', '200', 'passed', 'failed', 'passed-to-failed'],
      ['rm.candidate-tags.create', '401', 'skipped', 'passed', 'newly-covered'],
      ['rm.candidate-tags.create', '404', 'not-covered', 'skipped', 'newly-skipped'],
      ['rm.candidates.get', '401', 'passed', 'not-covered', 'no-longer-covered'],
      ['hr.employee.put', '2xx', 'failed', 'passed', 'failed-to-passed'],
    ],
  );
});

test('new and vanished failures by key, each once, with their clauses; exit 1 when b has a failure a does not', () => {
  const d = diffReports(A, B);
  assert.deepEqual(d.newFailures.map(describeKey), [describeKey(appears)]);
  assert.deepEqual(d.vanishedFailures.map(describeKey), [describeKey(vanishes)]);
  assert.equal(d.newFailures[0]?.clause?.quote, 'status sentence');
  assert.equal(d.exitCode, 1);
  assert.equal(diffReports(B, A).exitCode, 1, 'b = A has the vanished failure, which B has not');
  assert.equal(diffReports(A, { ...A, failures: [stays] }).exitCode, 0, 'only fewer failures: exit 0');
});

test('observations changed: same category and subject, other values (counts and new subjects are no change)', () => {
  const d = diffReports(A, B);
  assert.deepEqual(d.observations, [
    { category: 'status-of-write', subject: 'POST /candidates/{id}/tags', before: ['200'], after: ['201'] },
  ]);
});

test('a cell or operation only one report has', () => {
  const b = { ...B, operations: B.operations.filter((o) => o.id !== 'hr.employee.put') };
  const d = diffReports(A, b);
  assert.deepEqual(
    d.cells.filter((c) => c.operationId === 'hr.employee.put').map((c) => [c.status, c.after, c.kind]),
    [
      ['2xx', 'absent', 'gone'],
      ['4xx', 'absent', 'gone'],
    ],
  );
});

test('identical reports: nothing changed, exit 0', () => {
  const d = diffReports(A, A);
  assert.deepEqual([d.cells, d.newFailures, d.vanishedFailures, d.observations, d.exitCode], [[], [], [], [], 0]);
  assert.match(renderDiffMarkdown(d), /No difference in the matrix, the failures or the observations/);
});

test('diff.md names the cells, the failures with their clauses and the observations', () => {
  const md = renderDiffMarkdown(diffReports(A, B, { a: 'runs/a/conformance.json', b: 'runs/b/conformance.json' }));
  assert.match(md, /^# Conformance diff: 1 new failure\(s\)/);
  assert.match(md, /- a: `runs\/a\/conformance\.json` \(api-conformance-suite 0\.1\.0; RM embedded, HR embedded; seed 11\)/);
  assert.match(md, /- 5 cell\(s\) changed, 1 new failure\(s\), 1 vanished failure\(s\), 1 observation\(s\) changed/);
  assert.match(
    md,
    /\| `POST \/rm\.candidate-tags\.create` \(rm\.candidate-tags\.create\) \| 200 \| passed \| failed \| passed → failed \|/,
  );
  assert.match(
    md,
    /## New failures \(in b, not in a\)\n\n- `\[status\] rm\.candidate-tags\.create 200: .*`: expected 200, got 201\n {2}- required by .*"status sentence"/,
  );
  assert.match(md, /## Vanished failures \(in a, not in b\)\n\n- `\[schema\] hr\.employee\.put 2xx/);
  assert.match(md, /\| status-of-write \| POST \/candidates\/\{id\}\/tags \| 200 \| 201 \|/);
});

test('a report written before schemaVersion 2: operation and cell from the failing exchange and its one cell', () => {
  const { schemaVersion: _v, suite: _s, tests: _t, ...old } = A;
  const v1 = {
    ...old,
    failures: [
      {
        check: 'status',
        test: T_TAGS_404,
        checks: ['status'],
        message: 'm',
        clause: null,
        file: 'x',
        cells: ['rm.candidate-tags.create 404'],
      },
      {
        check: 'schema',
        test: T_TAGS_200,
        checks: ['schema'],
        message: 'm',
        clause: null,
        file: 'x',
        cells: [],
        exchange: { seq: 1, operationId: 'rm.candidates.get', method: 'GET', path: '/c/1', status: 500 },
      },
    ],
  };
  const read = parseReport(JSON.parse(JSON.stringify(v1)));
  assert.ok(read.ok);
  assert.equal(read.schemaVersion, null);
  assert.deepEqual(
    read.report.failures.map((f) => [f.operationId, f.status]),
    [
      ['rm.candidate-tags.create', '404'],
      ['rm.candidates.get', null],
    ],
  );
});

test('a file that is no report says why', () => {
  const why = (v: unknown): string => {
    const r = parseReport(v);
    return r.ok ? 'ok' : r.problem;
  };
  assert.match(why([]), /not a JSON object/);
  assert.match(why({ target: { rm: 'x', hr: 'y' }, operations: [] }), /no failures array/);
  assert.match(
    why({ ...A, operations: [{ api: 'rm', id: 'x', statuses: { '200': 'green' } }] }),
    /operations\[0\]\.statuses\["200"\] is not a cell outcome/,
  );
  assert.match(why({ ...A, tests: undefined }), /no tests array/);
  assert.match(why({ ...A, suite: undefined }), /no suite\.name/);
});
