import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError } from '../../src/config/errors';
import { parseTarget, planTarget } from '../../src/config/target';

const remote = {
  RM_BASE_URL: 'https://api.eu.example.test/v2',
  RM_API_KEY: 'key',
  RM_API_SECRET: 'secret',
  HR_BASE_URL: 'https://apiuat.dc3.example.test/v3/tenant-1',
  HR_TOKEN_URL: 'https://auth.example.test/oauth/token',
  HR_CLIENT_ID: 'client',
  HR_CLIENT_SECRET: 'client-secret',
};

function problem(env: Record<string, string>, pattern: RegExp): void {
  assert.throws(
    () => parseTarget(env),
    (error: unknown) => error instanceof ConfigError && pattern.test(error.message),
  );
}

test('no base URL means the embedded server for both APIs, with its own ids and destructive operations allowed', () => {
  assert.deepEqual(planTarget({}), { embedded: true, rm: true, v3: true });
  const t = parseTarget({}, 4321);
  assert.equal(t.rm?.baseUrl, 'http://127.0.0.1:4321/v2');
  assert.match(t.v3?.baseUrl ?? '', /^http:\/\/127\.0\.0\.1:4321\/v3\/[\w-]+$/);
  assert.ok(t.rm?.listId && t.rm.atsIntegrationId && t.v3?.learningProviderId && t.v3.learningImageTempKey && t.v3.employeeReferenceId);
  assert.equal(t.run.allowDestructive, true);
  assert.ok(Object.isFrozen(t) && Object.isFrozen(t.run));
});

test('only RM configured: HR is not configured (its specs skip)', () => {
  const t = parseTarget({ RM_BASE_URL: remote.RM_BASE_URL, RM_API_KEY: 'k', RM_API_SECRET: 's' });
  assert.equal(t.embedded, false);
  assert.equal(t.v3, null);
  assert.equal(t.rm?.listId, null);
  assert.equal(t.run.allowDestructive, false);
});

test('CONFORMANCE_EMBEDDED=1 forces the embedded server', () => {
  assert.equal(planTarget({ ...remote, CONFORMANCE_EMBEDDED: '1' }).embedded, true);
});

test('a full remote configuration parses, trailing slashes trimmed', () => {
  const t = parseTarget({
    ...remote,
    RM_BASE_URL: `${remote.RM_BASE_URL}/`,
    HR_TOKEN_AUTH: 'basic',
    CONFORMANCE_SEED: '42',
    CONFORMANCE_ALLOW_DESTRUCTIVE: '1',
  });
  assert.equal(t.rm?.baseUrl, remote.RM_BASE_URL);
  assert.equal(t.v3?.tenant, 'tenant-1');
  assert.equal(t.v3?.tokenAuth, 'basic');
  assert.equal(t.run.seed, 42);
  assert.equal(t.run.allowDestructive, true);
  assert.ok(t.run.maxRps > 0, 'a remote target gets a request-rate bound by default');
});

test('each configuration error names the variable and what to fix, all in one message, a line each', () => {
  problem({ RM_BASE_URL: 'https://x.test/v1', RM_API_KEY: 'k', RM_API_SECRET: 's' }, /RM_BASE_URL must end with \/v2/);
  problem({ RM_BASE_URL: 'not a url' }, /RM_BASE_URL is not a URL/);
  problem({ RM_BASE_URL: remote.RM_BASE_URL }, /RM_API_KEY is not set[^\n]*\n {2}- RM_API_SECRET is not set/);
  problem({ ...remote, HR_TOKEN_URL: '' }, /HR_TOKEN_URL is not set/);
  problem({ ...remote, HR_TOKEN_AUTH: 'jwt' }, /HR_TOKEN_AUTH must be "post" or "basic"/);
  problem({ ...remote, CONFORMANCE_SEED: 'abc' }, /CONFORMANCE_SEED must be an integer/);
  problem({ ...remote, RM_ATS_INTEGRATION_ID: 'x' }, /RM_ATS_INTEGRATION_ID and RM_ATS_CANDIDATE_ID go together/);
  problem({ ...remote, CONFORMANCE_ALLOW_DESTRUCTIVE: 'yes' }, /CONFORMANCE_ALLOW_DESTRUCTIVE must be 1 or unset/);
  problem({ ...remote, HR_BASE_URL: 'https://apiuat.dc3.example.test/v2/t' }, /HR_BASE_URL must end with \/v3\/<tenant_id>/);
});

test('a production HR environment is refused unless explicitly allowed', () => {
  const prod = { ...remote, HR_BASE_URL: 'https://api.dc2.example.test/v3/t1' };
  problem(prod, /production environment.*CONFORMANCE_ALLOW_PRODUCTION=1/);
  assert.equal(parseTarget({ ...prod, CONFORMANCE_ALLOW_PRODUCTION: '1' }).v3?.tenant, 't1');
});

test('the embedded plan without a port says how to start the server', () => {
  assert.throws(() => parseTarget({}), /embedded reference server is not running/);
});
