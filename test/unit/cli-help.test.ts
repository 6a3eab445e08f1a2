/**
 * Every command's `--help` (src/cli/help.ts, lib/usage/): each `npm run` script answers `--help` and
 * `-h` with exit 0 and a text naming the command, and an unknown option with exit 2 and one line naming
 * it; `npm start -- --help` (startHelp) names every variable of the table and of INTERFACE.md with its
 * default, the exit codes, the report files, the everyday commands and where Playwright's options are.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIABLES } from '../../src/config/variables';
import { argumentError, commandHelp, startHelp, wantsHelp, type CliName } from '../../src/cli/help';
import { wrap } from '../../lib/usage/index';

const ROOT = join(__dirname, '../..');

/** The script file behind each `npm run` name (package.json). */
const COMMANDS: { name: CliName; npm: string; file: string }[] = [
  { name: 'reference', npm: 'npm run reference', file: 'servers/reference/main.ts' },
  { name: 'persona', npm: 'npm run persona', file: 'proof/cli/persona.ts' },
  { name: 'personas', npm: 'npm run personas', file: 'proof/cli/personas.ts' },
  { name: 'faults', npm: 'npm run faults', file: 'proof/cli/faults.ts' },
  { name: 'bench', npm: 'npm run bench', file: 'proof/cli/bench.ts' },
  { name: 'merge-reports', npm: 'npm run merge-reports', file: 'src/cli/merge-reports.ts' },
  { name: 'report', npm: 'npm run report', file: 'src/cli/report.ts' },
  { name: 'openapi', npm: 'npm run openapi', file: 'src/cli/openapi.ts' },
  { name: 'checks', npm: 'npm run checks', file: 'src/cli/checks.ts' },
  { name: 'readings', npm: 'npm run readings', file: 'src/cli/readings.ts' },
  { name: 'statement', npm: 'npm run statement', file: 'src/cli/statement.ts' },
  { name: 'replay', npm: 'npm run replay', file: 'src/cli/replay.ts' },
  { name: 'interface-doc', npm: 'npm run interface-doc', file: 'src/cli/interface-doc.ts' },
  { name: 'judge', npm: 'npm run judge', file: 'src/cli/judge.ts' },
  { name: 'proxy', npm: 'npm run proxy', file: 'src/cli/proxy.ts' },
  { name: 'verify', npm: 'npm run verify', file: 'src/cli/verify.ts' },
  { name: 'package-check', npm: 'npm run package-check', file: 'proof/cli/package-check.ts' },
  { name: 'test', npm: 'npm test', file: 'proof/cli/selftest.ts' },
];

