/**
 * A defect only a generated case can find, and its one replay command. The reference server runs
 * as an OUTSIDE target (its address and credentials given as a user gives a sandbox's) with the
 * fault `rm.lists.readd-after-delete-200` (a candidate put back into a list after a DELETE is
 * answered 200, "already a member", instead of 201). Every example-based membership spec passes;
 * the model-based test fails by the membership check, shrinks the sequence to PUT, DELETE, PUT,
 * and the single replay command its failure carries, pasted into a clean shell where only the
 * secrets are exported, fails the same way against the same target, writing its reports into a
 * folder of its own.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Behaviour } from '../../servers/reference/behaviour';
import { startReferenceServer } from '../../servers/reference/server';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import { describeRun, readReport, ROOT, runPlaywright, scratchDir } from './support/suite';

const FAULT = 'rm.lists.readd-after-delete-200';
const SPEC = 'specs/rm/lists-membership.spec.ts';
const RUN_ID = 'genreplay';
const replayDir = join(ROOT, 'reports', `replay-${RUN_ID}`);

after(() => rmSync(replayDir, { recursive: true, force: true }));

test('only the model finds the re-add-after-delete defect, shrinks it to PUT, DELETE, PUT, and its one replay command reproduces it from a clean shell', async () => {
  const server = await startReferenceServer({ behaviour: new Behaviour([FAULT]) });
  try {
    const secrets = { RM_API_KEY: EMBEDDED.rm.apiKey, RM_API_SECRET: EMBEDDED.rm.apiSecret };
    const env = {
      RM_BASE_URL: embeddedUrls(server.port).rm,
      ...secrets,
      CONFORMANCE_SEED: '7',
      CONFORMANCE_NUM_RUNS: '25',
      CONFORMANCE_RUN_ID: RUN_ID,
    };
    const run = await runPlaywright([SPEC, '--project', 'rm', '--workers', '1'], { reportsDir: scratchDir('generated-defect'), env });
    assert.equal(run.exitCode, 1, describeRun(run));
    const failures = run.report?.failures ?? [];
    assert.equal(failures.length, 1, `exactly one test fails: ${JSON.stringify(failures.map((f) => f.test))}`);
    const failure = failures[0]!;
    assert.match(failure.test, /model/, 'the failing test is the model-based one; every example-based test passed');
    assert.equal(failure.check, 'membership');
    assert.equal(failure.operationId, 'rm.list-candidates.add');
    const counterexample = /Counterexample: (.*)/.exec(failure.detail)?.[1] ?? '';
    assert.deepEqual(counterexample.match(/PUT|DELETE/g), ['PUT', 'DELETE', 'PUT'], `shrunk to the minimal case, got: ${counterexample}`);

    // The one replay: the target by value, the secrets by name, the shrunk case, file:line, project and title.
    const replay = failure.replay ?? '';
    assert.match(replay, new RegExp(`^RM_BASE_URL=http://127\\.0\\.0\\.1:${server.port}/v2 `));
    assert.match(replay, / RM_API_KEY="\$RM_API_KEY" RM_API_SECRET="\$RM_API_SECRET" /);
    assert.match(replay, / CONFORMANCE_SEED=7 CONFORMANCE_REPLAY_PATH=\S+ CONFORMANCE_REPLAY_COMMANDS=\S+ /);
    assert.match(replay, new RegExp(` CONFORMANCE_REPORTS_DIR=reports/replay-${RUN_ID} npx playwright test ${SPEC}:\\d+ --project rm -g `));
    for (const value of Object.values(secrets)) assert.ok(!replay.includes(value), 'no secret value in the replay');

    // Pasted into a clean shell at the project root, with only the secrets exported.
    const rootReport = join(ROOT, 'reports', 'conformance.json');
    const before = existsSync(rootReport) ? spawnSync('stat', ['-c', '%Y', rootReport], { encoding: 'utf8' }).stdout : null;
    // Asynchronously: the target lives in this process and must go on answering.
    const again = await shell(replay, { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...secrets });
    assert.equal(again.status, 1, `${again.stdout.slice(-1500)}\n${again.stderr.slice(-1500)}`);
    const replayed = readReport(replayDir);
    assert.ok(replayed, `the replay wrote its reports into ${replayDir}`);
    assert.equal(replayed.target.rm, embeddedUrls(server.port).rm, 'the same target, not the embedded server');
    assert.deepEqual(replayed.totals, { passed: 0, failed: 1, skipped: 0, notJudged: 0 }, 'exactly that one test ran');
    assert.equal(replayed.failures[0]?.check, 'membership');
    assert.equal(
      /Counterexample: (.*)/.exec(replayed.failures[0]?.detail ?? '')?.[1],
      counterexample,
      'the replay runs exactly the shrunk case',
    );
    const after = existsSync(rootReport) ? spawnSync('stat', ['-c', '%Y', rootReport], { encoding: 'utf8' }).stdout : null;
    assert.equal(after, before, "the replay left the project's own reports alone");

    // By id, with no variable on the command line and no shell (as from cmd or PowerShell): the secrets
    // come from the environment, everything else from what the run recorded.
    assert.match(failure.id ?? '', /^f-[0-9a-f]{8}$/);
    rmSync(replayDir, { recursive: true, force: true });
    const byId = await spawnAtRoot(
      process.execPath,
      ['--require', 'tsx/cjs', 'src/cli/replay.ts', failure.id ?? '', '--from', join(run.reportsDir, 'conformance.json')],
      { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...secrets },
    );
    assert.equal(byId.status, 1, `${byId.stdout.slice(-1500)}\n${byId.stderr.slice(-1500)}`);
    const replayedById = readReport(replayDir);
    assert.equal(replayedById?.target.rm, embeddedUrls(server.port).rm);
    assert.equal(replayedById?.failures[0]?.id, failure.id, 'the same failure, by the same id');
    assert.equal(/Counterexample: (.*)/.exec(replayedById?.failures[0]?.detail ?? '')?.[1], counterexample);
    // A secret the replay needs and the environment lacks: exit 2, naming it.
    const noSecret = await spawnAtRoot(
      process.execPath,
      ['--require', 'tsx/cjs', 'src/cli/replay.ts', failure.id ?? '', '--from', join(run.reportsDir, 'conformance.json')],
      { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', RM_API_KEY: secrets.RM_API_KEY },
    );
    assert.equal(noSecret.status, 2);
    assert.match(noSecret.stderr, /the replay needs RM_API_SECRET: set it in the environment or in \.env/);
  } finally {
    await server.close();
  }
});

/** Runs a command line in bash at the project root with exactly `env`; resolves with its exit status and output. */
function shell(line: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return spawnAtRoot('bash', ['-c', line], env);
}

/** Runs a program (no shell) at the project root with exactly `env`; resolves with its exit status and output. */
function spawnAtRoot(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
