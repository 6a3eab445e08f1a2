/**
 * ApiClient.call: a request named by its catalogue operation. Method and path come from the
 * catalogue, path parameters are URL-encoded, query and body pass through, and every mistake of the
 * caller (a missing or unknown parameter, another API's operation, an unknown id) throws before
 * anything is sent.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { operation } from '../../contract/catalogue/index';
import { ApiClient, NO_AUTH, pathOf } from '../../src/http/client';
import { Limiter } from '../../src/http/limiter';

interface Received {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

const received: Received[] = [];
let server: Server;
let client: ApiClient;
/** A dispatcher of its own: direct to the local server whatever proxy the environment names. */
const dispatcher = new Agent();

before(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  client = new ApiClient({
    api: 'rm',
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`,
    auth: NO_AUTH,
    limiter: new Limiter(0, 4),
    timeoutMs: 2000,
    jsonContentType: 'application/vnd.api+json',
    extraHeaders: {},
    dispatcher,
  });
});

after(async () => {
  await dispatcher.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

void test('call sends the operation of the catalogue with its path parameters URL-encoded, and records its id', async () => {
  received.length = 0;
  const ex = await client.call('rm.candidates.get', { params: { candidateId: 'a/b' } });
  assert.equal(ex.error, null);
  assert.equal(ex.response?.status, 200);
  assert.equal(ex.operationId, 'rm.candidates.get');
  assert.equal(ex.request.method, 'GET');
  assert.deepEqual(
    received.map((r) => `${r.method} ${r.url}`),
    ['GET /v2/candidates/a%2Fb'],
  );
  assert.equal(received[0]?.body, '');
});

void test('call passes query and body through, with the JSON media type of the client', async () => {
  received.length = 0;
  const ex = await client.call('rm.candidates.list', { query: { page: 2, include: ['events', 'resumes'] } });
  assert.equal(ex.operationId, 'rm.candidates.list');
  assert.equal(received[0]?.method, 'GET');
  const url = new URL(received[0]?.url ?? '', 'http://x');
  assert.equal(url.pathname, '/v2/candidates');
  assert.equal(url.searchParams.get('page'), '2');
  assert.equal(url.searchParams.get('include'), 'events,resumes');

  received.length = 0;
  const body = { data: { type: 'candidates', attributes: { first_name: 'Ada' } } };
  const patched = await client.call('rm.candidates.update', { params: { candidateId: 'c-1' }, body });
  assert.equal(patched.operationId, 'rm.candidates.update');
  assert.equal(`${received[0]?.method} ${received[0]?.url}`, 'PATCH /v2/candidates/c-1');
  assert.deepEqual(JSON.parse(received[0]?.body ?? 'null'), body);
  assert.equal(received[0]?.headers['content-type'], 'application/vnd.api+json');

  received.length = 0;
  await client.call('rm.candidates.create', { raw: { text: 'not json', contentType: 'text/plain' }, headers: { 'x-test': 'yes' } });
  assert.equal(`${received[0]?.method} ${received[0]?.url}`, 'POST /v2/candidates');
  assert.equal(received[0]?.body, 'not json');
  assert.equal(received[0]?.headers['content-type'], 'text/plain');
  assert.equal(received[0]?.headers['x-test'], 'yes');
});

void test('a missing path parameter throws before anything is sent', async () => {
  received.length = 0;
  await assert.rejects(client.call('rm.candidates.get'), /\{candidateId\}/);
  await assert.rejects(client.call('rm.list-candidates.add', { params: { listId: 'l-1' } }), /\{candidateId\}/);
  assert.deepEqual(received, []);
});

void test('an unknown path parameter throws naming the operation, before anything is sent', async () => {
  received.length = 0;
  await assert.rejects(
    client.call('rm.candidates.get', { params: { candidateId: 'c-1', jobId: 'j-1' } }),
    (e: Error) => e.message.includes('rm.candidates.get') && e.message.includes('{jobId}'),
  );
  await assert.rejects(client.call('rm.candidates.list', { params: { candidateId: 'c-1' } }), /rm\.candidates\.list/);
  assert.deepEqual(received, []);
});

void test("another API's operation and an unknown id throw before anything is sent", async () => {
  received.length = 0;
  await assert.rejects(
    client.call('hr.employee.put', { body: {} }),
    (e: Error) => /hr\.employee\.put/.test(e.message) && /\brm\b/.test(e.message),
  );
  await assert.rejects(client.call('rm.nope.get'), /rm\.nope\.get/);
  assert.deepEqual(received, []);
});

void test('pathOf fills every placeholder, encoded, and refuses names the operation does not have', () => {
  const op = operation('rm.list-candidates.add');
  assert.equal(pathOf(op, { listId: 'l 1', candidateId: 'c?1' }), '/lists/l%201/candidates/c%3F1');
  assert.equal(pathOf(operation('rm.lists.list'), {}), '/lists');
  assert.throws(() => pathOf(op, { listId: 'l-1' }), /\{candidateId\}/);
  assert.throws(() => pathOf(op, { listId: 'l-1', candidateId: 'c-1', tagId: 't' }), /rm\.list-candidates\.add.*\{tagId\}/);
});
