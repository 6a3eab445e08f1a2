/** test/shard.ts: the shards of a count hold every test file exactly once, whatever the files' order. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
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
