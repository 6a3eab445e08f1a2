/**
 * `npm test`: the project's own tests, in order: typecheck, lint, format, unit tests, then the fault
 * fault runner (the suite against the reference server, every lawful variant, and every fault).
 * Ends with one line "N passed, N failed" over the steps.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { noOptions } from '../../src/cli/help';

noOptions('test');

interface Step {
  name: string;
  command: string;
  args: string[];
}

const npx = (bin: string, ...args: string[]): Step => ({ name: bin, command: 'npx', args: ['--no-install', bin, ...args] });
const steps: Step[] = [
  { ...npx('tsc', '--noEmit', '-p', '.'), name: 'typecheck' },
  { ...npx('eslint', '.'), name: 'lint' },
  { ...npx('prettier', '--check', '--log-level=warn', '**/*.{ts,mjs}'), name: 'format (prettier, 140 columns)' },
  { name: 'unit tests', command: process.execPath, args: ['--import', 'tsx', '--test', '--test-reporter=dot', ...testFiles('test/unit')] },
  {
    name: 'integration tests',
    command: process.execPath,
    args: ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=dot', ...testFiles('test/integration')],
  },
  // Alone, because it times a whole @smoke run against a rate-bounded "remote" target.
  {
    name: 'remote smoke timing',
    command: process.execPath,
    args: ['--import', 'tsx', '--test', '--test-reporter=dot', ...testFiles('test/smoke')],
  },
  { name: 'suite vs the lenient, strict and frameworks personas', command: 'npx', args: ['--no-install', 'tsx', 'proof/cli/personas.ts'] },
  { name: 'suite vs reference, variants and faults', command: 'npx', args: ['--no-install', 'tsx', 'proof/cli/faults.ts'] },
];

function testFiles(dir: string): string[] {
  // Node 20's test runner takes files, not a folder.
  return readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `${dir}/${f}`);
}

let passed = 0;
let failed = 0;
const started = performance.now();
for (const step of steps) {
  const t0 = performance.now();
  console.log(`\n=== ${step.name}`);
  const res = spawnSync(step.command, step.args, {
    stdio: 'inherit',
    env: { ...process.env, CONFORMANCE_QUIET: process.env.CONFORMANCE_QUIET ?? '1' },
  });
  const ok = res.status === 0;
  console.log(
    `=== ${step.name}: ${ok ? 'ok' : `FAILED (exit ${res.status ?? res.signal})`} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (ok) passed += 1;
  else failed += 1;
}
console.log(`\nnpm test finished in ${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
