/**
 * `npm run judge` (src/judge/, src/cli/judge.ts): HAR files as other tools write them are read (pages,
 * `_`-prefixed extensions, HTTP/2 pseudo-headers, a base64 gzip body, a redirect); what cannot be read is
 * one line; an exchange is classified by the configured base URLs or the catalogue's paths; the checks
 * judge what a recording shows, per exchange and across it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { judgeFiles } from '../../src/cli/judge';
import { classify } from '../../src/judge/classify';
import { readHar, RecordingError } from '../../src/judge/har-input';

const FIXTURE = join(__dirname, 'fixtures', 'browser.har');

test("a browser's HAR: pages, extensions, pseudo-headers dropped, a base64 gzip body decompressed", () => {
  const entries = readHar(readFileSync(FIXTURE, 'utf8'), 'browser.har');
  assert.equal(entries.length, 4);
  assert.equal(entries[0]?.page, 'browser.har#page_1');
  assert.equal(entries[0]?.pageTitle, 'https://ats.example.test/');
  assert.equal(entries[0]?.requestHeaders[':authority'], undefined);
  assert.match(entries[2]?.responseBody ?? '', /"id":"77"/);
});

test('what cannot be read is one line naming the file and the entry', () => {
  const fails = (text: string, pattern: RegExp): void =>
    assert.throws(
      () => readHar(text, 'x.har'),
      (e: unknown) => e instanceof RecordingError && pattern.test((e as Error).message),
    );
  fails('{', /x\.har is not JSON/);
  fails('{"log": {}}', /has no log\.entries/);
  const entry = (response: unknown) =>
    JSON.stringify({ log: { entries: [{ request: { method: 'GET', url: 'http://h/v2/jobs' }, response }] } });
  fails(entry(undefined), /x\.har#0: GET http:\/\/h\/v2\/jobs has no response/);
  fails(entry({ status: 0 }), /has no response/);
  fails(entry({ status: 200, headers: [], content: { text: '%%%', encoding: 'base64' } }), /base64 but the text is not base64/);
  fails(
    entry({ status: 200, headers: [{ name: 'Content-Encoding', value: 'gzip' }], content: { text: 'aGVsbG8=', encoding: 'base64' } }),
    /does not decompress/,
  );
});

test('classified by the configured base URLs, else by the catalogue paths; the token endpoint by its form', () => {
  const c = (url: string, method = 'GET', bases = {}) => classify(method, url, {}, null, bases);
  assert.deepEqual((({ kind, api }) => ({ kind, api }))(c('https://h/any/v2/candidates/7/tags')), { kind: 'operation', api: 'rm' });
  const hr = c('https://apiuat.dc3.h/v3/acme/hrcore/position', 'PUT');
  assert.equal(hr.kind === 'operation' ? hr.op.id : null, 'hr.position.put');
  const learning = c('https://apiuat.dc3.h/v3/acme/learning/activities/externalId/a-1/', 'PUT');
  assert.equal(learning.kind === 'operation' ? learning.op.id : null, 'learning.activities.put', 'the update path may end with a slash');
  assert.equal(c('https://h/app.js').kind, 'unknown');
  assert.equal(
    classify(
      'POST',
      'https://login.h/oauth2/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'grant_type=client_credentials',
      {},
    ).kind,
    'token',
  );
  assert.equal(c('https://other/v2/jobs', 'GET', { rm: 'https://rm.h/v2' }).kind, 'unknown', 'a configured base URL excludes other hosts');
});

test("the browser's HAR is judged: the candidate created without an e-mail fails the 422 rule of 000 §4", () => {
  const out = mkdtempSync(join(tmpdir(), 'judge-'));
  const result = judgeFiles([FIXTURE], out, {});
  assert.equal(result.exitCode, 1, result.message);
  const report = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as {
    failures: { check: string; clause: { id: string } | null; exchange?: { method: string; status: number } }[];
  };
  assert.deepEqual(
    report.failures.map((f) => [f.check, f.clause?.id, f.exchange?.method, f.exchange?.status]),
    [['validation', 'rm.op.candidates.create', 'POST', 201]],
  );
  // The page's other exchanges were judged too (the jobs read earned its cell); the script of another host was left out.
  assert.match(readFileSync(join(out, 'conformance.md'), 'utf8'), /`GET \/jobs` \| 200 ✅/);
  assert.equal(result.pages[0]?.skipped.length, 1);
});

test('a recording with no exchange of either API is exit 2 with one line', () => {
  const out = mkdtempSync(join(tmpdir(), 'judge-'));
  const file = join(out, 'none.har');
  writeFileSync(file, JSON.stringify({ log: { entries: [] } }));
  const result = judgeFiles([file], out, {});
  assert.equal(result.exitCode, 2);
  assert.match(result.message, /no exchange of either API among 0 recorded/);
});
