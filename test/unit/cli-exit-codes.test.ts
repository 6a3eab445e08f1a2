/** `npm start` (src/cli/start.ts) ends with exit 2 and one message when the run cannot start (INTERFACE.md). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `npm start` with only `env` (and PATH, HOME): its exit status and output. Async, so the cases run side by side. */
function start(
  env: Record<string, string>,
  args: string[] = [],
  reports = mkdtempSync(join(tmpdir(), 'exit-codes-')),
): Promise<{ status: number | null; output: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--require', 'tsx/cjs', 'src/cli/start.ts', ...args],
      {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          CONFORMANCE_REPORTS_DIR: reports,
          CONFORMANCE_QUIET: '1',
          ...env,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, output: `${stdout}${stderr}`, ms: Date.now() - t0 });
      },
    );
  });
}

// Each case is its own process, mostly waiting on Playwright's start: three at once.
describe('npm start exit codes', { concurrency: 3 }, () => {
  test('an RM base URL where nothing listens: exit 2 within 30 s, one message naming the URL', async () => {
    const url = 'http://127.0.0.1:9/v2';
    const r = await start({ RM_BASE_URL: url, RM_API_KEY: 'k', RM_API_SECRET: 's' });
    assert.equal(r.status, 2, r.output);
    assert.ok(r.ms < 30_000);
    assert.match(r.output, /cannot start[\s\S]*http:\/\/127\.0\.0\.1:9\/v2 cannot be reached/);
    assert.doesNotMatch(r.output, /^\s+at /m, 'no stack trace');
  });

  test('a wrong RM secret against the (forced) embedded server: exit 2 with a message about credentials, secret not printed', async () => {
    const r = await start({ CONFORMANCE_EMBEDDED: '1', RM_API_SECRET: 'definitely-wrong-secret-77' });
    assert.equal(r.status, 2, r.output);
    assert.match(r.output, /credentials were refused.*RM_API_KEY and RM_API_SECRET/);
    assert.ok(!r.output.includes('definitely-wrong-secret-77'));
  });

  test('bad configuration: exit 2 naming every problem', async () => {
    const r = await start({
      HR_BASE_URL: 'https://api.dc2.example.test/v3/t1',
      HR_CLIENT_ID: 'c',
      HR_CLIENT_SECRET: 's',
      HR_TOKEN_URL: 'https://auth.example.test/token',
    });
    assert.equal(r.status, 2, r.output);
    assert.match(r.output, /production environment.*CONFORMANCE_ALLOW_PRODUCTION=1/);
  });

  test('an unknown project: exit 2 with one line naming the projects, no stack trace', async () => {
    const r = await start({}, ['--project=foo']);
    assert.equal(r.status, 2, r.output);
    assert.match(r.output, /Unknown project "foo": the projects are rm, hr, learning/);
    assert.doesNotMatch(r.output, /^\s+at /m);
  });

  test('a selection that matches no test: exit 2, never "CONFORMS"', async () => {
    const r = await start({}, ['--grep', 'NoSuchTitleAnywhere']);
    assert.equal(r.status, 2, r.output);
    assert.match(r.output, /No test matched the selection/);
    assert.doesNotMatch(r.output, /CONFORMS/);
  });

  test('a run that cannot start leaves the previous reports as they were', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'exit-codes-keep-'));
    writeFileSync(join(reports, 'conformance.json'), '{"previous": true}');
    const r = await start({ RM_BASE_URL: 'not-a-url' }, [], reports);
    assert.equal(r.status, 2, r.output);
    assert.deepEqual(readdirSync(reports), ['conformance.json']);
    assert.equal(readFileSync(join(reports, 'conformance.json'), 'utf8'), '{"previous": true}');
  });

  test('empty variables count as unset: the embedded server runs and the smoke tests pass (exit 0)', async () => {
    const r = await start({ RM_BASE_URL: '', RM_API_KEY: '', RM_API_SECRET: '', HR_BASE_URL: '', HR_CLIENT_ID: '' }, ['--grep', '@smoke']);
    assert.equal(r.status, 0, r.output);
    assert.match(r.output, /^Target: RM v2 the embedded reference server; HR core \/ Learning v3 the embedded reference server$/m);
    assert.match(r.output, /CONFORMS on everything judged/);
  });

  // The target you meant (INTERFACE.md): each mistake is one line naming the variable, before any test.
  for (const [what, env, line] of [
    [
      'a typo of RM_BASE_URL',
      { RM_BASE_ULR: 'https://rm.example.test/v2' },
      /RM_BASE_ULR is not a variable of the suite: did you mean RM_BASE_URL\?/,
    ],
    [
      'an empty RM_BASE_URL with RM_API_KEY set',
      { RM_BASE_URL: '', RM_API_KEY: 'k' },
      /RM_API_KEY is set but RM_BASE_URL is not \(or is empty\)/,
    ],
    [
      'HR credentials with only RM_BASE_URL set',
      { RM_BASE_URL: 'http://127.0.0.1:9/v2', HR_CLIENT_ID: 'c' },
      /HR_CLIENT_ID is set but HR_BASE_URL is not/,
    ],
    [
      'CONFORMANCE_REQUIRE_TARGET=1 with no base URL',
      { CONFORMANCE_REQUIRE_TARGET: '1' },
      /CONFORMANCE_REQUIRE_TARGET=1 but neither RM_BASE_URL nor HR_BASE_URL is set/,
    ],
    [
      'a typo of a run control',
      { CONFORMANCE_NUM_RUN: '5' },
      /CONFORMANCE_NUM_RUN is not a variable of the suite: did you mean CONFORMANCE_NUM_RUNS\?/,
    ],
  ] as const) {
    test(`${what}: exit 2 with one line naming the variable, never the embedded server`, async () => {
      const r = await start(env);
      assert.equal(r.status, 2, r.output);
      assert.match(r.output, line);
      assert.equal(r.output.match(/cannot start/g)?.length, 1, 'said once');
      assert.doesNotMatch(r.output, /CONFORMS|passed/);
    });
  }

  test('CONFORMANCE_WORKERS=two: exit 2 under the "cannot start" heading, one line', async () => {
    const r = await start({ CONFORMANCE_WORKERS: 'two' });
    assert.equal(r.status, 2, r.output);
    assert.match(r.output, /The conformance run cannot start\.\nCONFORMANCE_WORKERS must be a positive integer \(got "two"\)/);
  });

  test('a bad expectations file: exit 2 before Playwright prints its first line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-expectations-'));
    const file = join(dir, 'expectations.json');
    writeFileSync(file, JSON.stringify({ expectations: [{ check: 'nope', operation: 'rm.jobs.get', reason: 'x', until: '2030-01-01' }] }));
    const r = await start({ CONFORMANCE_EXPECTATIONS: file });
    assert.equal(r.status, 2, r.output);
    assert.match(r.output, /cannot start[\s\S]*"nope" is no check of the suite/);
    assert.doesNotMatch(r.output, /Running \d+ tests/, 'reported before the run begins');
  });

  test('several configuration problems: a line each under one heading, never joined on one line', async () => {
    const r = await start({ HR_BASE_URL: 'https://apiuat.dc3.example.invalid/v3/t' });
    assert.equal(r.status, 2, r.output);
    assert.match(
      r.output,
      /Configuration errors \(3\):\n {2}- HR_TOKEN_URL is not set[^\n]*\n {2}- HR_CLIENT_ID is not set[^\n]*\n {2}- HR_CLIENT_SECRET is not set/,
    );
  });
});
