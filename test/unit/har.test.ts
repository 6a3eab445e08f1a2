/**
 * The HAR 1.2 export (src/reporting/har.ts): entries of answered and failed exchanges, a run's
 * JSON-lines files merged into one document, and a test's attachment all validate against the HAR 1.2
 * JSON Schema (the har-schema package), and no secret reaches them.
 */
import type { FullConfig } from '@playwright/test/reporter';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormatsModule from 'ajv-formats';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
import type { Exchange } from '../../src/http/exchange';
import { clearSecretsForTest, registerSecret } from '../../src/http/redact';
import {
  appendHarEntries,
  harAttachment,
  harEntriesFile,
  harEntryFiles,
  harEntriesDir,
  harLog,
  readHarEntries,
  toHarEntry,
  writeHarFile,
  type Har,
} from '../../src/reporting/har';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const harSchemas = require('har-schema') as Record<string, object>;
type AddFormats = (ajv: Ajv) => unknown;
const addFormats: AddFormats =
  typeof addFormatsModule === 'function'
    ? (addFormatsModule as unknown as AddFormats)
    : (addFormatsModule as unknown as { default: AddFormats }).default;

/** har-schema is draft-06 with a few keywords of its own ("optional", "min", "unique"): not strict. */
const ajv = new Ajv({ strict: false, allErrors: true, schemas: [] });
ajv.addMetaSchema(draft06);
addFormats(ajv);
for (const schema of Object.values(harSchemas)) ajv.addSchema(schema);
const validateHar = ajv.getSchema('har.json#');
assert.ok(validateHar, 'har-schema loaded');
// The schema is live: an entry without its request, or a status that is text, is refused.
assert.equal(validateHar({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [{ startedDateTime: 'x' }] } }), false);

function assertValidHar(har: unknown): void {
  const ok = validateHar?.(har);
  assert.equal(ok, true, JSON.stringify(validateHar?.errors, null, 2));
}

const SECRET = 'api-secret-value-42';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.token-body.sig';

function exchange(seq: number, overrides: Partial<Exchange> = {}): Exchange {
  return {
    seq,
    api: 'rm',
    operationId: 'rm.candidates.list',
    request: {
      method: 'POST',
      url: `http://127.0.0.1:9999/v2/candidates?per_page=2&filter%5Bemail%5D=a%40b.test&key=${SECRET}`,
      headers: {
        accept: 'application/vnd.api+json',
        'content-type': 'application/vnd.api+json',
        authorization: `Basic ${Buffer.from(`key:${SECRET}`).toString('base64')}`,
      },
      body: JSON.stringify({ data: { type: 'candidates', attributes: { note: `echo ${SECRET}` } } }),
    },
    response: {
      status: 201,
      headers: { 'content-type': 'application/vnd.api+json', location: '/v2/candidates/c-9', 'x-echo': TOKEN },
      text: JSON.stringify({ data: { id: 'c-9', token: TOKEN } }),
      truncated: false,
      bytes: 44,
    },
    error: null,
    durationMs: 12.3456,
    startedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, seq)).toISOString(),
    retries: 0,
    curl: 'curl ...',
    ...overrides,
  };
}

const failed = (seq: number): Exchange =>
  exchange(seq, { response: null, error: 'time-out: no complete answer within 5000 ms', durationMs: 5000.2, retries: 0 });

void test('an answered exchange: a HAR 1.2 entry with request, response, timings; secrets redacted', () => {
  clearSecretsForTest();
  registerSecret(SECRET, 'key');
  registerSecret(TOKEN);
  const entry = toHarEntry(exchange(1, { retries: 1, retryOf: 7 }), { test: 'rm candidates › POST creates a candidate' });
  assert.equal(entry.startedDateTime, '2026-11-25T12:00:01.000Z');
  assert.equal(entry.time, 12.346);
  assert.equal(entry.request.method, 'POST');
  assert.deepEqual(
    entry.request.queryString.map((q) => q.name),
    ['per_page', 'filter[email]', 'key'],
  );
  assert.equal(entry.request.postData?.mimeType, 'application/vnd.api+json');
  assert.equal(entry.response.status, 201);
  assert.equal(entry.response.statusText, 'Created');
  assert.equal(entry.response.redirectURL, '/v2/candidates/c-9');
  assert.equal(entry.response.content.mimeType, 'application/vnd.api+json');
  assert.equal(entry._retries, 1);
  assert.equal(entry._retryOf, 7, 'the attempt it sends again');
  assert.match(entry.comment ?? '', /attempt 2 of this request/);
  assert.equal(entry._test, 'rm candidates › POST creates a candidate');
  const text = JSON.stringify(entry);
  assert.ok(!text.includes(SECRET) && !text.includes(TOKEN), text);
  assert.ok(!text.includes(Buffer.from(`key:${SECRET}`).toString('base64')));
  assert.deepEqual(
    entry.request.headers.find((h) => h.name === 'authorization'),
    { name: 'authorization', value: 'Basic ***' },
  );
  assertValidHar(harLog([entry]));
});

void test('a transport failure: status 0 and _error, still valid HAR', () => {
  const entry = toHarEntry(failed(2));
  assert.equal(entry.response.status, 0);
  assert.equal(entry.response._error, 'time-out: no complete answer within 5000 ms');
  assert.equal(entry._error, 'time-out: no complete answer within 5000 ms');
  assert.equal(entry.pageref, undefined);
  assertValidHar(harLog([entry]));
  // No start time (an exchange made by hand): one is made up, still a date-time.
  const { startedAt: _dropped, ...rest } = exchange(3);
  assert.match(toHarEntry(rest).startedDateTime, /^\d{4}-\d\d-\d\dT/);
});

