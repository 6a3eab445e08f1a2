/**
 * Issue 7 proof: a defect that only a generated case can find. With the reference fault
 * `rm.lists.readd-after-delete-200` (a candidate put back into a list after a DELETE is answered 200,
 * "already a member", instead of 201), every example-based membership spec passes, the model-based
 * membership test fails, shrinks the sequence to the minimal PUT, DELETE, PUT, and the replay command
 * it prints reproduces exactly that case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeRun, runPlaywright, scratchDir } from './support/suite';

const FAULT = 'rm.lists.readd-after-delete-200';
const SPEC = 'specs/rm/lists-membership.spec.ts';
const REPLAY =
  /Replay the failing case of "[^"]+": CONFORMANCE_SEED=(\S+) CONFORMANCE_REPLAY_PATH=(\S+) CONFORMANCE_REPLAY_COMMANDS='([^']*)' npx playwright test (\S+) --project (\S+) -g "(.*)"$/m;

test('only the model finds the re-add-after-delete defect, shrinks it to PUT, DELETE, PUT, and the replay command reproduces it', async () => {
  const env = { CONFORMANCE_EMBEDDED: '1', REFERENCE_FAULTS: FAULT, CONFORMANCE_SEED: '7', CONFORMANCE_NUM_RUNS: '25' };
  const run = await runPlaywright([SPEC, '--project', 'rm', '--workers', '1'], { reportsDir: scratchDir('generated-defect'), env });
  assert.equal(run.exitCode, 1, describeRun(run));
  const failures = run.report?.failures ?? [];
  assert.equal(failures.length, 1, `exactly one test fails: ${JSON.stringify(failures.map((f) => f.test))}`);
  const failure = failures[0]!;
  assert.match(failure.test, /model/, 'the failing test is the model-based one; every example-based test passed');
  assert.deepEqual(failure.checks, ['membership']);

  const output = run.stdout + run.stderr;
  const counterexample = /Counterexample: (.*)/.exec(output)?.[1] ?? '';
  const commands = counterexample.match(/PUT|DELETE/g) ?? [];
  assert.deepEqual(commands, ['PUT', 'DELETE', 'PUT'], `shrunk to the minimal case, got: ${counterexample}`);

  const replay = REPLAY.exec(output);
  assert.ok(replay, `a replay command is printed:\n${output.slice(-2000)}`);
  const [, seed, path, commandsPath, file, project, title] = replay;
  const again = await runPlaywright([file!, '--project', project!, '-g', title!], {
    reportsDir: scratchDir('generated-defect-replay'),
    env: {
      CONFORMANCE_EMBEDDED: '1',
      REFERENCE_FAULTS: FAULT,
      CONFORMANCE_SEED: seed!,
      CONFORMANCE_REPLAY_PATH: path!,
      CONFORMANCE_REPLAY_COMMANDS: commandsPath!,
    },
  });
  assert.equal(again.exitCode, 1, describeRun(again));
  const replayed = /Counterexample: (.*)/.exec(again.stdout + again.stderr)?.[1] ?? '';
  assert.equal(replayed, counterexample, 'the replay runs exactly the shrunk case');
  assert.deepEqual(
    again.report?.failures.map((f) => f.checks),
    [['membership']],
  );
});
