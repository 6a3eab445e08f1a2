/** src/runner/projects.ts: a project per API; near, one worker group; far, each project its share of workers; a job per file unless sharded or far. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  FAR_WORKERS,
  SUITE_WORKER_GROUP,
  VERY_FAR_WORKERS,
  farShares,
  farWorkers,
  jobPerTest,
  suiteProjects,
} from '../../src/runner/projects';
import { FAR_RTT_MS, isFar } from '../../src/runner/latency';

const runner = ['node', 'playwright', 'test'];

void test('a near run: every project in one worker group, none capped, whatever is chosen', () => {
  for (const args of [[], ['--project', 'rm'], ['--workers', '4'], ['-j3'], ['--shard=1/2']]) {
    assert.deepEqual(
      suiteProjects([...runner, ...args]).map((p) => [p.name, p.testDir, p.workers, p.metadata?.workerGroup]),
      [
        ['rm', './specs/rm', undefined, SUITE_WORKER_GROUP],
        ['hr', './specs/hr', undefined, SUITE_WORKER_GROUP],
        ['learning', './specs/learning', undefined, SUITE_WORKER_GROUP],
      ],
      args.join(' '),
    );
  }
});

void test('a job per spec file, except in a sharded run: a job per test there', () => {
  assert.equal(jobPerTest(runner), false);
  assert.equal(jobPerTest([...runner, '--grep', 'shard', '--workers=4']), false);
  assert.equal(jobPerTest([...runner, '--shard=1/2']), true);
  assert.equal(jobPerTest([...runner, '--shard', '2/2']), true);
});

test('a far target takes a job per test and more workers, each project its share and no worker group', () => {
  const runner = ['node', 'playwright', 'test'];
  assert.ok(suiteProjects(runner, true, 16).every((p) => p.metadata === undefined));
  // The far run's workers are shared out by each project's work, adding up to the run's workers.
  assert.deepEqual(
    suiteProjects(runner, true, 16).map((p) => [p.name, p.workers]),
    [
      ['rm', 9],
      ['hr', 5],
      ['learning', 2],
    ],
  );
  for (const w of [3, 4, 5, 7, 10, 16, 33, 64]) {
    const shares = Object.values(farShares(w));
    assert.equal(
      shares.reduce((a, b) => a + b, 0),
      w,
      `${w} workers shared out`,
    );
    assert.ok(
      shares.every((n) => n >= 1),
      `${w}: every project has a worker`,
    );
  }
  // A chosen project takes every worker; too few workers to share are not shared.
  assert.ok(suiteProjects([...runner, '--project', 'rm'], true, 16).every((p) => p.workers === undefined));
  assert.ok(suiteProjects(runner, true, 2).every((p) => p.workers === undefined));
  assert.equal(jobPerTest(runner, true), true);
  assert.equal(jobPerTest(runner, false), false);
  assert.ok(FAR_WORKERS > 2);
  // Farther, more workers; never more than the requests the politeness lets be in flight.
  assert.equal(farWorkers(50, 16), FAR_WORKERS);
  assert.equal(farWorkers(300, 16), VERY_FAR_WORKERS);
  assert.equal(farWorkers(300, 4), 4);
  assert.equal(farWorkers(300, 0), 1);
  assert.equal(isFar(null), false);
  assert.equal(isFar(3), false);
  assert.equal(isFar(FAR_RTT_MS), true);
});
