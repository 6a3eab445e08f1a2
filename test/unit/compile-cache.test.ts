/**
 * The V8 code cache preload (src/runner/compile-cache-hook.cjs, src/runner/compile-cache.ts): a
 * module loads the same from the cache as without it, a changed module is never served stale, a
 * module that calls import() is left to Node, and the import() sites of the two Playwright bundles it
 * caches anyway are the audited ones.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILE_CACHE_HOOK, preloadCompileCache } from '../../src/runner/compile-cache';

interface HookExports {
  importSites(code: string): string[];
}
// Loaded with the cache off, so that requiring it here does not install it in this process.
process.env.CONFORMANCE_COMPILE_CACHE = '0';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { importSites } = require(COMPILE_CACHE_HOOK) as HookExports;
delete process.env.CONFORMANCE_COMPILE_CACHE;

const ROOT = join(__dirname, '../..');
/** A module long enough to be cached (the hook leaves modules under 2,000 characters to Node). */
const moduleText = (value: string, extra = ''): string =>
  `${'// padding\n'.repeat(250)}'use strict';\nmodule.exports = { value: ${JSON.stringify(value)}, line: () => new Error('here').stack.split('\\n')[1] };\n${extra}`;

function runWithHook(cacheDir: string, file: string, script: string): string {
  const res = spawnSync(process.execPath, ['--require', COMPILE_CACHE_HOOK, '-e', script, file], {
    env: { ...process.env, CONFORMANCE_COMPILE_CACHE_DIR: cacheDir, CONFORMANCE_COMPILE_CACHE: '', NODE_OPTIONS: '' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(res.status, 0, res.stderr);
  return res.stdout.trim();
}

/** Runs `body` with a cache folder and the module `name` holding `text`, in a temporary folder removed afterwards. */
function withModule(name: string, text: string, body: (cache: string, file: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
  try {
    const file = join(dir, name);
    writeFileSync(file, text);
    body(join(dir, 'cache'), file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The kind ("cache" or "skip") of the cache entry of `file`, or null when it has none. */
function entryKind(cacheDir: string, file: string): string | null {
  const name = `${createHash('sha1').update(file).digest('hex')}.bin`;
  if (!readdirSync(cacheDir).includes(name)) return null;
  const header = readFileSync(join(cacheDir, name)).subarray(0, 200).toString('latin1').split('\n')[0] ?? '';
  return header.split(' ').at(-1) ?? null;
}

void test('a module loads from the cache as it loads without it, with its own line numbers', () => {
  withModule('mod.js', moduleText('first'), (cache, file) => {
    const read = 'const m = require(process.argv[1]); console.log(m.value, m.line())';
    const cold = runWithHook(cache, file, read);
    assert.match(cold, /^first .*mod\.js:252:/);
    assert.equal(entryKind(cache, file), 'cache');
    assert.equal(runWithHook(cache, file, read), cold, 'the warm run differs from the cold one');
    // Same length, other text: V8 checks only the length of the source, the hook checks its hash.
    writeFileSync(file, moduleText('other'));
    assert.match(runWithHook(cache, file, read), /^other /);
  });
});

void test('a damaged entry is refused and written again: the module still loads right', () => {
  withModule('mod.js', moduleText('intact'), (cache, file) => {
    const read = 'const m = require(process.argv[1]); console.log(m.value)';
    assert.equal(runWithHook(cache, file, read), 'intact');
    const entry = join(cache, `${createHash('sha1').update(file).digest('hex')}.bin`);
    const header = readFileSync(entry).subarray(0, readFileSync(entry).indexOf(0x0a) + 1);
    writeFileSync(entry, Buffer.concat([header, Buffer.from('not V8 data at all')]));
    assert.equal(runWithHook(cache, file, read), 'intact');
    assert.ok(readFileSync(entry).length > header.length + 100, 'the damaged entry was not written again');
    writeFileSync(entry, 'garbage without a header');
    assert.equal(runWithHook(cache, file, read), 'intact');
    assert.equal(entryKind(cache, file), 'cache');
  });
});

void test('a module that calls import() is compiled by Node, and its import() works cold and warm', () => {
  withModule('dyn.js', moduleText('dyn', "module.exports.load = () => import('node:path');\n"), (cache, file) => {
    const read = 'require(process.argv[1]).load().then((m) => console.log(typeof m.join))';
    assert.equal(runWithHook(cache, file, read), 'function');
    assert.equal(entryKind(cache, file), 'skip');
    assert.equal(runWithHook(cache, file, read), 'function');
  });
});

void test('a cold cache loads acorn without the circular-dependency warning, whoever requires it first', () => {
  withModule('dyn.js', moduleText('dyn', "module.exports.load = () => import('node:path');\n"), (cache, file) => {
    for (const script of [
      'require(process.argv[1]); console.log(typeof require("acorn").tokenizer)', // the hook requires acorn to look at dyn.js
      'console.log(typeof require("acorn").tokenizer); require(process.argv[1])', // acorn required before the hook needs it
    ]) {
      rmSync(cache, { recursive: true, force: true });
      const res = spawnSync(process.execPath, ['--require', COMPILE_CACHE_HOOK, '-e', script, file], {
        cwd: ROOT,
        env: { ...process.env, CONFORMANCE_COMPILE_CACHE_DIR: cache, CONFORMANCE_COMPILE_CACHE: '', NODE_OPTIONS: '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      assert.equal(res.status, 0, res.stderr);
      assert.equal(res.stdout.trim(), 'function');
      assert.doesNotMatch(res.stderr, /circular dependency|Warning/, script);
      assert.equal(entryKind(cache, file), 'skip', 'dyn.js was looked at and left to Node');
    }
  });
});

void test('import() sites: calls and strings count, comments and JSDoc types do not', () => {
  assert.equal(importSites("const m = await import('x');").length, 1);
  assert.equal(importSites('eval(`import(${JSON.stringify(f)})`);').length, 1);
  assert.equal(importSites("/** @type {import('./t').T} */ let t; // import('y')").length, 0);
  assert.equal(importSites("import x from 'y';").length, 0);
});

void test('the import() sites of the Playwright bundles cached anyway are the audited ones (re-audit after an upgrade)', () => {
  const sites = (file: string): string[] => importSites(readFileSync(join(ROOT, 'node_modules', file), 'utf8'));
  const utils = sites('playwright-core/lib/utilsBundle.js');
  assert.equal(utils.length, 2, utils.join('\n'));
  assert.match(utils[0] ?? '', /kerberos = await import\("kerberos"\)/); // Negotiate proxy auth: no proxy here
  assert.match(utils[1] ?? '', /crypto \?\? .*import\("node:crypto"\)/); // only when globalThis.crypto is missing (Node < 17)
  const core = sites('playwright-core/lib/coreBundle.js');
  assert.equal(core.length, 1, core.join('\n'));
  assert.match(core[0] ?? '', /new Function\('return import\("vite"\)'\)/); // component testing; new Function is compiled apart
});

void test('preloadCompileCache adds the hook to NODE_OPTIONS once, quoted, and not when CONFORMANCE_COMPILE_CACHE=0', () => {
  const once = preloadCompileCache({ NODE_OPTIONS: '--max-old-space-size=512' });
  const options = once.NODE_OPTIONS ?? '';
  assert.ok(options.startsWith('--max-old-space-size=512 --require '), options);
  assert.ok(options.includes(COMPILE_CACHE_HOOK), options);
  assert.equal(preloadCompileCache(once).NODE_OPTIONS, once.NODE_OPTIONS);
  assert.deepEqual(preloadCompileCache({ CONFORMANCE_COMPILE_CACHE: '0' }), { CONFORMANCE_COMPILE_CACHE: '0' });
});
