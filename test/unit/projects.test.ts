/** src/runner/projects.ts: one project in the default run; the per-API projects when a run names one. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jobPerTest, suiteProjects } from '../../src/runner/projects';

const runner = ['node', 'playwright', 'test'];
const names = (argv: string[], env: NodeJS.ProcessEnv = {}): string[] => suiteProjects(argv, env).map((p) => p.name);

void test('the default whole-suite run is one project over every spec', () => {
  assert.deepEqual(suiteProjects(runner, {}), [{ name: 'all', testDir: './specs' }]);
  for (const args of [
    ['--grep', '@smoke', '--shard=1/2'],
    ['--workers', '4'],
    ['-j3'],
    ['--grep', 'projects'],
    ['specs/rm/candidates.spec.ts'],
  ]) {
    assert.deepEqual(names([...runner, ...args]), ['all'], args.join(' '));
  }
});

void test('a run that names a project gets the per-API projects, and `all`', () => {
  for (const args of [['--project', 'rm'], ['--project=hr'], ['--project', 'all'], ['--project', 'learning', '--project', 'hr']]) {
    assert.deepEqual(names([...runner, ...args]), ['rm', 'hr', 'learning', 'all'], args.join(' '));
  }
  const byName = new Map(suiteProjects([...runner, '--project', 'rm'], {}).map((p) => [p.name, p.testDir]));
  assert.equal(byName.get('rm'), './specs/rm');
  assert.equal(byName.get('hr'), './specs/hr');
  assert.equal(byName.get('learning'), './specs/learning');
});

void test("a worker, which loads the config without the runner's arguments, defines every project", () => {
  assert.deepEqual(names(['node', 'workerProcessEntry.js'], { TEST_WORKER_INDEX: '0' }), ['rm', 'hr', 'learning', 'all']);
});

void test('a job per spec file, except in a sharded run: a job per test there', () => {
  assert.equal(jobPerTest(runner), false);
  assert.equal(jobPerTest([...runner, '--grep', 'shard', '--workers=4']), false);
  assert.equal(jobPerTest([...runner, '--shard=1/2']), true);
  assert.equal(jobPerTest([...runner, '--shard', '2/2']), true);
});
