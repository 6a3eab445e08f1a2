#!/usr/bin/env node
// After `npm ci` in a clone: applies patches/ to Playwright (patch-package), failing the install when a
// patch no longer applies. An installed package has no patches/ folder: the Playwright it bundles was
// packed already patched, so there is nothing to do.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
if (!existsSync(join(root, 'patches'))) process.exit(0);
const run = spawnSync(process.execPath, [require.resolve('patch-package/index.js'), '--error-on-fail'], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
