/** src/runner/latency.ts: the round trip to the slowest target, the median of three; null when none answers. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { probeRttMs } from '../../src/runner/latency';

// The probe blocks this process (spawnSync), so the targets live in another one: two servers, one answering at once, one 60 ms late.
const SERVERS = `
const http = require('node:http');
const listen = (delay) => new Promise((resolve) => {
  const server = http.createServer((_req, res) => setTimeout(() => res.writeHead(404).end('no'), delay));
  server.listen(0, '127.0.0.1', () => resolve(server.address().port));
});
Promise.all([listen(0), listen(60)]).then((ports) => console.log(ports.join(' ')));
`;

void test('the probe measures the slowest of the targets (any answer counts), and null when none answers', async () => {
  const servers = spawn(process.execPath, ['-e', SERVERS], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(servers.stdout, 'data')) as [Buffer];
    const [near, far] = line
      .toString()
      .trim()
      .split(' ')
      .map((port) => `http://127.0.0.1:${port}/v2`) as [string, string];
    const rtt = probeRttMs([near, far]);
    assert.ok(rtt !== null && rtt >= 60 && rtt < 1000, `round trip ${rtt} ms`);
    const nearOnly = probeRttMs([near]);
    assert.ok(nearOnly !== null && nearOnly < 60, `near round trip ${nearOnly} ms`);
  } finally {
    servers.kill();
    await once(servers, 'exit');
  }
  // Nothing listens there any more: no answer.
  assert.equal(probeRttMs(['http://127.0.0.1:9/v2']), null);
  assert.equal(probeRttMs([]), null);
});
