import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ConfigError } from '../../src/config/errors';
import { parseTarget } from '../../src/config/target';
import { startReferenceServer } from '../../servers/reference/server';
import { preflight } from '../../src/runner/preflight';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';

const embeddedCredentials = (): Record<string, string> => ({
  HR_CLIENT_ID: EMBEDDED.v3.clientId,
  HR_CLIENT_SECRET: EMBEDDED.v3.clientSecret,
});

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
      preflight(parseTarget({ CONFORMANCE_EMBEDDED: '1', RM_API_SECRET: 'wrong' }, server.port)),
      /RM credentials were refused.*RM_API_KEY and RM_API_SECRET/,
    );
    await assert.rejects(
      preflight(parseTarget({ CONFORMANCE_EMBEDDED: '1', HR_CLIENT_SECRET: 'wrong' }, server.port)),
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

/** A server that answers every request with `answer`; returns its origin and a close. */
async function answering(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createHttpServer(answer);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

const LOGIN_PAGE = '<!DOCTYPE html><html><body><form action="/login"><input name="user"></form></body></html>';

test('a login page or a failing gateway at the RM base URL is a configuration error naming RM_BASE_URL, never a run of failures', async () => {
  for (const [status, type] of [
    [200, 'text/html; charset=utf-8'],
    [502, 'text/html'],
  ] as const) {
    const page = await answering((_req, res) => {
      res.writeHead(status, { 'content-type': type });
      res.end(LOGIN_PAGE);
    });
    try {
      await assert.rejects(
        preflight(parseTarget({ RM_BASE_URL: `${page.origin}/v2`, RM_API_KEY: 'k', RM_API_SECRET: 's' })),
        (e: unknown) =>
          e instanceof ConfigError && /RM_BASE_URL: the target answers HTML at GET .*\/v2\/lists .*login page or a proxy/.test(e.message),
      );
    } finally {
      await page.close();
    }
  }
});

test('a token URL answering 404 or HTML names HR_TOKEN_URL, not the credentials', async () => {
  const server = await startReferenceServer();
  const nowhere = await answering((req, res) => {
    const html = req.url?.includes('html');
    res.writeHead(html ? 200 : 404, { 'content-type': html ? 'text/html' : 'application/json' });
    res.end(html ? LOGIN_PAGE : '{"message":"Not Found"}');
  });
  try {
    const urls = embeddedUrls(server.port);
    for (const [path, why] of [
      ['/token', /HR_TOKEN_URL: .* answers 404: there is no token endpoint at that address/],
      ['/html', /HR_TOKEN_URL: .* answers HTML \(HTTP 200\): is this a login page or a proxy\?/],
    ] as const) {
      await assert.rejects(
        preflight(
          parseTarget({ HR_BASE_URL: urls.hr, HR_TOKEN_URL: `${nowhere.origin}${path}`, HR_CLIENT_ID: 'c', HR_CLIENT_SECRET: 's' }),
        ),
        (e: unknown) => e instanceof ConfigError && why.test(e.message) && !/refused the client credentials/.test(e.message),
      );
    }
  } finally {
    await nowhere.close();
    await server.close();
  }
});

test('an HR base URL with a wrong tenant (404 where a validation message is promised) names HR_BASE_URL', async () => {
  const server = await startReferenceServer();
  try {
    const urls = embeddedUrls(server.port);
    const wrongTenant = urls.hr.replace(/\/v3\/[^/]+$/, '/v3/no-such-tenant');
    await assert.rejects(
      preflight(parseTarget({ ...embeddedCredentials(), HR_BASE_URL: wrongTenant, HR_TOKEN_URL: urls.token })),
      (e: unknown) =>
        e instanceof ConfigError &&
        /HR_BASE_URL: PUT .*\/hrcore\/employee answers 404 .*tenant or the path is probably wrong/.test(e.message),
    );
  } finally {
    await server.close();
  }
});

test('an API that refuses the tokens its own token service issues is a defect for the specs to judge, not a configuration error', async () => {
  const target = await answering((req, res) => {
    if (req.url === '/token') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache' });
      res.end(JSON.stringify({ access_token: 'issued-but-refused', token_type: 'Bearer', expires_in: 300 }));
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="v3", error="invalid_token"' });
    res.end('{"error":"invalid_token"}');
  });
  try {
    await preflight(
      parseTarget({
        HR_BASE_URL: `${target.origin}/v3/t1`,
        HR_TOKEN_URL: `${target.origin}/token`,
        HR_CLIENT_ID: 'c',
        HR_CLIENT_SECRET: 's',
      }),
    );
  } finally {
    await target.close();
  }
});

test('a 500 that is not JSON, to the HR validation write or to the RM read, is the target’s answer: the preflight lets the suite judge it (D63)', async () => {
  const server = await startReferenceServer();
  const failing = await answering((req, res) => {
    req.resume();
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('Internal Server Error');
  });
  try {
    const urls = embeddedUrls(server.port);
    await preflight(
      parseTarget({ ...embeddedCredentials(), HR_BASE_URL: `${failing.origin}/v3/${EMBEDDED.v3.tenant}`, HR_TOKEN_URL: urls.token }),
    );
    await preflight(parseTarget({ RM_BASE_URL: `${failing.origin}/v2`, RM_API_KEY: 'k', RM_API_SECRET: 's' }));
  } finally {
    await failing.close();
    await server.close();
  }
});
