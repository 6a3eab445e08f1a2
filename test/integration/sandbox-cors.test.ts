/**
 * The sandbox as a browser sees it (servers/reference/cors.ts, sandbox-index.ts): `npm run reference`'s
 * server answers the preflight a browser sends before a credentialed cross-origin call, with no
 * credentials, on any path; the real cross-origin GET then carries Access-Control-Allow-Origin and the
 * exposed headers; `GET /` lists the APIs (JSON, or HTML for a browser). CORS changes headers only:
 * the same requests to a server without it get the same statuses and bodies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMBEDDED } from '../../contract/identity/embedded';
import { startReferenceServer, type ReferenceServer } from '../../servers/reference/server';
import { ROOT } from './support/suite';

const PAGE_ORIGIN = 'http://localhost:5173';
const basic = `Basic ${Buffer.from(`${EMBEDDED.rm.apiKey}:${EMBEDDED.rm.apiSecret}`).toString('base64')}`;

let child: ChildProcess | null = null;
let origin = '';

before(async () => {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(REFERENCE_|NODE_TEST|CONFORMANCE_)/.test(k)) env[k] = v;
  child = spawn(process.execPath, ['--import', 'tsx', 'servers/reference/main.ts'], {
    cwd: ROOT,
    env: { ...env, REFERENCE_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line within 60 s:\n${text}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const match = /listening on port (\d+)[^]*OPENAPI=/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child?.stdout?.on('data', onData);
    child?.stderr?.on('data', onData);
    child?.once('exit', (code) => reject(new Error(`the sandbox exited (${code}):\n${text}`)));
  });
  origin = `http://127.0.0.1:${port}`;
});

after(() => {
  child?.kill('SIGTERM');
});

/** What Chromium sends before `fetch(url, { headers: { Authorization } })` from another origin. */
function preflight(path: string, method: string, requestHeaders: string): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin: PAGE_ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': requestHeaders,
      'sec-fetch-mode': 'cors',
    },
  });
}

const list = (value: string | null): string[] => (value ?? '').split(',').map((s) => s.trim().toLowerCase());

