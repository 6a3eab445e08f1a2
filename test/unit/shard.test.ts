/**
 * test/shard.ts: the shards of a count hold every test file exactly once, whatever the files' order, and a
 * shard's exit status is 1 when a test failed or ended the process before the others ran.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shardFiles } from '../shard';

void test('every file lands in exactly one shard, for any count', () => {
  const files = ['c.test.ts', 'a.test.ts', 'e.test.ts', 'b.test.ts', 'd.test.ts'];
  for (let count = 1; count <= 6; count++) {
    const shards = Array.from({ length: count }, (_, i) => shardFiles(files, i, count));
    assert.deepEqual(shards.flat().sort(), [...files].sort(), `count ${count}: every file once`);
  }
  assert.deepEqual(shardFiles([...files].reverse(), 0, 2), shardFiles(files, 0, 2), 'the order given does not matter');
  // Files of equal weight alternate; a heavy file is balanced by the light ones.
  assert.deepEqual(shardFiles(files, 0, 2), ['a.test.ts', 'c.test.ts', 'e.test.ts']);
  const withHeavy = [...files, 'cli-exit-codes.test.ts'];
  assert.deepEqual(shardFiles(withHeavy, 0, 2), ['cli-exit-codes.test.ts']);
  assert.deepEqual(shardFiles(withHeavy, 1, 2), files.slice().sort());
});

void test('a shard fails when a test ends its process early or fails, and passes when its tests pass', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shard-'));
  const write = (name: string, body: string): void =>
    writeFileSync(
      join(dir, name),
      `import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nvoid test('t', () => { ${body} });\n`,
    );
  const shard = (): number | null =>
    spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'shard.ts'), dir, '0', '1'], { encoding: 'utf8' }).status;
  try {
    write('a.test.ts', 'assert.ok(true);');
    assert.equal(shard(), 0, 'every test passed');
    write('b.test.ts', 'process.exit(0);');
    write('c.test.ts', 'assert.ok(true);');
    assert.equal(shard(), 1, 'b ended the process before c ran');
    write('b.test.ts', 'assert.equal(1, 2);');
    assert.equal(shard(), 1, 'b failed');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
