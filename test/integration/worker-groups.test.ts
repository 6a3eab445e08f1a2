/**
 * patches/playwright+1.65.1.patch, PW_WORKER_GROUPS=1 (set by playwright.config.ts for the fault run's
 * many-instance runs, src/runner/instances.ts): projects whose metadata names one `workerGroup` share
 * workers. A worker that takes another project's tests first tears down the worker fixtures it made
 * for the previous one, so each test's worker fixtures are its own project's. Without the switch,
 * or without a group, a project gets workers of its own. Fails if the patch is not applied.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPatchConfig } from './support/suite';

interface Seen {
  project: string;
  workerIndex: number;
  instance: string;
  log: string[];
}

interface JsonSuite {
  specs: {
    title: string;
    tests: {
      projectName: string;
      results: { status: string; workerIndex: number; annotations: { type: string; description?: string }[] }[];
    }[];
  }[];
  suites?: JsonSuite[];
}

async function run(groups: '0' | '1', failTeardownOf?: string): Promise<{ seen: Seen[]; status: number | null; errors: string[] }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PW_WORKER_GROUPS: groups };
  if (failTeardownOf) env.WORKER_GROUPS_FAIL_TEARDOWN = failTeardownOf;
  const child = await runPatchConfig('test/integration/support/worker-groups/playwright.config.ts', env);
  const seen: Seen[] = [];
  const walk = (suite: JsonSuite): void => {
    for (const spec of suite.specs)
      for (const t of spec.tests)
        for (const r of t.results) {
          assert.equal(r.status, 'passed');
          const note = JSON.parse(r.annotations.find((a) => a.type === 'seen')?.description ?? '{}') as { instance: string; log: string[] };
          seen.push({ project: t.projectName, workerIndex: r.workerIndex, ...note });
        }
    for (const s of suite.suites ?? []) walk(s);
  };
  const report = JSON.parse(child.stdout) as { suites: JsonSuite[]; errors?: { message?: string }[] };
  for (const suite of report.suites) walk(suite);
  return { seen, status: child.status, errors: (report.errors ?? []).map((e) => e.message ?? '') };
}

void test('projects of one worker group share a worker, each test with worker fixtures made for its own project', async () => {
  const [{ seen: shared, status }, { seen: separate }] = await Promise.all([run('1'), run('0')]);
  assert.equal(status, 0, 'every test passes');
  assert.equal(shared.length, 6);
  for (const s of shared) assert.equal(s.instance, s.project, `${s.project}: its worker fixture was made for ${s.instance}`);
  const workerOf = (p: string): Set<number> => new Set(shared.filter((s) => s.project === p).map((s) => s.workerIndex));
  assert.deepEqual([...workerOf('a')], [...workerOf('b')], 'a and b ran in one worker');
  assert.notDeepEqual([...workerOf('c')], [...workerOf('a')], 'c, in no group, got a worker of its own');
  // The second project of the group found the first one's fixture torn down before its own was made.
  const second = shared.filter((s) => s.project === 'a' || s.project === 'b').at(-1) as Seen;
  const first = second.project === 'a' ? 'b' : 'a';
  assert.deepEqual(second.log, [`set up ${first}`, `tear down ${first}`, `set up ${second.project}`]);

  const workers = new Set(separate.map((s) => s.workerIndex));
  assert.equal(workers.size, 3, 'without PW_WORKER_GROUPS every project has its own worker');
  for (const s of separate) assert.equal(s.instance, s.project);
});

void test("a worker fixture's failed teardown at a change of project is the run's error, not a failure of the next project's tests", async () => {
  // One worker serves a and b, in an order of Playwright's choosing: the teardown of whichever ran first fails.
  const first = (await run('1')).seen.find((s) => s.project === 'a' || s.project === 'b')?.project ?? 'a';
  const { seen, status, errors } = await run('1', first);
  assert.equal(status, 1, 'the run fails');
  assert.equal(seen.length, 6, 'every test ran');
  assert.ok(
    errors.some((m) => m.includes(`teardown of ${first} failed`)),
    `reported as the run's error: ${JSON.stringify(errors)}`,
  );
});
