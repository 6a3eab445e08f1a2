/**
 * The conformance report is built from each test's evidence alone (exchanges, verdicts, the
 * failure): cells are earned by judged exchanges, never by declared coverage; failures carry their
 * verdict's check, clause, operation, cell and exchange; JUnit and the markdown render the same data.
 */
import type { Observation } from '../../src/reporting/observations';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestCase } from '@playwright/test/reporter';
import { buildReport, runFailed } from '../../src/reporting/conformance-reporter';
import { catalogue } from '../../contract/catalogue';
import { renderMarkdown } from '../../src/reporting/conformance-markdown';
import { NOT_RUN_REASON } from '../../src/reporting/cells';
import { renderJUnit } from '../../src/reporting/junit';
import { EVIDENCE_ANNOTATION, type ExchangeBrief, type TestEvidence } from '../../src/reporting/evidence';
import type { Verdict } from '../../src/checks/verdict';

type Status = 'passed' | 'failed' | 'skipped' | 'timedOut';
type Annotation = { type: string; description?: string };

function fakeTest(title: string, status: Status, annotations: Annotation[], evidence?: Partial<TestEvidence>, message = ''): TestCase {
  const all = evidence
    ? [
        ...annotations,
        {
          type: EVIDENCE_ANNOTATION,
          description: JSON.stringify({
            exchanges: [],
            verdicts: [],
            failure: null,
            failingExchange: null,
            replay: null,
            notJudged: null,
            ...evidence,
          }),
        },
      ]
    : annotations;
  const result = {
    status,
    duration: 12,
    annotations: [],
    attachments: [],
    errors: message ? [{ message }] : [],
    error: message ? { message } : undefined,
  };
  const outcome = status === 'passed' ? 'expected' : status === 'skipped' ? 'skipped' : 'unexpected';
  return {
    title,
    annotations: all,
    results: [result],
    outcome: () => outcome,
    titlePath: () => ['', 'rm', 'rm/x.spec.ts', title],
    location: { file: '/p/specs/rm/x.spec.ts', line: 1, column: 1 },
    parent: { project: () => ({ name: 'rm' }) },
  } as unknown as TestCase;
}

const ex = (seq: number, operationId: string | null, status: number | null, method = 'GET', path = '/x'): ExchangeBrief => ({
  n: seq,
  seq,
  operationId,
  method,
  path,
  status,
  retries: 0,
  ms: 1,
});

function verdict(
  seq: number | null,
  operationId: string | null,
  cells: string[],
  outcome: 'passed' | 'failed',
  extra: Partial<Verdict> = {},
): Verdict {
  return {
    check: 'status',
    clause: 'rm.op.lists.list' as Verdict['clause'],
    verdict: outcome,
    detail: outcome === 'failed' ? 'what was seen' : '',
    exchangeSeq: seq,
    operationId,
    cells,
    judgesStatus: true,
    ...extra,
  };
}

/** A cell the test sets out to earn, as declares() writes it in its details. */
const covers = (description: string): Annotation => ({ type: 'earns', description });
const rowOf = (report: ReturnType<typeof buildReport>, id: string): Record<string, string> =>
  report.operations.find((o) => o.id === id)?.statuses ?? {};
const EMBEDDED = { target: { rm: 'embedded', hr: 'embedded' }, seed: 1, runId: 'r' };

test('every catalogue operation appears with every documented status; a cell is passed only where a judged exchange earned it', () => {
  const tests = [
    // Judged: GET /lists answered 200 and the status check passed.
    fakeTest('a', 'passed', [covers('rm.lists.list 200')], {
      exchanges: [ex(1, 'rm.lists.list', 200)],
      verdicts: [verdict(1, 'rm.lists.list', ['200'], 'passed')],
    }),
    // Declared, but no check judged the 401: not covered, with the reason.
    fakeTest('b', 'passed', [covers('rm.lists.list 401')], { exchanges: [ex(1, 'rm.lists.list', 401)], verdicts: [] }),
    // Only a check that does not judge the status: no cell earned.
    fakeTest('c', 'passed', [covers('rm.jobs.list 200')], {
      exchanges: [ex(1, 'rm.jobs.list', 200)],
      verdicts: [verdict(1, 'rm.jobs.list', ['200'], 'passed', { check: 'schema', judgesStatus: false })],
    }),
  ];
  const report = buildReport(tests, EMBEDDED);
  assert.equal(report.operations.length, catalogue().length);
  assert.equal(report.schemaVersion, 2);
  assert.equal(rowOf(report, 'rm.lists.list')['200'], 'passed');
  assert.deepEqual(report.operations.find((o) => o.id === 'rm.lists.list')?.evidence['200']?.exchanges, [
    { test: 'rm/x.spec.ts > a', n: 1, verdict: 'passed' },
  ]);
  assert.equal(rowOf(report, 'rm.lists.list')['401'], 'not-covered');
  assert.match(
    report.operations.find((o) => o.id === 'rm.lists.list')?.evidence['401']?.reason ?? '',
    /no exchange of the test answered this status/,
  );
  assert.equal(rowOf(report, 'rm.jobs.list')['200'], 'not-covered');
  assert.deepEqual(report.totals, { passed: 3, failed: 0, skipped: 0, notJudged: 0 });
  assert.equal(report.requests, 3);
});

