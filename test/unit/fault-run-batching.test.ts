/**
 * The catalogue's batching: hints select exactly the test that caught a fault, instance projects
 * carry their instance, and a hint comes only from a failure of the declared check.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FAULTS } from '../../servers/reference/faults-and-variants';
import { hintFrom, hintProject, readHints } from '../../proof/fault-run/catch-hints';
import { instanceEnv, instanceOfProject, instanceProjects, projectName } from '../../src/runner/instances';
import type { ConformanceReport } from '../../src/reporting/conformance-types';

void test('a hint becomes a project whose grep matches its full title literally, and nothing looser', () => {
  const hint = {
    file: 'specs/rm/lists-membership.spec.ts',
    test: 'rm/lists-membership.spec.ts > PUT /lists/{listId} (a+b)? > adds [x] @smoke',
  };
  const project = hintProject('rm', hint);
  const [built] = instanceProjects([{ name: 'rm.f', faults: ['rm.f'], variants: [], projects: [project] }]);
  assert.ok(built?.grep && built.testMatch);
  assert.equal(built.name, 'rm@rm.f');
  assert.deepEqual(built.metadata, { instance: 0, workerGroup: 'instances' });
  assert.match('rm/lists-membership.spec.ts PUT /lists/{listId} (a+b)? adds [x] @smoke @smoke', built.grep);
  assert.doesNotMatch('rm/lists-membership.spec.ts PUT /lists/{listId} aab adds x @smoke', built.grep);
  assert.match('/work/specs/rm/lists-membership.spec.ts', built.testMatch);
  assert.doesNotMatch('/work/specs/rm/lists-membership.spec.tsx.bak', built.testMatch);
});

void test('a project name carries its instance; the default projects carry none', () => {
  assert.equal(instanceOfProject(projectName('learning', 'learning.msg.generic')), 'learning.msg.generic');
  assert.equal(instanceOfProject('rm'), null);
});

void test('a worker outside a many-instance run sees the run\u2019s variables unchanged', () => {
  const env = { RM_BASE_URL: 'http://x/v2' };
  assert.equal(instanceEnv(env, {}), env);
});

void test('a hint is taken only from a failure that names the declared check', () => {
  const report = {
    failures: [
      { check: 'schema', file: 'specs/a.spec.ts', test: 'a' },
      { check: 'status', file: 'specs/b0.spec.ts', test: 'b0' },
      { check: 'cursor', file: 'specs/b.spec.ts', test: 'b' },
    ],
  } as unknown as ConformanceReport;
  assert.deepEqual(hintFrom(report, 'cursor'), { file: 'specs/b.spec.ts', test: 'b' });
  assert.equal(hintFrom(report, 'filter'), null);
  assert.equal(hintFrom(null, 'filter'), null);
});

void test('the committed hints name faults of the catalogue and spec files that exist', async () => {
  const { existsSync } = await import('node:fs');
  const names = new Set(FAULTS.map((f) => f.name));
  for (const [name, hint] of Object.entries(readHints())) {
    assert.ok(names.has(name), `hint for unknown fault ${name}`);
    assert.ok(existsSync(hint.file), `${name}: ${hint.file} does not exist`);
  }
});
