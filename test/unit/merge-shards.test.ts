/** merge-reports takes the shards of one run, each once: a missing or repeated shard is refused (exit 2 in the CLI). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shardSetProblem } from '../../src/cli/merge-reports';

const shard = (current: number, total = 2): { shard: { current: number; total: number } } => ({ shard: { current, total } });

test('1/2 and 2/2 make a whole run; one unsharded report is one run', () => {
  assert.equal(shardSetProblem([shard(1), shard(2)]), null);
  assert.equal(shardSetProblem([{ shard: null }]), null);
});

test('a missing shard, a shard given twice, two splits or a mix with an unsharded run: each says what to give', () => {
  assert.match(shardSetProblem([shard(1)]) ?? '', /Shard 2\/2 is missing/);
  assert.match(shardSetProblem([shard(1), shard(1), shard(2)]) ?? '', /Shard 1\/2 appears twice/);
  assert.match(shardSetProblem([shard(1, 2), shard(2, 3)]) ?? '', /different splits/);
  assert.match(shardSetProblem([shard(1), { shard: null }]) ?? '', /unsharded/);
  assert.match(shardSetProblem([{ shard: null }, { shard: null }]) ?? '', /2 reports of unsharded runs/);
});
