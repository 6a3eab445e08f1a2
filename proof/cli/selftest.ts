/**
 * `npm test`: the project's own tests, in order: typecheck, lint and format (at once), unit tests,
 * integration tests, the remote smoke timing, the personas, then the fault run (the suite against the
 * reference server, every lawful variant, and every fault).
 * Ends with one line "N passed, N failed" over the steps.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { noOptions } from '../../src/cli/help';
import { DOCUMENTS_DIR, DOCUMENTS_MISSING, documentsHere } from '../documents';

noOptions('test');

interface Step {
  name: string;
  command: string;
  args: string[];
  /** A niceness for the step's processes (inherited by their children): it yields the CPU to a timed neighbour. */
  nice?: number;
}

/** One of our TypeScript commands, as package.json runs it (CommonJS through tsx's require hook: one process). */
const script = (file: string): Omit<Step, 'name'> => ({ command: process.execPath, args: ['--require', 'tsx/cjs', file] });

const npx = (bin: string, ...args: string[]): Step => ({ name: bin, command: 'npx', args: ['--no-install', bin, ...args] });

/**
 * The steps, in groups run one after another; the steps of a group run at once (their outputs shown
 * one after another as each ends). The first group is every step that needs no Playwright run of the
 * suite but the remote smoke timing: the static checks (each one process on one core), the unit tests
 * and the smoke run, which is timed (under a minute) but mostly waits on its rate bound (~11 CPU-s in
 * ~42 s). The others yield the CPU to it (niceness 10: beside another step at the same priority it
 * took 64 s of its 60; beside these niced, 44-49 s), and together they leave no core idle while the
 * slowest of a smaller group ends (static checks then unit tests: ~100 s; one group: ~95 s).
 */
const groups: Step[][] = [
  [
    { ...npx('tsc', '--noEmit', '-p', '.'), name: 'typecheck', nice: 10 },
    { ...npx('eslint', '.'), name: 'lint', nice: 10 },
    { ...npx('prettier', '--check', '--log-level=warn', '**/*.{ts,mjs,cjs}'), name: 'format (prettier, 140 columns)', nice: 10 },
    {
      name: 'remote smoke timing',
      command: process.execPath,
      args: ['--import', 'tsx', '--test', '--test-reporter=dot', ...testFiles('test/smoke')],
    },
    // Unit tests in two processes, each loading half the files (test/shard.ts): a process per file
    // cost each of ~60 files its own Node, tsx and module loading (89 -> ~51 s alone).
    ...[0, 1].map((index) => ({
      name: `unit tests (${index + 1}/2)`,
      command: process.execPath,
      args: ['--import', 'tsx', '--test-reporter=dot', 'test/shard.ts', 'test/unit', String(index), '2'],
      nice: 10,
    })),
  ],
  [
    {
      name: 'integration tests',
      command: process.execPath,
      args: ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=dot', ...testFiles('test/integration')],
    },
  ],
  [
    {
      name: 'suite vs the lenient, strict, frameworks and alternate personas',
      ...script('proof/cli/personas.ts'),
    },
  ],
  [{ name: 'suite vs reference, variants and faults', ...script('proof/cli/faults.ts') }],
];

function testFiles(dir: string): string[] {
  // Node 20's test runner takes files, not a folder.
  return readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `${dir}/${f}`);
}

/** Runs a step; alone it writes to the console as it goes, beside others its output is kept and printed when it ends. */
function runStep(step: Step, alone: boolean): Promise<boolean> {
  const t0 = performance.now();
  if (alone) console.log(`\n=== ${step.name}`);
  const child = spawn(step.command, step.args, {
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CONFORMANCE_QUIET: process.env.CONFORMANCE_QUIET ?? '1' },
  });
  // Before the child has started anything of its own: its processes inherit the niceness.
  if (step.nice && child.pid !== undefined) {
    try {
      setPriority(child.pid, step.nice);
    } catch {
      // Not permitted here: the step runs at the same priority, only slower beside its neighbour.
    }
  }
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    let ended = false;
    const done = (status: number | null, signal: string | null): void => {
      // A process that cannot be spawned reports an error and may also close.
      if (ended) return;
      ended = true;
      if (!alone) {
        console.log(`\n=== ${step.name}`);
        process.stdout.write(Buffer.concat(output));
      }
      const ok = status === 0;
      console.log(
        `=== ${step.name}: ${ok ? 'ok' : `FAILED (exit ${status ?? signal})`} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(null, 'spawn error');
    });
    child.on('close', done);
  });
}

async function main(): Promise<void> {
  // One line, first: whether the tests that prove quotes word for word find the documents.
  console.log(documentsHere() ? `documents: ${DOCUMENTS_DIR} (the word-for-word checks run)` : `documents: ${DOCUMENTS_MISSING}`);
  let passed = 0;
  let failed = 0;
  const started = performance.now();
  for (const group of groups) {
    const results = await Promise.all(group.map((step) => runStep(step, group.length === 1)));
    passed += results.filter(Boolean).length;
    failed += results.filter((ok) => !ok).length;
  }
  console.log(`\nnpm test finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

void main();
