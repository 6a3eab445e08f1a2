#!/usr/bin/env node
// The installed suite's command: what `npm start` runs, with the same arguments, variables, exit codes
// and reports, from the folder it is called in (its .env is read there and reports/ written there).
const { spawnSync } = require('node:child_process');
const { join, resolve } = require('node:path');

const root = join(__dirname, '..');
const env = { ...process.env };
// Where the reports go, from the caller's folder: the runner and its workers may run elsewhere.
if (!env.CONFORMANCE_REPORTS_DIR?.trim()) env.CONFORMANCE_REPORTS_DIR = resolve('reports');
const run = spawnSync(
  process.execPath,
  ['--require', require.resolve('tsx/cjs'), join(root, 'src/cli/start.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
);
process.exit(run.status ?? 2);
