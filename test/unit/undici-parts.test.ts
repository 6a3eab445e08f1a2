/** src/http/undici.ts: undici's own Agent, EnvHttpProxyAgent and request, loaded without its index. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as undici from 'undici';
import { Agent, EnvHttpProxyAgent, request } from '../../src/http/undici';

void test("the agents are undici's own classes", () => {
  assert.equal(Agent, undici.Agent);
  assert.equal(EnvHttpProxyAgent, undici.EnvHttpProxyAgent);
});

void test('request sends the method, path with its query, headers and body, and reads the answer', async () => {
  const seen: { method?: string; url?: string; header?: string; body: string }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, header: req.headers['x-probe'] as string | undefined, body });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let agent: InstanceType<typeof Agent> | undefined;
  try {
    agent = new Agent();
    const { port } = server.address() as AddressInfo;
    const res = await request(`http://127.0.0.1:${port}/v2/candidates?page%5Bsize%5D=2&q=a%20b`, {
      method: 'POST',
      headers: { 'x-probe': 'yes' },
      body: '{"a":1}',
      dispatcher: agent,
    });
    assert.equal(res.statusCode, 201);
    assert.deepEqual(await res.body.json(), { ok: true });
    assert.deepEqual(seen, [{ method: 'POST', url: '/v2/candidates?page%5Bsize%5D=2&q=a%20b', header: 'yes', body: '{"a":1}' }]);
  } finally {
    await agent?.close();
    server.close();
  }
});

void test("a process using it loads far fewer of undici's modules than undici's index does", () => {
  const count = (module: string): number =>
    Number(
      execFileSync(
        process.execPath,
        [
          '--require',
          'tsx/cjs',
          '-e',
          `require(${JSON.stringify(module)}); console.log(Object.keys(require.cache).filter((k) => k.includes('/node_modules/undici/')).length)`,
        ],
        { cwd: join(__dirname, '..', '..'), encoding: 'utf8' },
      ).trim(),
    );
  const parts = count('./src/http/undici.ts');
  const index = count('undici');
  assert.ok(parts > 0 && parts < index / 2, `${parts} modules with src/http/undici.ts, ${index} with undici's index`);
});
