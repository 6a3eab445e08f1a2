/**
 * CONFORMANCE_EXPECTATIONS (src/reporting/gate/expectations.ts, schemas/expectations.schema.json): the issue's
 * form loads; every problem is a ConfigError naming the entry's index and field.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../src/config/errors';
import { checkExpectations, EXPECTATIONS_SCHEMA_FILE, loadExpectations, todayUtc } from '../../src/reporting/gate/expectations';
import { createAjv } from '../../contract/schemas/ajv';
import { T_TAGS_200 } from './gate-fixtures';

const dir = mkdtempSync(join(tmpdir(), 'gate-expectations-'));
const KNOWN = { knownTests: new Set([T_TAGS_200]) };
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const ISSUE_EXAMPLE = {
  expectations: [
    {
      check: 'status',
      operation: 'rm.candidate-tags.create',
      status: '200',
      reason: 'tags answer 201 until release 4.2',
      until: '2027-01-31',
      link: 'https://tracker.example.test/RM-42',
    },
  ],
};
const entry = (over: Record<string, unknown>): Record<string, unknown> => ({
  check: 'status',
  operation: 'rm.candidate-tags.create',
  reason: 'r',
  until: '2027-01-31',
  ...over,
});
/** The problems of a file holding these entries. */
const problems = (...entries: unknown[]): string[] => checkExpectations({ expectations: entries }, KNOWN).problems;

function refused(path: string, pattern: RegExp): void {
  assert.throws(
    () => loadExpectations(path, KNOWN),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, String(error));
      assert.ok(error.message.startsWith(`CONFORMANCE_EXPECTATIONS=${path}: `), error.message);
      assert.doesNotMatch(error.message, /\n/);
      assert.match(error.message, pattern);
      return true;
    },
  );
}

test('the schema is a valid JSON Schema 2020-12', () => {
  const meta = createAjv();
  const schema = JSON.parse(readFileSync(EXPECTATIONS_SCHEMA_FILE, 'utf8')) as object;
  assert.equal(meta.validateSchema(schema), true, meta.errorsText(meta.errors));
});

test("the issue's example loads; entries keep their index; status and test are optional", () => {
  const loaded = loadExpectations(file('ok.json', ISSUE_EXAMPLE), KNOWN);
  assert.equal(loaded.entries.length, 1);
  assert.deepEqual(loaded.entries[0], { index: 0, ...ISSUE_EXAMPLE.expectations[0] });
  const two = checkExpectations({ expectations: [entry({}), entry({ test: T_TAGS_200, status: '404' })] }, KNOWN);
  assert.deepEqual(two.problems, []);
  assert.deepEqual(
    two.entries.map((e) => e.index),
    [0, 1],
  );
  assert.deepEqual(checkExpectations({ $schema: './schemas/expectations.schema.json', expectations: [] }, KNOWN).problems, []);
});

test('a missing file, a file that is not JSON, a YAML file', () => {
  refused(join(dir, 'nope.json'), /no such file/);
  refused(file('broken.json', '{"expectations": ['), /not JSON/);
  refused(file('e.yaml', 'expectations: []'), /YAML is not supported.*write the file as JSON/);
});

test('the shape: no expectations array, a missing required field, an unknown field', () => {
  assert.deepEqual(checkExpectations({}, KNOWN).problems, ['expectations: missing (required: expectations).']);
  assert.deepEqual(checkExpectations({ expectations: {} }, KNOWN).problems, ['expectations: must be array.']);
  assert.deepEqual(problems(entry({ reason: undefined }), { check: 'status', operation: 'rm.candidates.get', reason: 'r' }), [
    'expectations[0].reason: missing (required: check, operation, reason, until).',
    'expectations[1].until: missing (required: check, operation, reason, until).',
  ]);
  assert.deepEqual(problems(entry({ ticket: 'X-1' })), [
    'expectations[0].ticket: unknown field (the fields are check, operation, status, test, testId, reason, until, link).',
  ]);
  assert.deepEqual(problems(entry({ reason: '' })), ['expectations[0].reason: must NOT have fewer than 1 characters.']);
});

test('until must be a date YYYY-MM-DD that exists; status a cell key; link a URL', () => {
  for (const until of ['31/01/2027', '2027-1-31', '2027-02-30', '2027-01-31T00:00:00Z'])
    assert.deepEqual(problems(entry({ until })), ['expectations[0].until: must be a date YYYY-MM-DD.'], until);
  assert.deepEqual(problems(entry({ status: 200 })), ['expectations[0].status: must be string.']);
  assert.deepEqual(problems(entry({ status: '2XX' })), ['expectations[0].status: must be a status cell such as "200" or "4xx".']);
  assert.deepEqual(problems(entry({ link: 'not a url' })), ['expectations[0].link: must be a URL.']);
});

test('a check that does not exist', () => {
  const [p] = problems(entry({ check: 'stauts' }));
  assert.match(p ?? '', /^expectations\[0\]\.check: "stauts" is no check of the suite \(.*\bstatus\b.*\)\.$/);
});

test('an operation that does not exist', () => {
  assert.deepEqual(problems(entry({}), entry({ operation: 'rm.candidate-tag.create' })), [
    'expectations[1].operation: "rm.candidate-tag.create" is no catalogue operation (npm run checks lists them).',
  ]);
});

test("a status that is not one of the operation's cells", () => {
  assert.deepEqual(problems(entry({ status: '201' })), [
    'expectations[0].status: rm.candidate-tags.create has no status cell "201" (its cells: 200, 401, 404).',
  ]);
  assert.deepEqual(problems(entry({ operation: 'hr.employee.put', status: '4xx' })), []);
});

test('a test that does not exist; not checked when the known titles are not given', () => {
  assert.deepEqual(problems(entry({ test: 'rm > no such test' })), [
    `expectations[0].test: no test of the suite is titled "rm > no such test" (write the title as conformance.json's tests[].test gives it).`,
  ]);
  assert.deepEqual(checkExpectations({ expectations: [entry({ test: 'rm > no such test' })] }, { knownTests: null }).problems, []);
});

test('every problem of the file in one ConfigError, names checked also when another entry breaks the shape', () => {
  const path = file('many.json', {
    expectations: [entry({ until: 'soon' }), entry({ check: 'nope' }), entry({ operation: 'x.y', status: '200' })],
  });
  refused(path, /expectations\[0\]\.until: .*expectations\[1\]\.check: .*expectations\[2\]\.operation: /);
});

test('an entry past its date loads (it fails the run, it is no configuration error); todayUtc is UTC', () => {
  assert.deepEqual(problems(entry({ until: '2001-01-01' })), []);
  assert.equal(todayUtc(new Date('2026-11-25T23:30:00-05:00')), '2026-11-26');
});
