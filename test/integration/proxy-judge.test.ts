/**
 * `npm run proxy` in front of a defective server (RM's event buckets answering without credentials):
 * a request without credentials gets the upstream's answer, unchanged, with a header naming the failed
 * verdict; the console line quotes the sentence; on SIGTERM the session's conformance.json holds that
 * failure, and the process exits 1.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { embeddedAsRemote } from '../../contract/identity/embedded';
import { Behaviour } from '../../servers/reference/behaviour';
import { startReferenceServer } from '../../servers/reference/server';
import { ROOT, scratchDir } from './support/suite';

test('the proxy passes the answer, names the failed verdict in a header and a console line, and writes the session on SIGTERM', async () => {
  const server = await startReferenceServer({ behaviour: new Behaviour(['rm.auth.not-enforced-on-event-buckets']) });
  const out = scratchDir('proxy-session');
  const target = embeddedAsRemote(`http://127.0.0.1:${server.port}`);
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'src/cli/proxy.ts', '--port', '0', '--out', out], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      RM_BASE_URL: target.RM_BASE_URL ?? '',
      HR_BASE_URL: target.HR_BASE_URL ?? '',
      HR_TOKEN_URL: target.HR_TOKEN_URL ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${stdout}`)), 30_000);
      const poll = setInterval(() => {
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (m?.[1]) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve(m[1]);
        }
      }, 50);
    });
    const direct = await fetch(`${target.RM_BASE_URL}/recruitment_events/upcoming`);
    const proxied = await fetch(`${url}/rm/recruitment_events/upcoming`);
    assert.equal(proxied.status, direct.status, "the upstream's status, unchanged");
    assert.equal(proxied.status, 200);
    // The answers' "ago" is the server's clock read at each request: it may turn over between the two.
    const withoutAgo = (text: string): string => text.replace(/"ago":"[^"]*"/g, '"ago":""');
    assert.equal(withoutAgo(await proxied.text()), withoutAgo(await direct.text()), "the upstream's body, unchanged");
    assert.match(proxied.headers.get('x-conformance-verdict') ?? '', /^failed; check=auth-enforced; clause=rm\.auth\.required$/);
    // A request that conforms passes with "passed".
    const authorised = await fetch(`${url}/rm/jobs`, {
      headers: { authorization: `Basic ${Buffer.from(`${target.RM_API_KEY ?? ''}:${target.RM_API_SECRET ?? ''}`).toString('base64')}` },
    });
    assert.equal(authorised.headers.get('x-conformance-verdict'), 'passed');
    await new Promise((r) => setTimeout(r, 200));
    assert.match(
      stdout,
      /\u2717 GET \/rm\/recruitment_events\/upcoming -> 200 \[auth-enforced\][^\n]*\n {4}000 §5: "Every operation requires credentials/,
    );
    assert.match(stdout, /\u2713 GET \/rm\/jobs -> 200/);
    child.kill('SIGTERM');
    assert.equal(await exited, 1, stdout);
    const report = JSON.parse(readFileSync(join(out, 'conformance.json'), 'utf8')) as {
      failures: { check: string; clause: { id: string } | null }[];
    };
    assert.ok(
      report.failures.some((f) => f.check === 'auth-enforced' && f.clause?.id === 'rm.auth.required'),
      JSON.stringify(report.failures),
    );
    assert.ok(
      readFileSync(join(out, 'exchanges.har'), 'utf8').includes('/recruitment_events/upcoming'),
      'the session as HAR, for npm run judge',
    );
  } finally {
    child.kill('SIGKILL');
    await server.close();
  }
});
