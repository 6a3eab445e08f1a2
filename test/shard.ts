/**
 * One shard of a folder's test files in one process: `node --import tsx test/shard.ts <dir> <index> <count>`
 * loads its share of the `*.test.ts` files of <dir> (balanced by their known cost), and the shards of a
 * count hold every file exactly once, whatever files are added. `npm test` runs the unit tests
 * as two shards at once: a process per file (`node --test`) cost each of ~60 files its own Node,
 * tsx and module loading, ~170 CPU-s in all against ~110 in two processes. `npm run test:unit` still
 * gives each file a process of its own; both must pass, so no test may lean on another's leftovers.
 * Exit status: node:test's own (1 when a test failed); 2 for bad arguments.
 */
import { readdirSync } from 'node:fs';
import { after } from 'node:test';
import { join, resolve } from 'node:path';

/**
 * CPU-seconds of the unit files that spawn processes or compile every schema (measured one process
 * per file, 2026-11-26); every other file counts 1. Only the balance of the shards depends on it: a
 * stale or missing entry makes one shard longer, never leaves a file out.
 */
const WEIGHTS: Readonly<Record<string, number>> = {
  'cli-exit-codes.test.ts': 28,
  'cli-help.test.ts': 14,
  'judge.test.ts': 3,
  'schema-precompiled.test.ts': 11,
  'generators-project-schemas.test.ts': 9,
  'selection-guard.test.ts': 7,
  'blind-faults-rm.test.ts': 6,
  'gate-diff-cli.test.ts': 6,
  'blind-faults-v3.test.ts': 5,
  'gate-history.test.ts': 4,
  'persona-selfchecks.test.ts': 8,
};

/** The files of shard `index` of `count`: heaviest first, each to the lightest shard so far (ties by name). */
export function shardFiles(files: readonly string[], index: number, count: number): string[] {
  const weight = (file: string): number => WEIGHTS[file.slice(file.lastIndexOf('/') + 1)] ?? 1;
  const ordered = [...files].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : a > b ? 1 : 0));
  const loads = new Array<number>(count).fill(0);
  const shards: string[][] = Array.from({ length: count }, () => []);
  for (const file of ordered) {
    const lightest = loads.indexOf(Math.min(...loads));
    (shards[lightest] as string[]).push(file);
    loads[lightest] = (loads[lightest] as number) + weight(file);
  }
  return (shards[index] as string[]).sort();
}

function main(): void {
  const [dir, indexText, countText] = process.argv.slice(2);
  const index = Number(indexText);
  const count = Number(countText);
  if (!dir || !Number.isInteger(index) || !Number.isInteger(count) || count < 1 || index < 0 || index >= count) {
    console.error('usage: node --import tsx test/shard.ts <dir> <index> <count> (0 <= index < count)');
    process.exit(2);
  }
  const files = readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
  // A process per file would lose only that file's later tests to a process.exit() in a test; here it would
  // end the shard with exit 0 and every later file unrun. The root's last hook says the tests all ended.
  let ended = false;
  after(() => {
    ended = true;
  });
  process.on('exit', (code) => {
    if (ended || code !== 0) return;
    console.error('test/shard.ts: the process exited before its tests had all run (a process.exit() in a test?)');
    process.exitCode = 1;
  });
  // Loaded synchronously, one after another, so every file's tests are registered before node:test starts.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  for (const file of shardFiles(files, index, count)) require(resolve(join(dir, file)));
}

if (require.main === module) main();
