/**
 * `npm run package-check`: the suite as a package people install. Packs the project (`npm pack`),
 * installs the tarball into an empty folder (its dependencies from the npm registry), and there runs
 * `npx api-conformance-suite --help` (exit 0), a run against the embedded reference server and a run
 * against a target (the reference server started here as an outside target): each must exit 0 and
 * write reports/conformance.json in that folder. `.ci/run` calls it after `npm test`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedAsRemote } from '../../contract/identity/embedded';
import { noOptions } from '../../src/cli/help';
import { startReferenceServer } from '../../servers/reference/server';

noOptions('package-check');

const ROOT = join(__dirname, '../..');
const BIN = 'api-conformance-suite';

function step(what: string): void {
  console.log(`\n=== package: ${what}`);
}

function fail(message: string): never {
  console.error(`package check FAILED: ${message}`);
  process.exit(1);
}

/** Runs a command to its end, output shown; returns its exit status. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): number | null {
  return spawnSync(command, args, { cwd, stdio: 'inherit', env }).status;
}

/** Runs a command without blocking this process (the target it talks to lives here). */
function runAsync(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env });
    child.on('close', resolve);
    child.on('error', () => resolve(null));
  });
}

/** The environment of a user's shell: no variable of the suite or of this project's npm run. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(RM_|HR_|LEARNING_|CONFORMANCE_|REFERENCE_|API_PORT|npm_|NODE_OPTIONS|INIT_CWD)/.test(k)) env[k] = v;
  return { ...env, CONFORMANCE_QUIET: '1', ...extra };
}

function conforms(folder: string, what: string): void {
  const file = join(folder, 'reports', 'conformance.json');
  if (!existsSync(file)) fail(`${what}: no reports/conformance.json in ${folder}`);
  const report = JSON.parse(readFileSync(file, 'utf8')) as { totals: { passed: number; failed: number } };
  if (report.totals.failed !== 0 || report.totals.passed === 0) fail(`${what}: ${JSON.stringify(report.totals)}`);
  console.log(`${what}: ${report.totals.passed} passed, 0 failed, reports/conformance.json written`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'package-check-'));
  try {
    step('npm pack');
    if (run('npm', ['pack', '--pack-destination', work, '--silent'], ROOT) !== 0) fail('npm pack');
    const tarball = spawnSync('sh', ['-c', `ls ${work}/*.tgz`], { encoding: 'utf8' }).stdout.trim();
    if (!tarball) fail('npm pack wrote no tarball');
    const folder = join(work, 'user');
    spawnSync('mkdir', ['-p', folder]);
    step(`npm i ${tarball} in an empty folder`);
    if (run('npm', ['init', '-y', '--silent'], folder, userEnv()) !== 0) fail('npm init');
    if (run('npm', ['i', tarball, '--no-audit', '--no-fund', '--loglevel=error'], folder, userEnv()) !== 0) fail('npm i <tarball>');
    step(`npx ${BIN} --help`);
    if (run('npx', ['--no-install', BIN, '--help'], folder, userEnv()) !== 0) fail('--help did not exit 0');
    step(`npx ${BIN} (the embedded reference server)`);
    const embedded = await runAsync('npx', ['--no-install', BIN], folder, userEnv());
    if (embedded !== 0) fail(`the run against the embedded server exited ${embedded}`);
    conforms(folder, 'embedded');
    step(`npx ${BIN} against a target (the reference server, outside)`);
    const server = await startReferenceServer({});
    try {
      const target = await runAsync(
        'npx',
        ['--no-install', BIN],
        folder,
        userEnv(embeddedAsRemote(`http://127.0.0.1:${server.port}`, true)),
      );
      if (target !== 0) fail(`the run against a target exited ${target}`);
      conforms(folder, 'target');
    } finally {
      await server.close();
    }
    console.log('\npackage check: OK');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();
