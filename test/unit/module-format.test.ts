/**
 * The package is CommonJS. Playwright loads an ES-module package's specs and sources through the
 * ESM loader's hooks (a round trip to a loader thread per module); as CommonJS it requires them in
 * its own thread: ~0.5 s less per whole run, ~0.25 CPU-s less per worker (README, Design). So no
 * `"type": "module"`, and no ESM-only syntax in the TypeScript that a run loads.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return tsFiles(rel);
    return entry.name.endsWith('.ts') ? [rel] : [];
  });
}

void test('package.json does not declare "type": "module"', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { type?: string };
  assert.notEqual(pkg.type, 'module');
});

void test('no source, spec or test uses import.meta (CommonJS has __dirname and __filename)', () => {
  const self = 'test/unit/module-format.test.ts';
  const files = [...tsFiles('src'), ...tsFiles('specs'), ...tsFiles('test'), 'playwright.config.ts'].filter((f) => f !== self);
  assert.ok(files.length > 100, `only ${files.length} files found`);
  const offending = files.filter((f) =>
    /\bimport\.meta\b/.test(readFileSync(join(ROOT, f), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')),
  );
  assert.deepEqual(offending, []);
});
