/**
 * Secrets never leave the process: `npm start` with every report (JUnit, Allure results and HTML,
 * blob report, conformance.json/.md, test-results) against a target that echoes the Authorization
 * header and the decoded credentials back in its bodies and headers, with failing tests (so error
 * messages quote those bodies). No file under the reports folder (zip entries included), no
 * attachment and no console output may carry the RM API secret, the HR client secret, an access
 * token, or the encoded forms they travel in.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { externalUrls } from '../../src/reporting/offline-html';
import { startHostileServer, type HostileServer } from './support/hostile-server';
import { filesUnder, findSecrets, storedZip } from './support/scan';
import { describeRun, ROOT, runStart, scratchDir, type RunResult } from './support/suite';

const API_KEY = 'it-key-4471';
const API_SECRET = 'Zq7-RM+secret/value=9K';
const CLIENT_ID = 'it-client-8812';
const CLIENT_SECRET = 'Hx3-HR-client~secret_5W';

let server: HostileServer;
let run: RunResult;
let cwd: string;
const reportsDir = join(scratchDir('secrets'), 'reports');

before(async () => {
  server = await startHostileServer({
    mode: 'echo',
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  });
  cwd = scratchDir('secrets-cwd');
  copyFileSync(join(ROOT, 'allurerc.mjs'), join(cwd, 'allurerc.mjs'));
  run = await runStart(
    [
      '--config',
      join(ROOT, 'playwright.config.ts'),
      '--grep',
      '@smoke',
      'rm/candidates.spec',
      'hr/employee.spec',
      'learning/activities.spec',
    ],
    {
      cwd,
      reportsDir,
      env: {
        ...server.env(true),
        CONFORMANCE_BLOB: '1',
        CONFORMANCE_TIMEOUT_MS: '3000',
        CONFORMANCE_RUN_ID: 'secrets',
        CONFORMANCE_SEED: '11',
      },
      killAfterMs: 240_000,
    },
  );
  await server.close();
});

after(() => {
  rmSync(join(reportsDir, '..'), { recursive: true, force: true });
  rmSync(cwd, { recursive: true, force: true });
});

function needles(): Record<string, string> {
  const list: Record<string, string> = {
    'RM API secret': API_SECRET,
    'RM API secret, URL-encoded': encodeURIComponent(API_SECRET),
    'RM basic credentials (base64 of key:secret)': Buffer.from(`${API_KEY}:${API_SECRET}`).toString('base64'),
    'HR client secret': CLIENT_SECRET,
    'HR client secret, URL-encoded': encodeURIComponent(CLIENT_SECRET),
    'HR client secret, form-encoded (as sent to the token endpoint)': new URLSearchParams({ s: CLIENT_SECRET }).toString().slice(2),
    'HR basic credentials (base64 of id:secret)': Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64'),
  };
  server.issuedTokens.forEach((t, i) => {
    list[`access token #${i + 1}`] = t;
  });
  return list;
}

void test('the run against an echoing target ends with conformance failures, and every report is written', () => {
  const why = describeRun(run);
  assert.equal(run.killed, false, why);
  assert.equal(run.exitCode, 1, `failing tests (their messages quote the echoing bodies)\n${why}`);
  assert.ok((run.report?.totals.failed ?? 0) > 0, why);
  for (const f of ['conformance.json', 'conformance.md', 'junit.xml', 'allure-results', 'test-results'])
    assert.ok(existsSync(join(reportsDir, f)), `${f} written`);
  assert.ok(existsSync(join(reportsDir, 'blob-report')), 'blob report written');
  assert.ok(existsSync(join(reportsDir, 'allure-report', 'index.html')), 'Allure HTML built');
  // A report holding HR and candidate exchanges contacts no one when opened (issue 16).
  const html = readFileSync(join(reportsDir, 'allure-report', 'index.html'), 'utf8');
  assert.deepEqual(externalUrls(html), [], 'no external script, style, image or frame in the built report');
  assert.doesNotMatch(html, /googletagmanager|gtag\(/, 'no analytics call in the built report');
  assert.ok(
    server.log.some((r) => r.answer === '200' || r.answer === '201'),
    'the target echoed credentials back',
  );
  assert.ok(server.issuedTokens.length > 0, 'tokens were issued (and echoed in bearer headers)');
});

void test('no secret in any file under reports/, in any attachment or zip entry, or in the console output', (t) => {
  const files = [
    ...filesUnder(reportsDir),
    ...(existsSync(join(cwd, 'reports')) ? filesUnder(join(cwd, 'reports')).map((f) => ({ ...f, name: `(cwd) reports/${f.name}` })) : []),
  ];
  assert.ok(files.length > 10, `scanned ${files.length} files`);
  assert.ok(
    files.some((f) => f.name.includes('attachment')),
    'Allure attachments scanned',
  );
  assert.ok(
    files.some((f) => f.name.includes('.zip!')),
    'blob report entries scanned',
  );
  assert.ok(
    files.filter((f) => f.name.startsWith('allure-report/index.html!')).length > 10,
    'the data embedded in the Allure HTML scanned',
  );
  const hits = findSecrets(files, needles(), { stdout: run.stdout, stderr: run.stderr });
  assert.deepEqual(hits, [], 'secrets found');
  t.diagnostic(
    `run ${run.seconds.toFixed(1)} s (exit ${run.exitCode}); scanned ${files.length} files and entries and ${run.stdout.length + run.stderr.length} characters of console output for ${Object.keys(needles()).length} secret forms`,
  );
  // The echo reached the reports, redacted: proof that the scan looked at the right places.
  const redacted = files.filter((f) => /x-echo-authorization: (Basic|Bearer) \*\*\*/.test(f.content.toString('utf8')));
  assert.ok(redacted.length > 0, 'an attachment shows the echoed Authorization header, redacted');
});

void test('the scan itself finds a secret in a plain file, in a zip entry and in base64 data of an HTML file', () => {
  const dir = scratchDir('secrets-control');
  try {
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'a', 'b', 'plain.txt'), `x ${API_SECRET} y`);
    writeFileSync(join(dir, 'blob.zip'), storedZip({ 'report.jsonl': `{"m":"${CLIENT_SECRET}"}` }));
    writeFileSync(
      join(dir, 'index.html'),
      `<script>d("data/x.txt","${Buffer.from(`authorization: Basic ${Buffer.from(`${API_KEY}:${API_SECRET}`).toString('base64')}`).toString('base64')}")</script>`,
    );
    const hits = findSecrets(filesUnder(dir), {
      secret: API_SECRET,
      client: CLIENT_SECRET,
      basic: Buffer.from(`${API_KEY}:${API_SECRET}`).toString('base64'),
    });
    for (const hit of ['a/b/plain.txt: secret', 'blob.zip!report.jsonl: client', 'index.html!base64 string #1: basic'])
      assert.ok(hits.includes(hit), `${hit} in ${hits.join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
