/**
 * The checks that apply to every response (src/judge/rules.ts, run by src/judge/every-response.ts) judge
 * every exchange of the suite's own run, not only those a spec judges. Against a reference server whose
 * token answers carry no token_type (the fault hr.token.type-missing), a test that never judges a token
 * answer (it only needs one, which the worker's token cache asks for on its behalf) fails with the
 * rule's check and clause, naming the token request; a test whose own check failed keeps its own
 * failure, and the rule's failed verdict is still recorded among its verdicts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeRun, runPlaywright, scratchDir } from './support/suite';

const TOKEN_FAULT = 'hr.token.type-missing';

test('a token answer sent only as setup is judged: the test fails with the rule, naming the token request', async () => {
  const reportsDir = scratchDir('every-response-setup');
  const run = await runPlaywright(['specs/hr/employee.spec.ts', '--project', 'hr', '-g', 'gives an employee made with its names only'], {
    reportsDir,
    env: { CONFORMANCE_EMBEDDED: '1', REFERENCE_FAULTS: TOKEN_FAULT, CONFORMANCE_LEAN: '1', CONFORMANCE_SEED: '3' },
  });
  assert.equal(run.exitCode, 1, describeRun(run));
  const failures = run.report?.failures ?? [];
  assert.equal(failures.length, 1, describeRun(run));
  const [failure] = failures;
  assert.equal(failure?.check, 'token');
  assert.equal(failure?.clause?.id, 'rfc6749.5.1.token-type');
  assert.match(failure?.message ?? '', /token_type/);
  // The exchange named is the token request the worker's cache sent for the test, not one the spec sent.
  assert.equal(failure?.exchange?.method, 'POST');
  assert.equal(failure?.exchange?.operationId, null);
  assert.equal(failure?.exchange?.n, 1, 'the token request is the first exchange of the test');
  assert.match(failure?.exchange?.url ?? '', /token/);
});

test("a test whose own check failed keeps its own failure; the rule's failed verdict is recorded beside it", async () => {
  const reportsDir = scratchDir('every-response-own');
  const run = await runPlaywright(['specs/hr/business-units.spec.ts', '--project', 'hr', '-g', 'refuses archive and stays unchanged'], {
    reportsDir,
    env: {
      CONFORMANCE_EMBEDDED: '1',
      REFERENCE_FAULTS: `${TOKEN_FAULT},hr.bu.refused-archive-applied`,
      CONFORMANCE_LEAN: '1',
      CONFORMANCE_SEED: '3',
    },
  });
  assert.equal(run.exitCode, 1, describeRun(run));
  const failures = run.report?.failures ?? [];
  assert.deepEqual(
    failures.map((f) => f.check),
    ['state'],
    `the test's own failure, not the rule's\n${describeRun(run)}`,
  );
  assert.equal(failures[0]?.exchange?.method, 'PUT');
  const tokenType = run.report?.clauses?.['rfc6749.5.1.token-type'];
  assert.ok((tokenType?.failed ?? 0) >= 1, `the rule's verdict is among the test's: ${JSON.stringify(tokenType)}`);
});

test('against the conforming reference server the same tests pass', async () => {
  const reportsDir = scratchDir('every-response-conforming');
  const run = await runPlaywright(['specs/hr/employee.spec.ts', '--project', 'hr', '-g', 'gives an employee made with its names only'], {
    reportsDir,
    env: { CONFORMANCE_EMBEDDED: '1', CONFORMANCE_LEAN: '1', CONFORMANCE_SEED: '3' },
  });
  assert.equal(run.exitCode, 0, describeRun(run));
  // The rule judged the token answer and passed it.
  assert.ok((run.report?.clauses?.['rfc6749.5.1.token-type']?.passed ?? 0) >= 1, describeRun(run));
});
