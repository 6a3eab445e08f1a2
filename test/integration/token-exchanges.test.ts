/**
 * Token requests are exchanges (issue #39 item 1): against the reference server run as an outside
 * target with the fault `hr.token.unknown-client-accepted` (the token endpoint answers 200 with a
 * token to a wrong client secret), the token test fails by auth-enforced, and its failure names the
 * token exchange, which `exchanges.har` holds among the run's token exchanges, secrets redacted.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Behaviour } from '../../servers/reference/behaviour';
import { startReferenceServer } from '../../servers/reference/server';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import type { Har } from '../../src/reporting/har';
import { describeRun, runPlaywright, scratchDir } from './support/suite';

const FAULT = 'hr.token.unknown-client-accepted';
const reportsDir = scratchDir('token-exchanges');

after(() => rmSync(reportsDir, { recursive: true, force: true }));

test('a token endpoint that issues a token to a wrong client secret: the failure names its token exchange, which exchanges.har holds', async () => {
  const server = await startReferenceServer({ behaviour: new Behaviour([FAULT]) });
  try {
    const urls = embeddedUrls(server.port);
    const env = {
      HR_BASE_URL: urls.hr,
      HR_TOKEN_URL: urls.token,
      HR_CLIENT_ID: EMBEDDED.v3.clientId,
      HR_CLIENT_SECRET: EMBEDDED.v3.clientSecret,
      CONFORMANCE_SEED: '7',
      CONFORMANCE_RUN_ID: 'tokenex',
    };
    const run = await runPlaywright(
      ['specs/hr/tokens.spec.ts', '--project', 'hr', '--workers', '1', '-g', 'wrong client secret|bearer JWT'],
      {
        reportsDir,
        env,
      },
    );
    assert.equal(run.exitCode, 1, describeRun(run));
    const failures = run.report?.failures ?? [];
    assert.equal(failures.length, 1, `exactly one test fails: ${JSON.stringify(failures.map((f) => f.test))}`);
    const failure = failures[0]!;
    assert.equal(failure.check, 'auth-enforced');
    assert.equal(failure.clause?.seed, 'RFC 6749', 'the failure quotes the standard, not a seed file');
    assert.equal(failure.clause?.section, '§4.4.2');
    const named = failure.exchange;
    assert.ok(named, 'the failure names an exchange');
    assert.equal(named.method, 'POST');
    assert.equal(new URL(named.url).pathname, new URL(urls.token).pathname, 'the exchange named is the token request');
    assert.equal(named.status, 200);

    const harFile = join(reportsDir, 'exchanges.har');
    assert.ok(existsSync(harFile), `${harFile} is written`);
    const text = readFileSync(harFile, 'utf8');
    const har = JSON.parse(text) as Har;
    const tokenEntries = har.log.entries.filter((e) => new URL(e.request.url).pathname === new URL(urls.token).pathname);
    assert.ok(tokenEntries.length >= 2, `the token exchanges of both tests are in the HAR (${tokenEntries.length})`);
    assert.ok(
      tokenEntries.some((e) => e._seq === named.seq),
      'the failing exchange is a HAR entry',
    );
    for (const secret of [EMBEDDED.v3.clientSecret, `${EMBEDDED.v3.clientSecret}-wrong`])
      assert.ok(!text.includes(secret) && !text.includes(encodeURIComponent(secret)), 'no client secret in the HAR');
    const issued = tokenEntries.map((e) => e.response.content.text ?? '').filter((t) => t.includes('access_token'));
    assert.ok(issued.length > 0 && issued.every((t) => /"access_token":\s*"\*\*\*"/.test(t)), 'every access token in the HAR is redacted');
    assert.ok(
      tokenEntries.every((e) => e.request.headers.every((h) => h.name.toLowerCase() !== 'authorization' || /^\w+ \*\*\*$/.test(h.value))),
    );
  } finally {
    await server.close();
  }
});
