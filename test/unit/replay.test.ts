import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayCommand, SECRET_VARIABLES } from '../../src/reporting/replay';

const secrets = {
  RM_API_KEY: 'key-VALUE-1234',
  RM_API_SECRET: 's3cr3t-VALUE-5678',
  HR_CLIENT_ID: 'client-VALUE-9',
  HR_CLIENT_SECRET: 'client-secret-VALUE-0',
  CONFORMANCE_EXTRA_HEADERS: 'x-gateway-key: gw-VALUE-42',
  HTTPS_PROXY: 'http://user:proxy-VALUE-pw@proxy.example:3128',
};

test('a configured target: its URLs and ids with values, secrets by name only, seed, run id and file:line', () => {
  const command = replayCommand({
    env: {
      ...secrets,
      RM_BASE_URL: 'https://rm.example.com/v2',
      HR_BASE_URL: 'https://apiuat.example.com/v3/acme',
      HR_TOKEN_URL: 'https://login.example.com/token',
      RM_LIST_ID: '42',
      HR_SCOPE: 'Public.HrCore.Write Public.Learning',
      CONFORMANCE_ALLOW_DESTRUCTIVE: '1',
    },
    embedded: false,
    seed: 1234,
    runId: 'crabcd1234',
    file: 'specs/rm/candidates.spec.ts',
    line: 50,
    project: 'rm',
  });
  assert.match(command, /^RM_BASE_URL=https:\/\/rm\.example\.com\/v2 /);
  assert.match(command, / HR_BASE_URL=https:\/\/apiuat\.example\.com\/v3\/acme /);
  assert.match(command, / RM_LIST_ID=42 /);
  assert.match(command, / HR_SCOPE='Public\.HrCore\.Write Public\.Learning' /);
  assert.match(command, / RM_API_KEY="\$RM_API_KEY" RM_API_SECRET="\$RM_API_SECRET" /);
  assert.match(command, / HR_CLIENT_SECRET="\$HR_CLIENT_SECRET"/);
  assert.match(command, / CONFORMANCE_ALLOW_DESTRUCTIVE=1 /);
  assert.match(
    command,
    / CONFORMANCE_SEED=1234 CONFORMANCE_REPORTS_DIR=reports\/replay-crabcd1234 npx playwright test specs\/rm\/candidates\.spec\.ts:50 --project rm$/,
  );
  assert.doesNotMatch(command, /CONFORMANCE_EMBEDDED|REFERENCE_FAULTS/);
  for (const value of Object.values(secrets)) assert.ok(!command.includes(value), `secret value ${value} leaked`);
  assert.ok(!command.includes('VALUE'), 'no part of any secret value');
  for (const name of SECRET_VARIABLES.filter((n) => n in secrets)) assert.ok(command.includes(`${name}="$${name}"`), `${name} named`);
});

test('the embedded server: faults and variants with values, no target variables and no secrets', () => {
  const command = replayCommand({
    env: {
      ...secrets,
      REFERENCE_FAULTS: 'rm.candidates.create.status-200',
      REFERENCE_VARIANTS: 'v1,v2',
      API_PORT: '4567',
      RM_BASE_URL: 'http://127.0.0.1:4567/v2',
    },
    embedded: true,
    seed: 7,
    runId: 'cr00000001',
    file: 'specs/rm/candidates.spec.ts',
    line: 50,
  });
  assert.equal(
    command,
    'REFERENCE_FAULTS=rm.candidates.create.status-200 REFERENCE_VARIANTS=v1,v2 CONFORMANCE_EMBEDDED=1 CONFORMANCE_SEED=7 CONFORMANCE_REPORTS_DIR=reports/replay-cr00000001 npx playwright test specs/rm/candidates.spec.ts:50',
  );
  assert.ok(!command.includes('VALUE'));
});

test('unset and empty variables are left out; odd values are quoted as one shell word', () => {
  const command = replayCommand({
    env: { RM_BASE_URL: 'https://rm.example.com/v2', RM_JOB_ID: '', RM_API_KEY: '' },
    embedded: false,
    seed: 1,
    runId: "it's",
    file: 'specs/rm/a b.spec.ts',
    line: 3,
  });
  assert.equal(
    command,
    `RM_BASE_URL=https://rm.example.com/v2 CONFORMANCE_SEED=1 CONFORMANCE_REPORTS_DIR='reports/replay-it'\\''s' npx playwright test 'specs/rm/a b.spec.ts:3'`,
  );
});

test("a property's shrunk case, the project and the exact title: the command runs one test, that case, into a folder of its own", () => {
  const command = replayCommand({
    env: {},
    embedded: true,
    faults: ['rm.lists.readd-after-delete-200'],
    variants: [],
    seed: 7,
    runId: 'cr1',
    file: 'specs/rm/lists-membership.spec.ts',
    line: 200,
    project: 'rm@fault-1',
    title: 'static list membership model (PUT, DELETE) @property',
    failedCase: { path: '3:1:0', commandsPath: 'CEAB:F' },
  });
  assert.equal(
    command,
    "REFERENCE_FAULTS=rm.lists.readd-after-delete-200 CONFORMANCE_EMBEDDED=1 CONFORMANCE_SEED=7 CONFORMANCE_REPLAY_PATH=3:1:0 CONFORMANCE_REPLAY_COMMANDS=CEAB:F CONFORMANCE_REPORTS_DIR=reports/replay-cr1 npx playwright test specs/rm/lists-membership.spec.ts:200 --project rm -g 'static list membership model \\(PUT, DELETE\\) @property'",
  );
});

void test('replay by id: a failure found by its id or a unique prefix; the plan runs with the secrets of the environment only', async () => {
  const { findFailure, replayEnvironment } = await import('../../src/cli/replay');
  const failures = [{ id: 'f-0000aaaa' }, { id: 'f-0000aabb' }, { id: 'f-12345678' }] as unknown as Parameters<
    typeof findFailure
  >[0]['failures'];
  assert.equal((findFailure({ failures }, 'f-12345678') as { id: string }).id, 'f-12345678');
  assert.equal((findFailure({ failures }, 'f-1234') as { id: string }).id, 'f-12345678');
  assert.match(findFailure({ failures }, 'f-0000aa') as string, /names 2 failures/);
  assert.match(findFailure({ failures }, 'f-9') as string, /no failure "f-9" in this report; its failures: f-0000aaaa/);
  const plan = {
    env: [
      ['RM_BASE_URL', 'http://x/v2'],
      ['RM_API_SECRET', null],
      ['CONFORMANCE_SEED', '7'],
    ] as [string, string | null][],
    args: [],
  };
  const ok = replayEnvironment(plan, { RM_API_SECRET: 's3cret', CONFORMANCE_SEED: '99', PATH: '/bin' });
  assert.deepEqual(ok.missing, []);
  assert.equal(ok.env.CONFORMANCE_SEED, '7', 'the run\u2019s seed wins over the caller\u2019s');
  assert.equal(ok.env.RM_API_SECRET, 's3cret');
  assert.deepEqual(replayEnvironment(plan, { PATH: '/bin' }).missing, ['RM_API_SECRET']);
});
