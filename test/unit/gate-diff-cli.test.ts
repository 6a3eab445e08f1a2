/** `npm run diff` (src/cli/diff.ts), spawned: its files, its output and its exit status 0, 1 or 2. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReportDiff } from '../../src/gate/diff';
import { DIFF_A, DIFF_B } from './gate-fixtures';

const ROOT = join(__dirname, '../..');
/** tsx's loader by its file URL: the CLI runs with cwd in a temporary folder, where `--import tsx` would not resolve. */
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const dir = mkdtempSync(join(tmpdir(), 'gate-diff-cli-'));
const write = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const a = write('a.json', DIFF_A);
const b = write('b.json', DIFF_B);

function diff(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, ['--import', TSX, join(ROOT, 'src/cli/diff.ts'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

test('b has a failure a does not: exit 1, printed, and written as diff.md and diff.json under --out', () => {
  const out = join(dir, 'out1');
  const r = diff('--out', out, a, b);
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /# Conformance diff: 1 new failure\(s\)/);
  assert.match(r.stdout, /Written: .*diff\.md, .*diff\.json/);
  assert.equal(readFileSync(join(out, 'diff.md'), 'utf8').split('\n')[0], '# Conformance diff: 1 new failure(s)');
  const json = JSON.parse(readFileSync(join(out, 'diff.json'), 'utf8')) as ReportDiff;
  assert.equal(json.cells.length, 5);
  assert.equal(json.newFailures.length, 1);
  assert.equal(json.vanishedFailures.length, 1);
  assert.equal(json.exitCode, 1);
});

test('b has no failure a does not: exit 0; --out defaults to reports/; a reports folder stands for its conformance.json', () => {
  const folder = join(dir, 'runs', 'b');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'conformance.json'), JSON.stringify({ ...DIFF_A, seed: 99 }));
  const r = diff(a, folder);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(existsSync(join(dir, 'reports', 'diff.md')));
  assert.ok(existsSync(join(dir, 'reports', 'diff.json')));
});

test('exit 2 with one line: a missing file, a file that is not JSON, a file that is no report', () => {
  for (const [file, pattern] of [
    [join(dir, 'missing.json'), /missing\.json does not exist/],
    [write('broken.json', '{"operations": ['), /broken\.json is not JSON/],
    [write('other.json', { name: 'a package' }), /other\.json is not a conformance report/],
  ] as const) {
    const r = diff(a, file);
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.match(r.stderr, pattern);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
});

test('exit 2 with one line: not two reports, an unknown option; --help: exit 0', () => {
  for (const args of [[a], [a, b, b], ['--frobnicate', a, b]]) {
    const r = diff(...args);
    assert.equal(r.status, 2, r.stdout + r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
  const help = diff('--help');
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: npm run diff -- \[--out <dir>\] <a\/conformance\.json> <b\/conformance\.json>/);
});
