import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { ConfigError } from '../../src/config/errors';
import { parseTarget } from '../../src/config/target';
import { startReferenceServer } from '../../src/reference/server';
import { preflight } from '../../src/runner/preflight';
import { embeddedUrls } from '../../src/identity/embedded';

async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

test('preflight passes against the embedded server with its own credentials', async () => {
  const server = await startReferenceServer();
  try {
    await preflight(parseTarget({}, server.port));
  } finally {
    await server.close();
  }
});

test('an RM base URL where nothing listens stops the run with a message naming the URL', async () => {
  const url = `http://127.0.0.1:${await deadPort()}/v2`;
  const t0 = Date.now();
  await assert.rejects(
    preflight(parseTarget({ RM_BASE_URL: url, RM_API_KEY: 'k', RM_API_SECRET: 's' })),
    (e: unknown) => e instanceof ConfigError && e.message.includes(url) && /cannot be reached/.test(e.message),
  );
  assert.ok(Date.now() - t0 < 10_000);
});

test('a wrong RM secret or HR client secret stops the run with a message about credentials', async () => {
  const server = await startReferenceServer();
  try {
    await assert.rejects(
      preflight(parseTarget({ RM_API_SECRET: 'wrong' }, server.port)),
      /RM credentials were refused.*RM_API_KEY and RM_API_SECRET/,
    );
    await assert.rejects(
      preflight(parseTarget({ HR_CLIENT_SECRET: 'wrong' }, server.port)),
      /refused the client credentials.*HR_CLIENT_SECRET/,
    );
    const urls = embeddedUrls(server.port);
    await assert.rejects(
      preflight(
        parseTarget({
          HR_BASE_URL: urls.hr,
          HR_TOKEN_URL: `http://127.0.0.1:${await deadPort()}/token`,
          HR_CLIENT_ID: 'c',
          HR_CLIENT_SECRET: 's',
        }),
      ),
      /HR_TOKEN_URL .* did not answer/,
    );
  } finally {
    await server.close();
  }
});
