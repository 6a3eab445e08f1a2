import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestCase } from '@playwright/test/reporter';
import { buildReport } from '../../src/reporting/conformance-reporter';
import { catalogue } from '../../src/catalogue';
import { renderMarkdown } from '../../src/reporting/conformance-markdown';
import { CheckError } from '../../src/checks';

type Outcome = 'expected' | 'unexpected' | 'skipped';

function fakeTest(title: string, outcome: Outcome, annotations: { type: string; description?: string }[], message = ''): TestCase {
  const result = { annotations: [], attachments: [{ name: '001 GET /v2/lists -> 200', contentType: 'text/plain' }], errors: message ? [{ message }] : [], error: message ? { message } : undefined };
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
    fakeTest('c', 'unexpected', [{ type: 'covers', description: 'rm.list-candidates.add 200' }], new CheckError('membership', 'rm.state.list-readd', 'second PUT answered 201').message),
    fakeTest('d', 'skipped', [{ type: 'covers', description: 'rm.ats-candidates.anonymise 202' }, { type: 'skip', description: 'destructive not allowed' }]),
    fakeTest('e', 'expected', [{ type: 'observation', description: JSON.stringify({ category: 'error-body', subject: 'GET /x 401', value: 'object {errors[]}' }) }]),
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
  assert.ok(md.includes('> | Candidate in static list | PUT list membership | candidate already in list | member (unchanged) | response 200 |'), 'the quote stands beside the failure');
});
