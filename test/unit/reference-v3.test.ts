/** The v3 reference server's trickier logic: write rules, merging, dates, tokens, learning rules, and a few end-to-end exchanges. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import { Behaviour } from '../../servers/reference/behaviour';
import { startReferenceServer } from '../../servers/reference/server';
import { normalizeDate } from '../../servers/reference/v3/dates';
import { V3_FAULTS, V3_VARIANTS } from '../../servers/reference/v3/faults';
import { mergePatch, type JsonObject } from '../../servers/reference/v3/json';
import { decodeJwt, signJwt } from '../../servers/reference/v3/jwt';
import { LEARNING_MESSAGES } from '../../contract/terms';
import { checkActivity, type StoredActivity } from '../../servers/reference/v3/learning/rules';
import { registeredClients, TokenService } from '../../servers/reference/v3/tokens';
import { planWrite, type RecordKind } from '../../servers/reference/v3/write-rules';
import { businessUnitKind } from '../../servers/reference/v3/hrcore/business-unit';
import { isCheckName } from '../../src/checks/names';

const NONE = Behaviour.none();

void test('dates: YYYY-MM-DD and YYYYMMDD, a time part ignored, impossible days refused', () => {
  assert.equal(normalizeDate('2024-03-01'), '2024-03-01');
  assert.equal(normalizeDate('20240402'), '2024-04-02');
  assert.equal(normalizeDate('2024-05-03T09:30:00'), '2024-05-03');
  assert.equal(normalizeDate('20240503T093000Z'), '2024-05-03');
  assert.equal(normalizeDate('20240503 09:30'), '2024-05-03');
  assert.equal(normalizeDate('2024-02-30'), null);
  assert.equal(normalizeDate('2024-0115'), null);
  assert.equal(normalizeDate('03/01/2024'), null);
});

void test('merge: omitted keeps, null removes, objects merge, arrays replace and an empty array clears', () => {
  const stored: JsonObject = { a: 1, b: 'x', access: { primaryTeamExternalId: 'T', products: ['p1', 'p2'] }, genericList: [{ t: '1' }] };
  const next = mergePatch(stored, { b: null, access: { products: [] }, genericList: null, c: true });
  assert.deepEqual(next, { a: 1, access: { primaryTeamExternalId: 'T', products: [] }, c: true });
  assert.deepEqual(stored.access, { primaryTeamExternalId: 'T', products: ['p1', 'p2'] }, 'the stored record is not changed in place');
});

void test('write rules: create needs the required fields, update externalId plus one field, archive a record', () => {
  const kind: RecordKind = businessUnitKind(2);
  const none = (): undefined => undefined;
  const existing = (): JsonObject => ({ externalId: 'U', name: 'Unit', level1ExternalId: 'P' });
  const missing = planWrite(kind, { externalId: 'U' }, none);
  assert.equal(missing.ok, false);
  assert.deepEqual(!missing.ok && missing.errors.map((e) => e.field), ['name', 'level1ExternalId']);
  assert.equal(planWrite(kind, { name: 'x', level1ExternalId: 'P' }, none).ok, false, 'externalId is required');
  const onlyId = planWrite(kind, { externalId: 'U' }, existing);
  assert.ok(!onlyId.ok && /at least one other field/.test(onlyId.errors[0]?.message ?? ''));
  const created = planWrite(kind, { externalId: 'U', name: 'Unit', level1ExternalId: 'P', extra: null }, none);
  assert.ok(created.ok && created.intent === 'create' && !('extra' in created.next));
  const archived = planWrite(kind, { externalId: 'U', archive: 'true' }, existing);
  assert.ok(archived.ok && archived.intent === 'archive' && archived.next.archive === true, 'the string form of true archives');
  const nothing = planWrite(kind, { externalId: 'U', archive: true }, none);
  assert.ok(!nothing.ok && nothing.status === 404);
  const nameRemoved = planWrite(kind, { externalId: 'U', name: null }, existing);
  assert.ok(nameRemoved.ok && !('name' in nameRemoved.next), 'null removes any field but externalId (schemas/DECISIONS.md D19)');
  const badDate = planWrite({ label: 'x', rules: { d: 'date' }, required: [] }, { externalId: 'U', d: '2024-13-01' }, none);
  assert.ok(!badDate.ok && badDate.errors[0]?.field === 'd');
});

void test('JWT: signed HS256 tokens verify; altered signature or payload and alg none do not', () => {
  const key = Buffer.alloc(32, 7);
  const token = signJwt({ sub: 'c', exp: 10 }, key);
  assert.ok('claims' in decodeJwt(token, key));
  const [h, p, s] = token.split('.') as [string, string, string];
  const altered = `${h}.${Buffer.from(JSON.stringify({ sub: 'c', exp: 99 })).toString('base64url')}.${s}`;
  assert.deepEqual(decodeJwt(altered, key), { problem: 'signature' });
  const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
  assert.deepEqual(decodeJwt(none, key), { problem: 'algorithm' });
  assert.deepEqual(decodeJwt('not-a-valid-token', key), { problem: 'malformed' });
});

void test('tokens: exp = iat + 300, refused once expired, and the other client is of another tenant', () => {
  let now = 1_700_000_000_000;
  const service = new TokenService(NONE, registeredClients('tenant-ref', 'tenant-other'), 'iss', () => now);
  const client = service.authenticate(EMBEDDED.v3.clientId, EMBEDDED.v3.clientSecret);
  assert.ok(client);
  assert.equal(service.authenticate(EMBEDDED.v3.clientId, 'wrong'), null);
  const issued = service.issue(client, ['Public.HrCore.Write']);
  assert.equal(issued.expiresIn, 300);
  const payload = JSON.parse(Buffer.from(issued.accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, number>;
  assert.equal((payload.exp ?? 0) - (payload.iat ?? 0), 300);
  const ok = service.verify(issued.accessToken);
  assert.ok(ok.ok && ok.grant.tenant === 'tenant-ref' && ok.grant.scopes.has('Public.HrCore.Write'));
  now += 299_000;
  assert.equal(service.verify(issued.accessToken).ok, true);
  now += 2_000;
  assert.deepEqual(service.verify(issued.accessToken), { ok: false, reason: 'The access token has expired' });
  const other = service.authenticate(EMBEDDED.v3.otherClientId, EMBEDDED.v3.otherClientSecret);
  assert.equal(other?.tenant, 'tenant-other');
});

function activity(data: JsonObject, aggregateId = 'agg-1'): StoredActivity {
  return { aggregateId, data: { provider: { id: 4100 }, owner: { id: 5200 }, title: 'T', ...data } };
}

function messages(stored: StoredActivity | null, body: JsonObject, behaviour = NONE): string[] {
  const base: JsonObject = stored ? {} : { provider: { id: 4100 }, owner: { id: 5200 }, title: 'T' };
  return checkActivity({
    stored,
    body: { ...base, ...body },
    providerId: 4100,
    ownerId: 5200,
    imageExists: (k) => k === 'tmp-image-0001',
    behaviour,
  }).errors.map((e) => e.message);
}

void test('learning: every message of 001 §7.2 under its condition, word for word', () => {
  const M = LEARNING_MESSAGES;
  assert.deepEqual(messages(activity({ accessLevel: 'orgwide' }), { accessLevel: 'private' }), [M.fromOrgwide]);
  assert.deepEqual(messages(activity({ accessLevel: 'orgwide' }), { accessLevel: 'public' }), [M.fromOrgwide]);
  assert.deepEqual(messages(activity({ accessLevel: 'public' }), { accessLevel: 'orgwide' }), [M.toOrgwide]);
  assert.deepEqual(messages(activity({ accessLevel: 'private' }), { accessLevel: 'orgwide' }), [M.toOrgwide]);
  assert.deepEqual(messages(activity({ accessLevel: 'private' }), { accessLevel: 'public' }), [], 'public <-> private is allowed');
  assert.deepEqual(messages(activity({ accessLevel: 'orgwide' }), { aggregateId: 'agg-2' }), [M.aggregateId]);
  assert.deepEqual(messages(activity({ accessLevel: 'orgwide' }), { aggregateId: 'agg-1', title: 'U' }), []);
  for (const cost of ['attendenceCost', 'cancellationCost', 'otherCost']) {
    assert.deepEqual(messages(null, { accessLevel: 'orgwide', costs: { [cost]: 0 } }), [M.costWithoutCurrency]);
  }
  assert.deepEqual(messages(null, { accessLevel: 'orgwide', costs: { currency: { code: 'AUD' } } }), [M.currencyWithoutCost]);
  assert.deepEqual(
    messages(null, { accessLevel: 'private', costs: { currency: { code: 'AUD' }, otherCost: 1 } }),
    [],
    'costs are allowed at every level',
  );
  assert.deepEqual(messages(null, { accessLevel: 'private', content: { type: 'scormcourse' } }), [M.contentType]);
  assert.deepEqual(messages(null, { accessLevel: 'public', content: { type: 'weblink' } }), []);
  assert.deepEqual(messages(null, { accessLevel: 'orgwide', content: { type: 'scormcourse' } }), []);
  assert.deepEqual(messages(null, { accessLevel: 'public', code: 'C1' }), [M.fieldForAccessLevel]);
  assert.deepEqual(messages(activity({ accessLevel: 'private' }), { code: 'C1' }), [M.fieldForAccessLevel]);
  assert.deepEqual(messages(null, { accessLevel: 'orgwide', image: { tempKey: 'nope' } }), [M.image]);
  assert.deepEqual(messages(null, { accessLevel: 'orgwide', image: { tempKey: 'tmp-image-0001' } }), []);
});

void test('learning: a refused access-level change leaves the stored level in force for the other rules', () => {
  // Refused public -> orgwide: code is still judged at public.
  assert.deepEqual(messages(activity({ accessLevel: 'public' }), { accessLevel: 'orgwide', code: 'C' }), [
    LEARNING_MESSAGES.toOrgwide,
    LEARNING_MESSAGES.fieldForAccessLevel,
  ]);
  // Refused orgwide -> private: the stored scormcourse stays lawful.
  assert.deepEqual(messages(activity({ accessLevel: 'orgwide', content: { type: 'scormcourse' } }), { accessLevel: 'private' }), [
    LEARNING_MESSAGES.fromOrgwide,
  ]);
});

void test('learning: create needs provider, owner, accessLevel, title with the registered ids; null removes other fields only', () => {
  const create = (body: JsonObject): string[] =>
    checkActivity({ stored: null, body, providerId: 4100, ownerId: 5200, imageExists: () => false, behaviour: NONE }).errors.map(
      (e) => e.field ?? '',
    );
  assert.deepEqual(create({ accessLevel: 'private' }), ['provider', 'owner', 'title']);
  assert.deepEqual(create({ provider: { id: 1 }, owner: { id: 5200 }, accessLevel: 'private', title: 'T' }), ['provider.id']);
  assert.deepEqual(create({ provider: { id: 4100 }, owner: { id: 5200 }, accessLevel: 'secret', title: 'T' }), ['accessLevel']);
  const removed = checkActivity({
    stored: activity({ accessLevel: 'orgwide', description: 'd' }),
    body: { description: null },
    providerId: 4100,
    ownerId: 5200,
    imageExists: () => false,
    behaviour: NONE,
  });
  assert.deepEqual(removed.errors, []);
  assert.equal('description' in removed.next, false);
  assert.deepEqual(messages(activity({ accessLevel: 'public' }), { title: null }), [], 'null removes (schemas/DECISIONS.md D28)');
  assert.equal(messages(activity({ accessLevel: 'public' }), { accessLevel: null }).length, 1, 'but an activity keeps its access level');
  assert.equal(messages(null, { accessLevel: 'orgwide', costs: { currency: { code: 'aud' }, otherCost: 1 } }).length, 1, 'ISO 4217 code');
});

void test('learning faults reword exactly their own message', () => {
  const reworded = messages(
    activity({ accessLevel: 'orgwide' }),
    { accessLevel: 'public' },
    new Behaviour(['learning.msg.from-orgwide-reworded']),
  );
  assert.deepEqual(reworded, ['Cannot change access level from orgwide']);
});

void test('the v3 catalogue: unique names with the api prefix, declared checks from the vocabulary', () => {
  const names = [...V3_FAULTS, ...V3_VARIANTS].map((x) => x.name);
  assert.equal(new Set(names).size, names.length);
  assert.ok(V3_FAULTS.length >= 26 && V3_VARIANTS.length >= 8);
  for (const f of V3_FAULTS) {
    assert.ok(f.name.startsWith(`${f.api}.`), f.name);
    assert.ok(isCheckName(f.expectedCheck), `${f.name}: ${f.expectedCheck}`);
  }
});

// --- end to end, through the embedded server -------------------------------------------------

async function withServer(behaviour: Behaviour, run: (base: { hr: string; token: string }) => Promise<void>): Promise<void> {
  const server = await startReferenceServer({ behaviour });
  try {
    await run(embeddedUrls(server.port));
  } finally {
    await server.close();
  }
}

async function token(
  url: string,
  opts: { scope?: string; basic?: boolean; id?: string; secret?: string; grant?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const id = opts.id ?? EMBEDDED.v3.clientId;
  const secret = opts.secret ?? EMBEDDED.v3.clientSecret;
  const form = new URLSearchParams({ grant_type: opts.grant ?? 'client_credentials', scope: opts.scope ?? 'Public.HrCore.Write' });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (opts.basic)
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
  else {
    form.set('client_id', id);
    form.set('client_secret', secret);
  }
  const res = await fetch(url, { method: 'POST', headers, body: form.toString() });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function put(url: string, bearer: string | null, body: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

void test('token endpoint: form fields and HTTP basic, 401 for unknown clients, 400 for another grant, scope echoed', async () => {
  await withServer(NONE, async ({ token: url }) => {
    const form = await token(url);
    assert.equal(form.status, 200);
    assert.deepEqual([form.body.token_type, form.body.expires_in, form.body.scope], ['Bearer', 300, 'Public.HrCore.Write']);
    assert.equal((await token(url, { basic: true })).status, 200);
    assert.equal((await token(url, { secret: 'wrong' })).status, 401);
    assert.equal((await token(url, { id: 'nobody', basic: true })).body.error, 'invalid_client');
    assert.equal((await token(url, { grant: 'password' })).status, 400);
    assert.equal((await token(url, { scope: 'Public.Learning.Write other' })).body.scope, 'Public.Learning.Write other');
  });
  await withServer(new Behaviour([], ['hr.variant.token-basic-only']), async ({ token: url }) => {
    assert.equal((await token(url)).status, 401);
    assert.equal((await token(url, { basic: true })).status, 200);
  });
});

void test('HR core: 401 without or with a foreign token, 403 without the scope, learning with any token of the tenant', async () => {
  await withServer(NONE, async ({ hr, token: url }) => {
    const write = String((await token(url)).body.access_token);
    const learningOnly = String((await token(url, { scope: 'Public.Learning.Write' })).body.access_token);
    const foreign = String((await token(url, { id: EMBEDDED.v3.otherClientId, secret: EMBEDDED.v3.otherClientSecret })).body.access_token);
    const body = { externalId: 'E-1', firstName: 'A' };
    assert.equal((await put(`${hr}/hrcore/employee`, null, body)).status, 401);
    assert.equal((await put(`${hr}/hrcore/employee`, 'not-a-valid-token', body)).status, 401);
    assert.equal((await put(`${hr}/hrcore/employee`, foreign, body)).status, 401);
    assert.equal((await put(`${hr}/hrcore/employee`, learningOnly, body)).status, 403);
    assert.equal((await put(`${hr}/hrcore/employee`, write, body)).status, 200);
    const act = {
      provider: { id: EMBEDDED.v3.learningProviderId },
      owner: { id: EMBEDDED.v3.learningOwnerId },
      accessLevel: 'private',
      title: 'T',
    };
    const created = await put(`${hr}/learning/activities/externalId/A-1`, learningOnly, act);
    assert.equal(created.status, 201);
    const parsed = JSON.parse(created.text) as Record<string, unknown>;
    assert.ok(Number.isInteger(parsed.id) && typeof parsed.aggregateId === 'string' && typeof parsed.url === 'string');
    assert.equal((await put(`${hr}/learning/activities/externalId/A-1/`, learningOnly, { title: 'U' })).status, 200);
    assert.equal((await put(`${hr}/learning/activities/externalId/A-1`, learningOnly, { isArchived: true })).status, 200);
  });
});

void test('business units: parent required and live, archive refused while a live child references it', async () => {
  await withServer(NONE, async ({ hr, token: url }) => {
    const t = String((await token(url)).body.access_token);
    const u = (level: number): string => `${hr}/hrcore/business-unit/level${level}`;
    assert.equal((await put(u(1), t, { externalId: 'P', name: 'Parent' })).status, 200);
    assert.equal((await put(u(2), t, { externalId: 'C', name: 'Child' })).status, 400, 'level1ExternalId required');
    assert.equal((await put(u(2), t, { externalId: 'C', name: 'Child', level1ExternalId: 'nope' })).status, 400, 'the parent must exist');
    assert.equal((await put(u(2), t, { externalId: 'C', name: 'Child', level1ExternalId: 'P' })).status, 200);
    const refused = await put(u(1), t, { externalId: 'P', archive: true });
    assert.equal(refused.status, 400);
    assert.match(
      String((JSON.parse(refused.text) as { message: unknown }).message),
      /cannot be archived: it is referenced by level 2 business unit "C"/,
    );
    assert.equal((await put(u(2), t, { externalId: 'C', level1ExternalId: 'P', archive: true })).status, 200);
    assert.equal((await put(u(1), t, { externalId: 'P', archive: 'true' })).status, 200);
  });
});

void test('employee by reference id: sets the externalId of the offer-acceptance employee; unknown id 404', async () => {
  await withServer(NONE, async ({ hr, token: url }) => {
    const t = String((await token(url)).body.access_token);
    assert.equal((await put(`${hr}/employee/${EMBEDDED.v3.employeeReferenceId}`, t, { externalId: 'NEW-1' })).status, 200);
    assert.equal(
      (await put(`${hr}/hrcore/employee`, t, { externalId: 'NEW-1' })).status,
      400,
      'now an existing employee: only externalId is an empty update',
    );
    assert.equal((await put(`${hr}/employee/unknown-ref`, t, { externalId: 'NEW-2' })).status, 404);
    assert.equal(
      (await put(`${hr}/employee/ref-emp-0002`, t, { externalId: 'NEW-1' })).status,
      400,
      'the externalId belongs to another employee',
    );
  });
});
