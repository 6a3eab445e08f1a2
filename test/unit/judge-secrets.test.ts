/**
 * A tester's recording carries their credentials; `npm run judge` reports it without one of them
 * (src/judge/recorded-secrets.ts): the client secret of a token request, the token of its answer, the
 * bearer token and the password of HTTP basic credentials appear in no file of the reports.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { judgeFiles } from '../../src/cli/judge';
import { reportedTestOf } from '../../src/judge/engine';
import { writeJudgedAllureResults } from '../../src/reporting/allure-judged';

const CLIENT_SECRET = 'tester-client-secret-7Hq2';
const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0ZXIifQ.c2lnbmF0dXJlLW9mLXRoZS10ZXN0ZXI';
const RM_SECRET = 'rm-api-secret-Kp93';

const entry = (method: string, url: string, headers: Record<string, string>, body: string | null, status: number, answer: string) => ({
  startedDateTime: '2026-11-28T07:00:00.000Z',
  time: 12,
  request: {
    method,
    url,
    httpVersion: 'HTTP/1.1',
    headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: body?.length ?? 0,
    ...(body === null ? {} : { postData: { mimeType: headers['content-type'] ?? '', text: body } }),
  },
  response: {
    status,
    statusText: '',
    httpVersion: 'HTTP/1.1',
    headers: [{ name: 'content-type', value: 'application/json' }],
    cookies: [],
    content: { size: answer.length, mimeType: 'application/json', text: answer },
    redirectURL: '',
    headersSize: -1,
    bodySize: answer.length,
  },
  cache: {},
  timings: { send: 0, wait: 12, receive: 0 },
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));
}

test("no report of a judged recording holds the tester's credentials", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'judge-secrets-'));
  const har = join(dir, 'session.har');
  const basic = `Basic ${Buffer.from(`rm-key-1:${RM_SECRET}`).toString('base64')}`;
  const entries = [
    entry(
      'POST',
      'https://auth.example.com/oauth/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      `grant_type=client_credentials&client_id=tester&client_secret=${CLIENT_SECRET}&scope=Public.HrCore.Write`,
      200,
      JSON.stringify({ access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 300 }),
    ),
    entry(
      'PUT',
      'https://api.example.com/v3/t1/hrcore/employee',
      { authorization: `Bearer ${ACCESS_TOKEN}`, 'content-type': 'application/json' },
      JSON.stringify({ externalId: 'E-1', firstName: 'José' }),
      500,
      JSON.stringify({ error: `token ${ACCESS_TOKEN} rejected by the backend` }),
    ),
    entry('GET', 'https://rm.example.com/api/v2/lists', { authorization: basic }, null, 200, JSON.stringify({ data: [] })),
  ];
  writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 'browser', version: '1' }, entries } }));
  const out = join(dir, 'reports');
  const judged = judgeFiles([har], out, {
    HR_TOKEN_URL: 'https://auth.example.com/oauth/token',
    HR_BASE_URL: 'https://api.example.com/v3/t1',
    RM_BASE_URL: 'https://rm.example.com/api/v2',
  });
  assert.equal(judged.exitCode, 1, `the 500 fails the recording: ${judged.message}`);
  await writeJudgedAllureResults(
    join(out, 'allure-results'),
    judged.pages.map((page, i) => ({ test: reportedTestOf(page, i), exchanges: page.exchanges })),
  );
  const written = filesUnder(out);
  assert.ok(
    written.some((f) => f.endsWith('-attachment.txt') || f.includes('attachment')),
    'the Allure attachments are read too',
  );
  assert.ok(
    written.some((f) => f.endsWith('conformance.json')),
    written.join(', '),
  );
  for (const file of written) {
    const text = readFileSync(file, 'latin1');
    for (const secret of [CLIENT_SECRET, ACCESS_TOKEN, RM_SECRET, basic.slice('Basic '.length)])
      assert.ok(!text.includes(secret), `${file} holds a credential of the recording`);
  }
});
