/** src/runner/projects.ts: a project per API, one worker each in the default run only; a job per file unless sharded. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jobPerTest, projectWorkerCap, suiteProjects } from '../../src/runner/projects';

const runner = ['node', 'playwright', 'test'];

void test('the default whole-suite run caps each project at one worker', () => {
  assert.equal(projectWorkerCap(runner, {}), 1);
  assert.equal(projectWorkerCap([...runner, '--grep', '@smoke', '--shard=1/2'], {}), 1);
  assert.deepEqual(
    suiteProjects(runner, {}).map((p) => [p.name, p.testDir, p.workers]),
    [
      ['rm', './specs/rm', 1],
      ['hr', './specs/hr', 1],
      ['learning', './specs/learning', 1],
    ],
  );
});

void test('a chosen project or width lifts the cap', () => {
  for (const args of [['--project', 'rm'], ['--project=hr'], ['--workers', '4'], ['--workers=4'], ['-j', '3'], ['-j=3'], ['-j3']]) {
    assert.equal(projectWorkerCap([...runner, ...args], {}), undefined, args.join(' '));
  }
  assert.equal(projectWorkerCap(runner, { CONFORMANCE_WORKERS: '4' }), undefined);
  assert.ok(suiteProjects([...runner, '--project', 'rm'], {}).every((p) => p.workers === undefined));
  // A value that merely starts like an option is not one.
  assert.equal(projectWorkerCap([...runner, '--grep', 'projects'], {}), 1);
});

void test('a job per spec file, except in a sharded run: a job per test there', () => {
  assert.equal(jobPerTest(runner), false);
  assert.equal(jobPerTest([...runner, '--grep', 'shard', '--workers=4']), false);
  assert.equal(jobPerTest([...runner, '--shard=1/2']), true);
  assert.equal(jobPerTest([...runner, '--shard', '2/2']), true);
});
