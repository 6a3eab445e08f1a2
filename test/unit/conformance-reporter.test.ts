import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestCase } from '@playwright/test/reporter';
import { buildReport } from '../../src/reporting/conformance-reporter';
import { catalogue } from '../../src/catalogue';
import { renderMarkdown } from '../../src/reporting/conformance-markdown';
import { CheckError } from '../../src/checks';

type Outcome = 'expected' | 'unexpected' | 'skipped';

function fakeTest(title: string, outcome: Outcome, annotations: { type: string; description?: string }[], message = ''): TestCase {
  const result = {
    annotations: [],
    attachments: [{ name: '001 GET /v2/lists -> 200', contentType: 'text/plain' }],
    errors: message ? [{ message }] : [],
    error: message ? { message } : undefined,
  };
  return {
    title,
    annotations,
    results: [result],
    outcome: () => outcome,
    titlePath: () => ['', 'rm', 'rm/x.spec.ts', title],
    location: { file: '/p/specs/rm/x.spec.ts', line: 1, column: 1 },
  } as unknown as TestCase;
}

test('every catalogue operation appears with every documented status; outcomes fold worst-first', () => {
  const tests = [
    fakeTest('a', 'expected', [{ type: 'covers', description: 'rm.lists.list 200' }]),
    fakeTest('b', 'expected', [{ type: 'covers', description: 'rm.list-candidates.add 201,200' }]),
    fakeTest(
      'c',
      'unexpected',
      [{ type: 'covers', description: 'rm.list-candidates.add 200' }],
      new CheckError('membership', 'rm.state.list-readd', 'second PUT answered 201').message,
    ),
    fakeTest('d', 'skipped', [
      { type: 'covers', description: 'rm.ats-candidates.anonymise 202' },
      { type: 'skip', description: 'destructive not allowed' },
    ]),
    fakeTest('e', 'expected', [
      { type: 'observation', description: JSON.stringify({ category: 'error-body', subject: 'GET /x 401', value: 'object {errors[]}' }) },
    ]),
  ];
  const report = buildReport(tests, { target: { rm: 'embedded', hr: 'embedded' }, seed: 7, runId: 'r1' });
  assert.equal(report.operations.length, catalogue().length);
  const row = (id: string): Record<string, string> => report.operations.find((o) => o.id === id)?.statuses ?? {};
  assert.equal(row('rm.lists.list')['200'], 'passed');
  assert.equal(row('rm.lists.list')['401'], 'not-covered');
  assert.equal(row('rm.list-candidates.add')['201'], 'passed');
  assert.equal(row('rm.list-candidates.add')['200'], 'failed');
  assert.equal(row('rm.ats-candidates.anonymise')['202'], 'skipped');
  assert.deepEqual(report.totals, { passed: 3, failed: 1, skipped: 1 });
  assert.equal(report.requests, 5);
  assert.deepEqual(report.failures[0]?.checks, ['membership']);
  assert.equal(report.failures[0]?.check, 'membership');
  assert.deepEqual(report.failures[0]?.clause, {
    id: 'rm.state.list-readd',
    seed: '000_6053abef4cebe6dd.txt',
    section: '§3',
    quote: '| Candidate in static list | PUT list membership | candidate already in list | member (unchanged) | response 200 |',
  });
  assert.equal(report.skipped[0]?.reason, 'destructive not allowed');
  assert.equal(report.observations[0]?.value, 'object {errors[]}');
  const md = renderMarkdown(report);
  assert.match(md, /1 conformance failure/);
  assert.match(md, /- check: `membership`/);
  assert.ok(
    md.includes('> | Candidate in static list | PUT list membership | candidate already in list | member (unchanged) | response 200 |'),
    'the quote stands beside the failure',
  );
});

const fx = (
  operationId: string | null,
  status: number | null,
  method = 'DELETE',
  path = '/lists/1/candidates/2',
): { type: string; description: string } => ({
  type: 'failing-exchange',
  description: JSON.stringify({ seq: 3, operationId, method, path, status }),
});
const rowOf = (report: ReturnType<typeof buildReport>, id: string): Record<string, string> =>
  report.operations.find((o) => o.id === id)?.statuses ?? {};
const EMBEDDED = { target: { rm: 'embedded', hr: 'embedded' }, seed: 1, runId: 'r' };