test('a test that fails at its first step marks no cell of the operations it never called', () => {
  // POST /candidates/{id}/tags answered 201 where the row says 200; the DELETE was never sent.
  const failure = verdict(2, 'rm.candidate-tags.create', ['200'], 'failed', { clause: 'rm.op.candidate-tags.create' as Verdict['clause'] });
  const t = fakeTest(
    'tags',
    'failed',
    [covers('rm.candidate-tags.create 200'), covers('rm.candidate-tags.delete 200'), covers('rm.candidate-tags.list 200')],
    {
      exchanges: [
        ex(1, 'rm.candidates.create', 201, 'POST', '/candidates'),
        ex(2, 'rm.candidate-tags.create', 201, 'POST', '/candidates/1/tags'),
      ],
      verdicts: [verdict(1, 'rm.candidates.create', ['201'], 'passed'), failure],
      failure,
      replay: 'CONFORMANCE_EMBEDDED=1 npx playwright test specs/rm/tags.spec.ts:13',
    },
    'status: POST /candidates/1/tags -> 201, expected 200',
  );
  const report = buildReport([t], EMBEDDED);
  assert.equal(rowOf(report, 'rm.candidate-tags.create')['200'], 'failed');
  assert.equal(rowOf(report, 'rm.candidate-tags.delete')['200'], 'not-covered');
  assert.match(
    report.operations.find((o) => o.id === 'rm.candidate-tags.delete')?.evidence['200']?.reason ?? '',
    /the test failed before this request/,
  );
  assert.equal(rowOf(report, 'rm.candidates.create')['201'], 'passed', 'the POST that conformed earned its cell');
  const f = report.failures[0];
  assert.equal(f?.kind, 'check');
  assert.equal(f?.check, 'status');
  assert.equal(f?.operationId, 'rm.candidate-tags.create');
  assert.equal(f?.status, '200');
  assert.deepEqual(f?.cells, ['rm.candidate-tags.create 200']);
  assert.equal(f?.clause?.id, 'rm.op.candidate-tags.create');
  assert.equal(f?.replay, 'CONFORMANCE_EMBEDDED=1 npx playwright test specs/rm/tags.spec.ts:13');
  assert.deepEqual(report.totals, { passed: 0, failed: 1, skipped: 0, notJudged: 0 });
  const md = renderMarkdown(report);
  assert.match(md, /1 conformance failure/);
  assert.match(md, /- check: `status`/);
  // A cell the test set out to cover and missed is a gap (⬜); one no test of this run tried is "not run" (➖).
  assert.match(md, /`DELETE \/candidates\/\{candidateId\}\/tags\/\{tagId\}` \| 200 ⬜ /);
  assert.match(md, /`GET \/jobs\/\{jobId\}` \| 200 ➖ /);
  assert.equal(report.operations.find((o) => o.id === 'rm.jobs.get')?.evidence['200']?.reason, NOT_RUN_REASON);
  assert.match(md, /, \d+ not covered, \d+ not run \(no test of this run's selection covers them\)/);
});

test('a target answering 502 everywhere passes no cell', () => {
  const tests = catalogue()
    .filter((op) => op.api === 'rm')
    .map((op, i) => {
      const cells = op.responses.map((r) => r.status);
      const failure = verdict(1, op.id, cells, 'failed', { check: 'no-server-error' });
      return fakeTest(
        `t${i}`,
        'failed',
        cells.map((c) => covers(`${op.id} ${c}`)),
        { exchanges: [ex(1, op.id, 502)], verdicts: [failure], failure },
        'x',
      );
    });
  const report = buildReport(tests, EMBEDDED);
  const passed = report.operations.flatMap((o) => Object.values(o.statuses)).filter((s) => s === 'passed');
  assert.deepEqual(passed, []);
});

test('a failed verdict on an exchange takes the cell its status check earned', () => {
  const failure = verdict(1, 'rm.lists.list', ['200'], 'failed', { check: 'schema', judgesStatus: false });
  const report = buildReport(
    [
      fakeTest('s', 'failed', [covers('rm.lists.list 200')], {
        exchanges: [ex(1, 'rm.lists.list', 200)],
        verdicts: [verdict(1, 'rm.lists.list', ['200'], 'passed'), failure],
        failure,
      }),
    ],
    EMBEDDED,
  );
  assert.equal(rowOf(report, 'rm.lists.list')['200'], 'failed');
});

test("a time-out of the suite's own is not judged: no failure, no cell; a failure without a failed check is the suite's error", () => {
  const report = buildReport(
    [
      fakeTest('slow', 'timedOut', [covers('rm.lists.list 200')], {
        exchanges: [ex(1, 'rm.lists.list', 200)],
        verdicts: [],
        notJudged: 'the test did not end within its time-out of 60 s',
      }),
      fakeTest('bug', 'failed', [], { exchanges: [], verdicts: [] }, 'TypeError: cannot read properties of undefined'),
    ],
    EMBEDDED,
  );
  assert.deepEqual(report.totals, { passed: 0, failed: 1, skipped: 0, notJudged: 1 });
  assert.deepEqual(report.notJudged, [{ test: 'rm/x.spec.ts > slow', reason: 'the test did not end within its time-out of 60 s' }]);
  assert.equal(rowOf(report, 'rm.lists.list')['200'], 'not-covered');
  assert.equal(report.failures.length, 1);
  assert.equal(report.failures[0]?.kind, 'suite-error');
  assert.equal(report.failures[0]?.clause, null);
  const junit = renderJUnit(report);
  assert.match(junit, /<error type="not-judged" message="not judged: the test did not end/);
  assert.match(junit, /<error type="suite-error" message="TypeError/);
  assert.doesNotMatch(junit, /<failure/);
});

test('a failed test the suite cannot attribute to the target is not judged: no failure, no failed cell, exit 0 (D62)', () => {
  // A failure caught and passed over earlier in the test stays among its verdicts; it fails no cell.
  const caught = verdict(1, 'rm.lists.list', ['200'], 'failed', { check: 'schema', judgesStatus: false });
  const report = buildReport(
    [
      fakeTest(
        'throttled',
        'failed',
        [covers('rm.lists.list 200')],
        {
          exchanges: [ex(1, 'rm.lists.list', 200), ex(2, 'rm.lists.list', 429)],
          verdicts: [caught],
          notJudged: 'GET /v2/lists -> 429: the target still answered 429 after 6 attempts',
        },
        'NotJudgedError: not judged: ...',
      ),
    ],
    EMBEDDED,
  );
  assert.deepEqual(report.totals, { passed: 0, failed: 0, skipped: 0, notJudged: 1 });
  assert.deepEqual(report.failures, []);
  assert.notEqual(rowOf(report, 'rm.lists.list')['200'], 'failed');
  assert.equal(runFailed(report), false);
});

test('JUnit: a failed check is a <failure> with the check, the quote and the replay; a skip carries its reason', () => {
  const failure = verdict(1, 'rm.lists.list', ['200'], 'failed', { check: 'status', clause: 'rm.auth.401' as Verdict['clause'] });
  const report = buildReport(
    [
      fakeTest(
        'f',
        'failed',
        [],
        { exchanges: [ex(1, 'rm.lists.list', 200)], verdicts: [failure], failure, replay: 'npx playwright test specs/rm/x.spec.ts:1' },
        'x',
      ),
      fakeTest('s', 'skipped', [{ type: 'skip', description: 'destructive not allowed' }], { exchanges: [], verdicts: [] }),
    ],
    EMBEDDED,
  );
  const junit = renderJUnit(report);
  assert.match(junit, /failures="1" errors="0" skipped="1"/);
  assert.match(
    junit,
    /<failure type="status" message="\[status\] what was seen">required by 000_6053abef4cebe6dd\.txt §5: "Missing or invalid credentials give HTTP 401/,
  );
  assert.match(junit, /replay: npx playwright test specs\/rm\/x\.spec\.ts:1/);
  assert.match(junit, /<skipped message="destructive not allowed"\/>/);
});

test('with one API configured, the other API\u2019s cells are skipped ("not configured")', () => {
  const report = buildReport(
    [
      fakeTest('a', 'passed', [covers('rm.lists.list 200')], {
        exchanges: [ex(1, 'rm.lists.list', 200)],
        verdicts: [verdict(1, 'rm.lists.list', ['200'], 'passed')],
      }),
    ],
    { target: { rm: 'http://rm.example/v2', hr: 'not configured' }, seed: 1, runId: 'r' },
  );
  assert.equal(rowOf(report, 'rm.lists.list')['200'], 'passed');
  assert.equal(rowOf(report, 'rm.lists.list')['401'], 'not-covered');
  for (const op of report.operations.filter((o) => o.api !== 'rm'))
    for (const v of Object.values(op.statuses)) assert.equal(v, 'skipped', op.id);
  const hrCells = report.skipped.filter((s) => s.api === 'hr' || s.api === 'learning');
  assert.ok(hrCells.length > 0);
  assert.ok(hrCells.every((s) => s.reason === 'not configured'));
  assert.match(renderMarkdown(report), /- not configured: \d+ cells: /);
});

test('"Skipped" lists only cells the matrix shows skipped, and the skipped tests with their reasons', () => {
  const tests = [
    fakeTest('ran', 'passed', [covers('hr.employee.put 4xx')], {
      exchanges: [ex(1, 'hr.employee.put', 400, 'PUT')],
      verdicts: [verdict(1, 'hr.employee.put', ['4xx'], 'passed')],
    }),
    fakeTest('skipped one', 'skipped', [covers('hr.employee.put 4xx'), { type: 'skip', description: 'no reference id' }], {
      exchanges: [],
      verdicts: [],
    }),
    fakeTest(
      'skipped two',
      'skipped',
      [covers('rm.ats-candidates.anonymise 202'), { type: 'skip', description: 'destructive not allowed' }],
      {
        exchanges: [],
        verdicts: [],
      },
    ),
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
  assert.deepEqual(report.totals, { passed: 1, failed: 0, skipped: 2, notJudged: 0 });
});

test('each status names its clause; statuses outside the operation\u2019s row get a footnote in the markdown', () => {
  const report = buildReport([], EMBEDDED);
  const job = report.operations.find((o) => o.id === 'rm.jobs.get');
  assert.equal(job?.clauses?.['404'], 'rm.error.404');
  assert.equal(job?.clauses?.['200'], job?.clause);
  const md = renderMarkdown(report);
  const marks = /\| `GET \/jobs\/\{jobId\}` \| 200 ➖ {2}401([⁰-⁹¹²³]+) ➖ {2}404([⁰-⁹¹²³]+) ➖ \|/.exec(md);
  assert.ok(marks, 'GET /jobs/{jobId}: 401 and 404 carry footnote marks, 200 (its row) none');
  assert.ok(md.includes(`- ${marks[2] ?? ''} 000_6053abef4cebe6dd.txt §7 (\`rm.error.404\`): "`), 'the 404 footnote names 000 §7');
  assert.ok(md.includes(`- ${marks[1] ?? ''} 000_6053abef4cebe6dd.txt §5 (\`rm.auth.401\`)`), 'the 401 footnote names 000 §5');
});

test('observations are grouped per (category, subject) and leftovers per kind in the markdown', () => {
  const obs = (subject: string, value: string): Observation => ({ category: 'status', subject, value });
  const tests = [
    fakeTest('a', 'passed', [], {
      records: {
        observations: [
          obs('PUT /hrcore/position with a malformed token', '401'),
          obs('PUT /hrcore/position with no token', '401'),
          obs('PUT /hrcore/position update', '200'),
          obs('PUT /hrcore/position create', '200'),
          obs('PUT /hrcore/position create without name', '400'),
          obs('PUT /hrcore/position create with a bad date', '422'),
        ],
        leftovers: [
          'not undoable: RM candidate conformance+a-1@example.com (000 §4 has no operation that deletes a candidate)',
          'not undoable: RM candidate conformance+a-2@example.com (000 §4 has no operation that deletes a candidate)',
          'not undoable: RM education edu-000109 of candidate 10079 (no documented delete operation)',
        ],
        properties: [],
      },
    }),
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

test('requests are counted from the evidence (every attempt), and each attempt the client sent again is observed with its cause', () => {
  const t = fakeTest('r', 'passed', [], {
    exchanges: [
      { ...ex(1, 'rm.candidates.create', 429, 'POST'), sentAgain: '429 with Retry-After: 1: waited 1000 ms' },
      {
        ...ex(2, 'rm.candidates.create', null, 'POST'),
        retries: 1,
        sentAgain: 'the kept-alive connection it went out on was closed before any answer',
      },
      { ...ex(3, 'rm.candidates.create', 201, 'POST'), retries: 2 },
      { ...ex(4, null, 429), sentAgain: "429 without Retry-After: backed off 500 ms (the suite's rule: ...)" },
      { ...ex(5, null, 200), retries: 1 },
    ],
    verdicts: [],
  });
  const report = buildReport([t], EMBEDDED);
  assert.equal(report.requests, 5);
  const resent = report.observations.filter((o) => /sent again/.test(o.subject));
  assert.deepEqual(resent.map((o) => `${o.subject}: ${o.value}`).sort(), [
    'requests sent again after 429 without Retry-After (the suite backed off): GET',
    'requests sent again after 429/503 with Retry-After (waited as asked): rm.candidates.create',
    'requests sent again on a fresh connection after a reset of a kept-alive one: rm.candidates.create',
  ]);
});