void test("the browser's preflight is answered 204 with no credentials, on RM, v3, the token endpoint and unknown paths", async () => {
  for (const [path, method] of [
    ['/v2/candidates', 'GET'],
    ['/v2/candidates/10001', 'PATCH'],
    [`/v3/${EMBEDDED.v3.tenant}/hrcore/employee`, 'PUT'],
    ['/oauth/token', 'POST'],
    ['/no/such/path', 'DELETE'],
  ] as const) {
    const res = await preflight(path, method, 'authorization');
    assert.equal(res.status, 204, `${method} ${path}`);
    assert.equal(res.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
    assert.ok(list(res.headers.get('vary')).includes('origin'));
    assert.deepEqual(list(res.headers.get('access-control-allow-methods')), ['get', 'post', 'put', 'patch', 'delete', 'options']);
    const allowed = list(res.headers.get('access-control-allow-headers'));
    for (const h of ['authorization', 'content-type', 'x-hmac-date', 'date']) assert.ok(allowed.includes(h), `${h} in ${allowed.join()}`);
    assert.ok(Number(res.headers.get('access-control-max-age')) > 0);
    assert.equal(await res.text(), '');
  }
  const asked = await preflight('/v2/lists', 'POST', 'Authorization, Content-Type, X-Request-Id, bad header!');
  const allowed = list(asked.headers.get('access-control-allow-headers'));
  assert.ok(allowed.includes('x-request-id'), 'a header the request asks for is allowed');
  assert.ok(!allowed.some((h) => h.includes('!')), 'a name that is no token is not echoed');
});

void test('the cross-origin GET: 200 with Allow-Origin and the exposed headers; a refused one still readable (401 + www-authenticate)', async () => {
  const ok = await fetch(`${origin}/v2/candidates?per_page=2`, {
    headers: { origin: PAGE_ORIGIN, authorization: basic, 'x-hmac-date': new Date().toUTCString() },
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
  assert.ok(list(ok.headers.get('vary')).includes('origin'));
  const exposed = list(ok.headers.get('access-control-expose-headers'));
  for (const h of ['location', 'www-authenticate', 'retry-after']) assert.ok(exposed.includes(h), h);
  const body = (await ok.json()) as { data: unknown[] };
  assert.equal(body.data.length, 2);

  const refused = await fetch(`${origin}/v2/candidates`, { headers: { origin: PAGE_ORIGIN } });
  assert.equal(refused.status, 401);
  assert.equal(refused.headers.get('access-control-allow-origin'), PAGE_ORIGIN);
  // Without an Origin (curl, the suite): any origin.
  const plain = await fetch(`${origin}/v2/candidates`);
  assert.equal(plain.headers.get('access-control-allow-origin'), '*');
});

void test('GET / lists the APIs, /openapi, the token endpoint and the credential variables; HTML for a browser', async () => {
  const res = await fetch(`${origin}/`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const index = (await res.json()) as {
    apis: { api: string; baseUrl: string; openapi: string }[];
    openapi: string;
    token: string;
    variables: Record<string, string>;
    credentials: { rm: string[]; hr: string[] };
  };
  assert.deepEqual(
    index.apis.map((a) => [a.api, a.baseUrl]),
    [
      ['rm', `${origin}/v2`],
      ['hr', `${origin}/v3/${EMBEDDED.v3.tenant}`],
      ['learning', `${origin}/v3/${EMBEDDED.v3.tenant}`],
    ],
  );
  assert.equal(index.openapi, `${origin}/openapi`);
  assert.equal(index.token, `${origin}/oauth/token`);
  assert.deepEqual(index.credentials, { rm: ['RM_API_KEY', 'RM_API_SECRET'], hr: ['HR_CLIENT_ID', 'HR_CLIENT_SECRET'] });
  for (const name of ['RM_BASE_URL', 'RM_API_KEY', 'RM_API_SECRET', 'HR_BASE_URL', 'HR_TOKEN_URL', 'HR_CLIENT_ID', 'HR_CLIENT_SECRET'])
    assert.ok(name in index.variables, name);
  for (const { openapi } of index.apis) assert.equal((await fetch(openapi)).status, 200, openapi);

  const page = await fetch(`${origin}/`, { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
  assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
  const html = await page.text();
  assert.match(html, /Recruitment Marketing/);
  assert.match(html, /RM_API_SECRET=/);
  assert.match(html, new RegExp(`${origin}/openapi`));
});

void test('CORS changes headers only: statuses and bodies equal those of a server without it', async () => {
  const servers: ReferenceServer[] = [await startReferenceServer({ cors: true }), await startReferenceServer({ cors: false })];
  try {
    const v3 = `/v3/${EMBEDDED.v3.tenant}`;
    const requests: [string, string, Record<string, string>][] = [
      ['GET', '/v2/candidates?per_page=3', { authorization: basic, 'x-hmac-date': new Date().toUTCString() }],
      ['GET', '/v2/candidates', {}],
      ['GET', '/v2/lists/no-such-list', { authorization: basic, 'x-hmac-date': new Date().toUTCString() }],
      ['OPTIONS', '/v2/candidates', { authorization: basic }], // not a preflight: no Origin
      ['GET', `${v3}/hrcore/employee`, { authorization: 'Bearer nope' }],
      ['GET', '/', {}],
      ['DELETE', '/v2/nothing', { origin: PAGE_ORIGIN }],
    ];
    for (const [method, path, headers] of requests) {
      const [withCors, without] = await Promise.all(
        servers.map(async (s) => {
          const res = await fetch(`http://127.0.0.1:${s.port}${path}`, { method, headers });
          return { status: res.status, body: await res.text(), allowOrigin: res.headers.get('access-control-allow-origin') };
        }),
      );
      assert.equal(withCors?.status, without?.status, `${method} ${path}`);
      assert.equal(withCors?.body, without?.body, `${method} ${path}`);
      assert.notEqual(withCors?.allowOrigin, null, `${method} ${path}: CORS header`);
      assert.equal(without?.allowOrigin, null);
    }
  } finally {
    await Promise.all(servers.map((s) => s.close()));
  }
});
