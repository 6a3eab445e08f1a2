/** src/runner/project-workers.ts: one worker per API project in the default run only. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { projectWorkerCap } from '../../src/runner/project-workers';

const runner = ['node', 'playwright', 'test'];

void test('the default whole-suite run caps each project at one worker', () => {
  assert.equal(projectWorkerCap(runner, {}), 1);
  assert.equal(projectWorkerCap([...runner, '--grep', '@smoke', '--shard=1/2'], {}), 1);
});

void test('a chosen project or width lifts the cap', () => {
  for (const args of [['--project', 'rm'], ['--project=hr'], ['--workers', '4'], ['--workers=4'], ['-j', '3'], ['-j=3'], ['-j3']]) {
    assert.equal(projectWorkerCap([...runner, ...args], {}), undefined, args.join(' '));
  }
  assert.equal(projectWorkerCap(runner, { CONFORMANCE_WORKERS: '4' }), undefined);
  // A value that merely starts like an option is not one.
  assert.equal(projectWorkerCap([...runner, '--grep', 'projects'], {}), 1);
});
