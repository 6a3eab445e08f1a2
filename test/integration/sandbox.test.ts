/**
 * The sandbox (`npm run reference`): it serves the OpenAPI exports with `servers` pointing at itself,
 * and it stops with the process that started it. `npm run reference` is npm -> sh -> node; killing
 * npm must not leave the server listening: SIGTERM to npm (npm's shell dies, the server is
 * re-parented and notices), SIGKILL to an `sh -c` wrapper as npm runs it (same), and SIGKILL to npm
 * (its shell survives, waiting: the server watches the shell's parent too).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT } from './support/suite';

type Json = Record<string, unknown>;

const started: ChildProcess[] = [];
after(() => {
  // Safety net: each child leads its own process group; end whatever of it is left.
  for (const child of started) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Variables that would point the sandbox elsewhere or change its behaviour. */
function sandboxEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(REFERENCE_|NODE_TEST|CONFORMANCE_)/.test(k)) env[k] = v;
  return { ...env, REFERENCE_PORT: '0', NO_COLOR: '1' };
}

interface Sandbox {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** Starts `command` (in its own process group) and waits for "listening on port N" and the OPENAPI= line after it. */
async function startSandbox(command: string, args: string[]): Promise<Sandbox> {
  const child = spawn(command, args, { cwd: ROOT, env: sandboxEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(child);
  let text = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line within 60 s:\n${text}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const match = /listening on port (\d+)[^]*\n\s*OPENAPI=[^\n]*\n/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (${code ?? signal}) before listening:\n${text}`));
    });
  });
  return { child, port, output: () => text };
}

/** True while something accepts TCP connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Seconds until the port stops answering, or null if it still answers after `limitMs`. */
async function secondsUntilClosed(port: number, limitMs: number): Promise<number | null> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (!(await answers(port))) return (performance.now() - start) / 1000;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

async function getJson(url: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Json };
}

void test('npm run reference serves the OpenAPI exports, points them at itself, and stops when npm gets SIGTERM', async (t) => {
  const sandbox = await startSandbox('npm', ['run', '--silent', 'reference']);
  const origin = `http://127.0.0.1:${sandbox.port}`;
  assert.match(sandbox.output(), new RegExp(`OPENAPI=${origin}/openapi\\s`), 'the startup lines name the OpenAPI path');

  const listing = await getJson(`${origin}/openapi`);
  assert.equal(listing.status, 200);
  const documents = listing.body.documents as { api: string; url: string }[];
  assert.deepEqual(
    documents.map((d) => d.api),
    ['rm', 'hr', 'learning'],
  );
  for (const { api, url } of documents) {
    const { status, body } = await getJson(url);
    assert.equal(status, 200, url);
    assert.match(String(body.openapi), /^3\.1\./, `${api}: openapi`);
    assert.ok(typeof body.paths === 'object' && body.paths !== null && Object.keys(body.paths).length > 0, `${api}: paths`);
    const servers = body.servers as { url: string }[];
    assert.equal(servers[0]?.url, api === 'rm' ? `${origin}/v2` : `${origin}/v3/tenant-ref`, `${api}: servers`);
  }
  // The sandbox's own APIs answer at the address the document gives.
  assert.equal((await fetch(`${origin}/v2/candidates`)).status, 401);

  assert.ok(sandbox.child.pid);
  process.kill(sandbox.child.pid, 'SIGTERM'); // the npm process only, as `kill <pid of npm>` does
  const seconds = await secondsUntilClosed(sandbox.port, 3_000);
  t.diagnostic(`port closed ${seconds?.toFixed(2)} s after SIGTERM to npm`);
  assert.notEqual(seconds, null, `the sandbox still listens 3 s after npm got SIGTERM\n${sandbox.output()}`);
});

void test('the sandbox stops within 3 s when the shell that started it is killed with SIGKILL', async (t) => {
  // The command line npm runs, through `sh -c` as npm does; SIGKILL cannot be forwarded.
  const script = 'node --import tsx servers/reference/main.ts';
  const sandbox = await startSandbox('sh', ['-c', script]);
  assert.equal(await answers(sandbox.port), true);
  assert.ok(sandbox.child.pid);
  process.kill(sandbox.child.pid, 'SIGKILL');
  const seconds = await secondsUntilClosed(sandbox.port, 3_000);
  t.diagnostic(`port closed ${seconds?.toFixed(2)} s after SIGKILL to sh`);
  assert.notEqual(seconds, null, `the sandbox still listens 3 s after its parent died\n${sandbox.output()}`);
});

void test('the sandbox stops within 3 s when npm itself is killed with SIGKILL (its shell left waiting)', async (t) => {
  const sandbox = await startSandbox('npm', ['run', '--silent', 'reference']);
  assert.ok(sandbox.child.pid);
  process.kill(sandbox.child.pid, 'SIGKILL');
  const seconds = await secondsUntilClosed(sandbox.port, 3_000);
  t.diagnostic(`port closed ${seconds?.toFixed(2)} s after SIGKILL to npm`);
  assert.notEqual(seconds, null, `the sandbox still listens 3 s after npm was killed\n${sandbox.output()}`);
});