function run(file: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--require', 'tsx/cjs', file, ...args],
      { cwd: ROOT, timeout: 60_000, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

void test('package.json runs each command from the file this test spawns', () => {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  for (const c of COMMANDS) {
    const script = c.name === 'test' ? scripts.test : scripts[c.name];
    assert.ok(script?.endsWith(c.file), `${c.name}: ${script}`);
  }
  assert.equal(scripts.mutation, scripts.faults, 'npm run mutation is the fault run under its old name');
});

void test('every command: --help and -h exit 0 with a text naming it; an unknown option exits 2 with one line', async () => {
  const results = await Promise.all(
    COMMANDS.map(async (c) => ({
      c,
      help: await run(c.file, ['--help']),
      // -h is the same code path for all (lib/usage/ wantsHelp): spawned for two commands only.
      short: c.name === 'reference' || c.name === 'test' ? await run(c.file, ['-h']) : null,
      bad: await run(c.file, ['--no-such-option']),
    })),
  );
  for (const { c, help, short, bad } of results) {
    assert.equal(help.code, 0, `${c.npm} --help: ${help.stderr}`);
    assert.ok(help.stdout.startsWith(`${c.npm}: `), `${c.npm} --help names the command:\n${help.stdout.slice(0, 200)}`);
    assert.match(help.stdout, /\nUsage\n[\s\S]*\nOptions\n[\s\S]*\nExit status\n/);
    assert.doesNotMatch(help.stdout + help.stderr, /^\s+at /m, 'no stack trace');
    if (short) {
      assert.equal(short.code, 0, `${c.npm} -h`);
      assert.equal(short.stdout, help.stdout);
    }
    assert.equal(bad.code, 2, `${c.npm} --no-such-option: ${bad.stdout}${bad.stderr}`);
    assert.equal(bad.stdout, '');
    assert.equal(bad.stderr, `${c.npm}: unknown option --no-such-option (${c.npm} -- --help lists the options).\n`);
  }
});

void test('npm start -- --help: every variable with its default, exit codes, report files, commands, Playwright pointer', () => {
  const text = startHelp();
  assert.ok(text.startsWith('npm start: '));
  for (const v of VARIABLES) {
    assert.ok(text.includes(v.name), v.name);
    // The default follows the meaning (wrapped text: compare with blanks squeezed).
    assert.ok(text.replace(/\s+/g, ' ').includes(`Default: ${v.default}`.replace(/\s+/g, ' ')), `${v.name}: default`);
  }
  for (const code of ['0', '1', '2']) assert.match(text, new RegExp(`\\n  ${code}  \\S`), `exit ${code}`);
  for (const report of ['conformance.md', 'conformance.json', 'allure-report', 'allure-results', 'junit.xml', 'exchanges.har'])
    assert.ok(text.includes(`reports/${report}`), report);
  const flat = text.replace(/\s+/g, ' ');
  for (const words of [
    'npx playwright test --help',
    'https://playwright.dev/docs/test-cli',
    '--operation <operationId>',
    '--list',
    '@smoke',
  ])
    assert.ok(flat.includes(words), words);
  assert.ok(
    text.split('\n').every((line) => line.length <= 120),
    'fits a terminal',
  );
});

void test('npm start -- --help names every variable of INTERFACE.md (when ../shared/INTERFACE.md is there)', (t) => {
  const file = join(ROOT, '../shared/INTERFACE.md');
  if (!existsSync(file)) {
    t.skip('no ../shared/INTERFACE.md beside the project');
    return;
  }
  // The first cell of each table row: one or more `NAME`s.
  const names = new Set<string>();
  for (const row of readFileSync(file, 'utf8').matchAll(/^\| ([^|]+) \|/gm))
    for (const n of (row[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)) if (n[1]) names.add(n[1]);
  assert.ok(names.size >= 25, `found ${names.size} variables in INTERFACE.md`);
  const text = startHelp();
  for (const name of names) assert.ok(text.includes(name), `${name} is missing from npm start -- --help`);
});

void test('the variables table names each variable once, with the defaults the code uses', () => {
  const names = VARIABLES.map((v) => v.name);
  assert.deepEqual(
    names.filter((n, i) => names.indexOf(n) !== i),
    [],
    'a variable listed twice',
  );
  const def = (name: string): string => VARIABLES.find((v) => v.name === name)?.default ?? '';
  const hook = readFileSync(join(ROOT, 'src/runner/compile-cache.ts'), 'utf8');
  const dir = def('CONFORMANCE_COMPILE_CACHE_DIR').split('/');
  assert.ok(
    dir.every((part) => hook.includes(`'${part}'`)),
    `the compile cache does not default to ${dir.join('/')}`,
  );
  const faults = readFileSync(join(ROOT, 'proof/cli/faults.ts'), 'utf8');
  const parallel = /CONFORMANCE_MUTATION_PARALLEL \?\? '(\d+)'/.exec(faults)?.[1];
  assert.equal(def('CONFORMANCE_FAULT_RUN_PARALLEL'), parallel, 'the fault run parallel default');
  assert.equal(def('CONFORMANCE_MUTATION_PARALLEL'), parallel, 'the old name, same default');
});

void test('help helpers: wantsHelp stops at --, errors are one line, texts wrap', () => {
  assert.equal(wantsHelp(['--grep', 'x', '-h']), true);
  assert.equal(wantsHelp(['--', '--help']), false);
  const error = Object.assign(new Error("Unknown option '--x'. To specify a positional argument starting with a '-', ..."), {
    code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION',
  });
  assert.equal(argumentError('npm run bench', error), 'npm run bench: unknown option --x (npm run bench -- --help lists the options).');
  assert.ok(
    wrap('word '.repeat(60), 4, 50)
      .split('\n')
      .every((l) => l.length <= 50),
  );
  for (const c of COMMANDS) assert.ok(commandHelp(c.name).startsWith(`${c.npm}: `));
});
