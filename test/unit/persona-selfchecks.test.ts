/**
 * The personas' own self-checks (servers/personas/rm/selfcheck.ts, v3/selfcheck.ts): each starts every
 * persona, exercises every operation of its document's table with its success and error statuses as
 * that persona's choices say, and exits 1 naming a check that fails. They prove the personas are what
 * their READMEs say, apart from the suite that judges them (npm run personas).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '../..');

function selfcheck(file: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--require', 'tsx/cjs', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

for (const api of ['rm', 'v3'])
  void test(`the ${api} personas pass their own self-check (every persona, every operation)`, async () => {
    const { status, output } = await selfcheck(`servers/personas/${api}/selfcheck.ts`);
    const failed = output.split('\n').filter((l) => l.startsWith('FAIL'));
    assert.deepEqual(failed, [], 'checks that failed');
    assert.equal(status, 0, output.slice(-2000));
    for (const persona of ['lenient', 'strict', 'frameworks', 'alternate'])
      assert.ok(output.includes(`[${persona}]`), `the self-check ran the ${persona} persona`);
  });