void test('workers append JSON lines; the merge writes one valid HAR in start order, a page per test, a cut line skipped', () => {
  clearSecretsForTest();
  registerSecret(SECRET, 'key');
  const reports = mkdtempSync(join(tmpdir(), 'har-'));
  appendHarEntries(harEntriesFile(reports, 0), [toHarEntry(exchange(5), { test: 'B' }), toHarEntry(exchange(2), { test: 'A' })]);
  appendHarEntries(harEntriesFile(reports, 1), [toHarEntry(failed(3), { test: 'A' })]);
  appendHarEntries(harEntriesFile(reports, 1), [toHarEntry(exchange(4), { test: 'C' })]);
  appendFileSync(harEntriesFile(reports, 1), '{"startedDateTime": "2026-'); // a worker killed mid-line
  const files = harEntryFiles(harEntriesDir(reports));
  assert.deepEqual(
    files.map((f) => f.slice(-7)),
    ['0.jsonl', '1.jsonl'],
  );
  const out = join(reports, 'exchanges.har');
  assert.equal(writeHarFile(out, files), 4);
  const har = JSON.parse(readFileSync(out, 'utf8')) as Har;
  assertValidHar(har);
  assert.equal(har.log.version, '1.2');
  assert.deepEqual(
    har.log.entries.map((e) => e._seq),
    [2, 3, 4, 5],
  );
  assert.deepEqual(
    har.log.pages?.map((p) => p.title),
    ['A', 'C', 'B'],
  );
  assert.equal(har.log.entries[0]?.pageref, har.log.entries[1]?.pageref, 'one page for the exchanges of test A');
  assert.ok(!readFileSync(out, 'utf8').includes(SECRET));
});

void test('the merge copies entries byte for byte: tabs and non-ASCII text survive, a line a killed worker cut is dropped with the line written after it', () => {
  const reports = mkdtempSync(join(tmpdir(), 'har-raw-'));
  const file = harEntriesFile(reports, 0);
  const tabbed = exchange(1, { response: { status: 200, headers: {}, text: '{"note":"a\tb – ✓ café"}', truncated: false, bytes: 30 } });
  appendHarEntries(file, [toHarEntry(tabbed, { test: 'Ünïcode › tab' })]);
  appendFileSync(file, '{"t":"2026-11-25T12:00:09.000Z","s":9}\t{"startedDateTime":"2026-'); // killed mid-entry
  appendHarEntries(file, [toHarEntry(exchange(2), { test: 'lost with the cut line' })]);
  appendHarEntries(file, [toHarEntry(exchange(3), { test: 'kept' })]);
  const out = join(reports, 'exchanges.har');
  assert.equal(writeHarFile(out, [file]), 2);
  const har = JSON.parse(readFileSync(out, 'utf8')) as Har;
  assertValidHar(har);
  assert.deepEqual(
    har.log.entries.map((e) => [e._seq, e._test]),
    [
      [1, 'Ünïcode › tab'],
      [3, 'kept'],
    ],
  );
  assert.equal(har.log.entries[0]?.response.content.text, '{"note":"a\tb – ✓ café"}');
  assert.deepEqual(
    readHarEntries([file]).map((e) => e._seq),
    [1, 3],
    'readHarEntries reads the same lines',
  );
});

void test("a failing test's exchanges as an attachment: valid HAR, named exchanges.har", () => {
  const attachment = harAttachment([exchange(1), failed(2)], 'rm › a test');
  assert.equal(attachment.name, 'exchanges.har');
  assert.equal(attachment.contentType, 'application/json');
  const har = JSON.parse(attachment.body) as Har;
  assertValidHar(har);
  const entry = har.log.entries[0];
  assert.ok(entry);
  assert.equal(validateHar?.({ log: { ...har.log, entries: [{ ...entry, response: { ...entry.response, status: '201' } }] } }), false);
  assert.equal(writeHarFile(join(mkdtempSync(join(tmpdir(), 'har-empty-')), 'x.har'), []), 0, 'no files: an empty, valid log');
});

void test('the HAR reporter empties the workers’ folder at the start and writes exchanges.har at the end', async () => {
  const { default: HarReporter } = await import('../../src/reporting/har-reporter');
  const reports = mkdtempSync(join(tmpdir(), 'har-reporter-'));
  appendHarEntries(harEntriesFile(reports, 0), [toHarEntry(exchange(1))]); // an earlier run's
  const reporter = new HarReporter({ outputDir: reports });
  reporter.onBegin({ metadata: { runId: 'crhar0001' } } as unknown as FullConfig);
  assert.deepEqual(harEntryFiles(harEntriesDir(reports)), []);
  appendHarEntries(harEntriesFile(reports, 0), [toHarEntry(exchange(2))]);
  appendHarEntries(harEntriesFile(reports, 1), [toHarEntry(failed(3))]);
  reporter.onEnd();
  const har = JSON.parse(readFileSync(join(reports, 'exchanges.har'), 'utf8')) as Har;
  assertValidHar(har);
  assert.equal(har.log.comment, 'conformance run crhar0001', 'the file names its run');
  assert.deepEqual(
    har.log.entries.map((e) => e._seq),
    [2, 3],
  );
});
