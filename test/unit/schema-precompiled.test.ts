/**
 * contract/schemas/precompiled.ts: the registry's validators from the generated module give the very
 * verdicts, error texts and clauses of validators compiled at run time (the clause of an error is
 * found by the identity of its schema node), and a run does use them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

interface Printed {
  precompiled: boolean | undefined;
  results: [string, { valid: boolean; errors: { text: string; clause: string | undefined }[] }][];
}

async function casesWith(env: NodeJS.ProcessEnv): Promise<Printed> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--require', 'tsx/cjs', join(ROOT, 'test/unit/validation-cases.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Printed;
}

void test('precompiled validators: the same verdicts, error texts and clauses as validators compiled at run time', async () => {
  const [ahead, compiled] = await Promise.all([casesWith({}), casesWith({ CONFORMANCE_COMPILE_CACHE: '0' })]);
  assert.equal(ahead.precompiled, true, 'the registry used the precompiled module');
  assert.equal(compiled.precompiled, false, 'CONFORMANCE_COMPILE_CACHE=0 compiles at run time');
  assert.equal(ahead.results.length, compiled.results.length);
  const invalid = ahead.results.filter(([, r]) => !r.valid);
  assert.ok(invalid.length > 300, `many invalid values (${invalid.length})`);
  assert.ok(
    invalid.every(([, r]) => r.errors.every((e) => e.clause)),
    'every error of an invalid value names a clause',
  );
  ahead.results.forEach((result, i) => assert.deepEqual(result, compiled.results[i], `case ${i} (${result[0]})`));
});