test('a failure marks only the cells of the failing exchange (operation and status)', () => {
  const membership = [
    { type: 'covers', description: 'rm.list-candidates.add 201,200' },
    { type: 'covers', description: 'rm.list-candidates.remove 204' },
  ];
  // PUT answered 201 where 200 was due: the 201 cell took part; DELETE's 204 conformed.
  const report = buildReport(
    [fakeTest('model', 'unexpected', [...membership, fx('rm.list-candidates.add', 201, 'PUT')], 'second PUT answered 201')],
    EMBEDDED,
  );
  assert.equal(rowOf(report, 'rm.list-candidates.add')['201'], 'failed');
  assert.equal(rowOf(report, 'rm.list-candidates.add')['200'], 'passed');
  assert.equal(rowOf(report, 'rm.list-candidates.remove')['204'], 'passed');
  assert.deepEqual(report.failures[0]?.cells, ['rm.list-candidates.add 201']);
  assert.equal(report.failures[0]?.exchange?.status, 201);
  assert.deepEqual(report.totals, { passed: 0, failed: 1, skipped: 0 });
  const md = renderMarkdown(report);
  assert.match(md, /- cells failed: `PUT \/lists\/\{listId\}\/candidates\/\{candidateId\} 201`/);
  assert.match(md, /- failing exchange: #3 PUT \/lists\/1\/candidates\/2 -> 201 \(rm.list-candidates.add\)/);
});

test('an exchange whose status matches none of the covered statuses fails every covered status of its operation', () => {
  const covers = [
    { type: 'covers', description: 'rm.list-candidates.remove 204' },
    { type: 'covers', description: 'rm.list-candidates.add 201,200' },
  ];
  const report = buildReport(
    [fakeTest('t', 'unexpected', [...covers, fx('rm.list-candidates.remove', 200)], 'DELETE answered 200')],
    EMBEDDED,
  );
  assert.equal(rowOf(report, 'rm.list-candidates.remove')['204'], 'failed');
  assert.equal(rowOf(report, 'rm.list-candidates.add')['201'], 'passed');
  assert.equal(rowOf(report, 'rm.list-candidates.add')['200'], 'passed');
  assert.deepEqual(report.failures[0]?.cells, ['rm.list-candidates.remove 204']);
  // A class key ("4xx") matches any status of its class; no answer at all (null) matches none.
  const hr = buildReport(
    [
      fakeTest(
        'h',
        'unexpected',
        [{ type: 'covers', description: 'hr.employee.put 2xx,4xx' }, fx('hr.employee.put', 422, 'PUT', '/hrcore/employee')],
        'x',
      ),
    ],
    EMBEDDED,
  );
  assert.equal(rowOf(hr, 'hr.employee.put')['4xx'], 'failed');
  assert.equal(rowOf(hr, 'hr.employee.put')['2xx'], 'passed');
  const timeout = buildReport(
    [
      fakeTest(
        'h',
        'unexpected',
        [{ type: 'covers', description: 'hr.employee.put 2xx,4xx' }, fx('hr.employee.put', null, 'PUT', '/hrcore/employee')],
        'x',
      ),
    ],
    EMBEDDED,
  );
  assert.deepEqual(timeout.failures[0]?.cells, ['hr.employee.put 2xx', 'hr.employee.put 4xx']);
});

test('without a failing exchange (or with operationId null) every covered cell fails, as before', () => {
  const covers = [
    { type: 'covers', description: 'rm.list-candidates.add 201,200' },
    { type: 'covers', description: 'rm.list-candidates.remove 204' },
  ];
  for (const extra of [[], [fx(null, 500)]]) {
    const report = buildReport([fakeTest('t', 'unexpected', [...covers, ...extra], 'boom')], EMBEDDED);
    assert.equal(rowOf(report, 'rm.list-candidates.add')['201'], 'failed');
    assert.equal(rowOf(report, 'rm.list-candidates.add')['200'], 'failed');
    assert.equal(rowOf(report, 'rm.list-candidates.remove')['204'], 'failed');
    assert.deepEqual(report.failures[0]?.cells, [
      'rm.list-candidates.add 201',
      'rm.list-candidates.add 200',
      'rm.list-candidates.remove 204',
    ]);
  }
  // A failing exchange of an operation the test does not cover leaves its covered cells passed.
  const other = buildReport([fakeTest('t', 'unexpected', [...covers, fx('rm.lists.list', 200, 'GET', '/lists')], 'x')], EMBEDDED);
  assert.equal(rowOf(other, 'rm.list-candidates.remove')['204'], 'passed');
  assert.deepEqual(other.failures[0]?.cells, []);
});

test('with one API configured, the other API\u2019s cells are skipped ("not configured")', () => {
  const report = buildReport([fakeTest('a', 'expected', [{ type: 'covers', description: 'rm.lists.list 200' }])], {
    target: { rm: 'http://rm.example/v2', hr: 'not configured' },
    seed: 1,
    runId: 'r',
  });
  assert.equal(rowOf(report, 'rm.lists.list')['200'], 'passed');
  assert.equal(rowOf(report, 'rm.lists.list')['401'], 'not-covered');
  for (const op of report.operations.filter((o) => o.api !== 'rm')) {
    for (const v of Object.values(op.statuses)) assert.equal(v, 'skipped', op.id);
  }
  const hrCells = report.skipped.filter((s) => s.api === 'hr' || s.api === 'learning');
  assert.ok(hrCells.length > 0);
  assert.ok(hrCells.every((s) => s.reason === 'not configured'));
  assert.ok(!report.skipped.some((s) => s.api === 'rm'));
  assert.match(renderMarkdown(report), /- not configured: \d+ cells: /);
});

test('"Skipped" lists only cells the matrix shows skipped, by METHOD /path status, and the skipped tests with their reasons', () => {
  const tests = [
    fakeTest('ran', 'expected', [{ type: 'covers', description: 'hr.employee.put 4xx' }]),
    fakeTest('skipped one', 'skipped', [
      { type: 'covers', description: 'hr.employee.put 4xx' },
      { type: 'skip', description: 'no reference id' },
    ]),
    fakeTest('skipped two', 'skipped', [
      { type: 'covers', description: 'rm.ats-candidates.anonymise 202' },
      { type: 'skip', description: 'destructive not allowed' },
    ]),
  ];
  const report = buildReport(tests, EMBEDDED);
  assert.equal(rowOf(report, 'hr.employee.put')['4xx'], 'passed');
  assert.deepEqual(
    report.skipped.map((s) => s.cell),
    ['DELETE /ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId} 202'],
  );
  assert.equal(report.skipped[0]?.reason, 'destructive not allowed');
  assert.deepEqual(
    report.skippedTests?.map((t) => t.reason),
    ['no reference id', 'destructive not allowed'],
  );
  assert.deepEqual(report.totals, { passed: 1, failed: 0, skipped: 2 });
  const md = renderMarkdown(report);
  assert.match(md, /2 skipped tests/);
  assert.match(md, /## Skipped cells, and why/);
  assert.match(md, /## Skipped tests, and why[\s\S]*no reference id/);
  const cellsSection = md.slice(md.indexOf('## Skipped cells'), md.indexOf('## Skipped tests'));
  const employee = catalogue().find((o) => o.id === 'hr.employee.put');
  assert.ok(cellsSection.includes('`DELETE /ats_integrations/{atsIntegrationId}/candidates/{candidateAtsId} 202`'));
  assert.ok(
    !cellsSection.includes(`${employee?.method ?? ''} ${employee?.path ?? ''} 4xx`),
    'a cell the matrix shows passed is not listed as skipped',
  );
});

test('each status names its clause; statuses outside the operation\u2019s row get a footnote in the markdown', () => {
  const report = buildReport([], EMBEDDED);
  const job = report.operations.find((o) => o.id === 'rm.jobs.get');
  assert.equal(job?.clauses?.['404'], 'rm.error.404');
  assert.equal(job?.clauses?.['200'], job?.clause);
  const md = renderMarkdown(report);
  const marks = /\| `GET \/jobs\/\{jobId\}` \| 200 ⬜ {2}401([⁰-⁹¹²³]+) ⬜ {2}404([⁰-⁹¹²³]+) ⬜ \|/.exec(md);
  assert.ok(marks, 'GET /jobs/{jobId}: 401 and 404 carry footnote marks, 200 (its row) none');
  assert.ok(md.includes(`- ${marks[2] ?? ''} 000_6053abef4cebe6dd.txt §7 (\`rm.error.404\`): "`), 'the 404 footnote names 000 §7');
  assert.ok(md.includes(`- ${marks[1] ?? ''} 000_6053abef4cebe6dd.txt §5 (\`rm.auth.401\`)`), 'the 401 footnote names 000 §5');
});

test('observations are grouped per (category, subject) and leftovers per kind in the markdown', () => {
  const obs = (subject: string, value: string): { type: string; description: string } => ({
    type: 'observation',
    description: JSON.stringify({ category: 'status', subject, value }),
  });
  const tests = [
    fakeTest('a', 'expected', [
      obs('PUT /hrcore/position with a malformed token', '401'),
      obs('PUT /hrcore/position with no token', '401'),
      obs('PUT /hrcore/position update', '200'),
      obs('PUT /hrcore/position create', '200'),
      obs('PUT /hrcore/position create without name', '400'),
      obs('PUT /hrcore/position create with a bad date', '422'),
      { type: 'leftover', description: 'RM candidate conformance+a-1@example.com (000 §4 has no operation that deletes a candidate)' },
      { type: 'leftover', description: 'RM candidate conformance+a-2@example.com (000 §4 has no operation that deletes a candidate)' },
      { type: 'leftover', description: 'RM education edu-000109 of candidate 10079 (no documented delete operation)' },
    ]),
  ];
  const report = buildReport(tests, EMBEDDED);
  assert.equal(report.observations.length, 6);
  assert.equal(report.observationGroups?.length, 1);
  const g = report.observationGroups?.[0];
  assert.equal(g?.subject, 'PUT /hrcore/position');
  assert.equal(g?.count, 6);
  assert.deepEqual(
    g?.values.map((v) => [v.value, v.count]),
    [
      ['200', 2],
      ['401', 2],
      ['400', 1],
    ],
  );
  assert.equal(g?.moreValues, 1);
  assert.deepEqual(report.leftoverGroups, [
    {
      kind: 'not undoable: RM candidate ... (000 §4 has no operation that deletes a candidate)',
      count: 2,
      examples: ['conformance+a-1@example.com', 'conformance+a-2@example.com'],
    },
    { kind: 'not undoable: RM education ... (no documented delete operation)', count: 1, examples: ['edu-000109'] },
  ]);
  const md = renderMarkdown(report);
  assert.ok(
    md.includes(
      '| status | PUT /hrcore/position | 6 | 200 (2, e.g. create); 401 (2, e.g. with a malformed token); 400 (1, e.g. create without name); and 1 more |',
    ),
  );
  assert.match(
    md,
    /- not undoable: RM candidate \.\.\. \(000 §4 has no operation that deletes a candidate\): 2, e\.g\. `conformance\+a-1@example\.com`/,
  );
});

test('skipped tests sharing a reason are listed once with a few examples', () => {
  const tests = ['a', 'b', 'c', 'd'].map((t) => fakeTest(t, 'skipped', [{ type: 'skip', description: 'HR core v3 not configured' }]));
  const report = buildReport(tests, { target: { rm: 'embedded', hr: 'not configured' }, seed: 1, runId: 'r' });
  assert.equal(report.skippedTests?.length, 4);
  assert.match(
    renderMarkdown(report),
    /- HR core v3 not configured: 4 tests, e\.g\. rm\/x\.spec\.ts > a; rm\/x\.spec\.ts > b; rm\/x\.spec\.ts > c\n/,
  );
});

test("a lean run's exchange tally counts requests and each retried read, as exchange attachments do", () => {
  const attached = fakeTest('full', 'expected', []);
  const tallied = fakeTest('lean', 'expected', []);
  const result = tallied.results[0] as unknown as { attachments: unknown[]; annotations: { type: string; description: string }[] };
  result.attachments = [];
  result.annotations = [{ type: 'exchanges', description: JSON.stringify({ count: 7, retries: [2, 1] }) }];
  const report = buildReport([attached, tallied], { target: { rm: 'embedded', hr: 'embedded' }, seed: 7, runId: 'r1' });
  assert.equal(report.requests, 8);
  const retried = report.observations.filter((o) => /retried after 429\/503/.test(o.subject));
  assert.deepEqual(retried.map((o) => o.value).sort(), ['1 retry', '2 retries']);
});
