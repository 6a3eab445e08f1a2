/**
 * The V8 code cache of a run (src/runner/compile-cache.ts): the environment of a run names the suite's
 * cache folder in NODE_COMPILE_CACHE, which every process of the run inherits, unless
 * CONFORMANCE_COMPILE_CACHE=0 turns it off or NODE_COMPILE_CACHE is already set; on Node >= 22.1 a
 * process started with it writes its modules' code into that folder, and loads them from it again.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_COMPILE_CACHE_DIR, withCompileCache } from '../../src/runner/compile-cache';
import { runnerEnv } from '../../src/runner/runner-env';

void test('a run names the cache folder; off with CONFORMANCE_COMPILE_CACHE=0; a folder of the caller wins', () => {
  assert.equal(withCompileCache({}).NODE_COMPILE_CACHE, DEFAULT_COMPILE_CACHE_DIR);
  assert.match(DEFAULT_COMPILE_CACHE_DIR, /node_modules[\\/]\.cache[\\/]conformance-compile-cache$/);
  assert.equal(withCompileCache({ CONFORMANCE_COMPILE_CACHE: '0' }).NODE_COMPILE_CACHE, undefined);
  assert.equal(withCompileCache({ NODE_COMPILE_CACHE: '/x' }).NODE_COMPILE_CACHE, '/x');
  assert.equal(withCompileCache({ CONFORMANCE_COMPILE_CACHE_DIR: '/y' }).NODE_COMPILE_CACHE, '/y');
  // What our commands start Playwright with.
  assert.equal(runnerEnv({}).NODE_COMPILE_CACHE, DEFAULT_COMPILE_CACHE_DIR);
  assert.equal(runnerEnv({}).PW_TS_CJS_ONLY, '1');
});

void test('a process started with it writes its modules into the folder, and the next loads them (Node >= 22.1)', (t) => {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 1)) {
    t.skip(`Node ${process.versions.node} has no compile cache (the suite runs without one there)`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
  const file = join(dir, 'module.js');
  writeFileSync(file, `module.exports = ${JSON.stringify('x'.repeat(5000))}.length;\n`);
  const cache = join(dir, 'cache');
  const run = (): string =>
    spawnSync(process.execPath, ['-e', `console.log(require(${JSON.stringify(file)}))`], {
      env: withCompileCache({ PATH: process.env.PATH ?? '', CONFORMANCE_COMPILE_CACHE_DIR: cache }),
      encoding: 'utf8',
    }).stdout.trim();
  assert.equal(run(), '5000');
  const entries = readdirSync(cache, { recursive: true }).length;
  assert.ok(entries > 0, 'the cache folder holds the compiled module');
  assert.equal(run(), '5000', 'loaded again from the cache, the module works the same');
});
