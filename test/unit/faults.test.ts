/**
 * The list of faults and variants of the reference server is lawful: every fault names a clause of
 * the registry that its expected check cites, every variant a clause of the registry (the sentence
 * whose silence makes it lawful), names are unique and in use; and the new variants do what they
 * say, through the embedded server.
 */
import type { Miscited } from '../../proof/fault-citations';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKS, citesClause, isCheckName } from '../../src/checks';
import { isClauseId } from '../../contract/clauses';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import { Behaviour } from '../../servers/reference/behaviour';
import { API_VARIANTS, COMMON_VARIANTS, FAULTS, VARIANTS } from '../../servers/reference/faults-and-variants';
import { faultListProblems, faultProblems, variantProblems } from '../../proof/fault-run/fault-audit';
import { defineFault } from '../../servers/reference/fault-factory';
import { startReferenceServer } from '../../servers/reference/server';
import { IDLE_CLOSE_MS, RATE_LIMIT_PER_SECOND } from '../../servers/reference/transport-variants';
import { Agent, request } from '../../src/http/undici';

test('every fault names a registry clause that its expected check cites', () => {
  assert.ok(FAULTS.length > 100, `${FAULTS.length} faults`);
  for (const f of FAULTS) {
    assert.ok(isClauseId(f.clause), `${f.name}: clause "${f.clause}" is not in the registry`);
    assert.ok(isCheckName(f.expectedCheck), `${f.name}: check "${f.expectedCheck}" is not in the registry`);
    assert.ok(citesClause(CHECKS[f.expectedCheck], f.clause), `${f.name}: check "${f.expectedCheck}" does not cite "${f.clause}"`);
    assert.deepEqual(faultProblems(f), [], f.name);
  }
});

test('every variant names a registry clause (the sentence that leaves the choice open)', () => {
  assert.ok(VARIANTS.length >= 50, `${VARIANTS.length} variants`);
  for (const v of VARIANTS) assert.ok(isClauseId(v.clause), `${v.name}: clause "${v.clause}" is not in the registry`);
  assert.deepEqual(faultListProblems(FAULTS, API_VARIANTS, COMMON_VARIANTS), []);
});

test('fault and variant names are unique and carry their API prefix', () => {
  const names = [...FAULTS, ...VARIANTS].map((x) => x.name);
  assert.deepEqual(
    names.filter((n, i) => names.indexOf(n) !== i),
    [],
  );
  for (const x of [...FAULTS, ...API_VARIANTS]) assert.ok(x.name.startsWith(`${x.api}.`), x.name);
  for (const v of API_VARIANTS) assert.match(v.name, /\.variant\./, `${v.name}: a variant says so in its name`);
  for (const f of FAULTS) assert.doesNotMatch(f.name, /\.variant\./, `${f.name}: a fault is not named a variant`);
});

test('a wrong pair is rejected: by the compiler, and at run time', () => {
  const wrong = defineFault(
    'rm',
    'rm.test.wrong-pair',
    'rm.auth.401',
    'filter',
    'a fault declared against a clause its check does not cite',
  );
  // @ts-expect-error -- the filter check does not cite the credentials clause, so proof/fault-citations.ts does not compile
  const wrongProven: [Miscited<typeof wrong>] extends [never] ? true : false = true;
  const right = defineFault('rm', 'rm.test.right-pair', 'rm.auth.401', 'auth-enforced', 'a fault its check cites');
  const rightProven: [Miscited<typeof right>] extends [never] ? true : false = true;
  assert.deepEqual([wrongProven, rightProven, faultProblems(right)], [true, true, []]);
  assert.match(faultProblems(wrong).join('\n'), /check "filter" does not cite clause "rm\.auth\.401"/);
  assert.match(
    faultProblems({
      name: 'rm.test.unknown',
      api: 'rm',
      clause: '000 §5.4: missing credentials give 401',
      expectedCheck: 'auth-enforced',
    }).join('\n'),
    /is not in contract\/clauses\/registry\.ts/,
  );
  assert.match(
    faultProblems({ name: 'rm.test.no-check', api: 'rm', clause: 'rm.auth.401', expectedCheck: 'content-type' }).join('\n'),
    /check "content-type" is not in/,
  );
  assert.match(
    faultProblems({ name: 'hr.test.prefix', api: 'rm', clause: 'rm.auth.401', expectedCheck: 'auth-enforced' }).join('\n'),
    /does not start with its API/,
  );
  assert.match(
    variantProblems({ name: 'rm.variant.test', api: 'rm', clause: 'not shown anywhere' }).join('\n'),
    /is not in contract\/clauses\/registry\.ts/,
  );
  assert.match(faultListProblems([], [VARIANTS[1]!, VARIANTS[1]!]).join('\n'), /duplicate fault\/variant name/);
});

test('retired faults are gone: the server refuses their names', () => {
  const retired = [
    'rm.candidates.update.types-unchecked',
    'rm.candidate-files.create.base64-unchecked',
    'rm.content-type.html',
    'rm.schema.event-kind-outside-list',
    'hr.token.no-exp-claim',
    'hr.auth.foreign-client-token-accepted',
    'hr.bu.archive-after-child-archived-refused',
    'hr.employee.reference-unknown-200',
    'learning.create.unregistered-provider-accepted',
    'hr.variant.token-opaque',
  ];
  for (const name of retired) assert.throws(() => new Behaviour([name]), /Unknown fault or variant/, name);
});

/** Every .ts file under servers/reference, but the catalogue files themselves. */
function serverSources(): string {
  const root = join(__dirname, '../../servers/reference/');
  const skip = new Set([
    'faults.ts',
    'common-variants.ts',
    'faults-and-variants.ts',
    'fault-audit.ts',
    'fault-factory.ts',
    'fault-types.ts',
  ]);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) =>
      statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : n.endsWith('.ts') && !skip.has(n) ? [join(dir, n)] : [],
    );
  return walk(root)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
}

test('every fault and variant is switched somewhere in the server (none is dead)', () => {
  const code = serverSources();
  const unused = [...FAULTS, ...VARIANTS].map((x) => x.name).filter((n) => !code.includes(`'${n}'`));
  assert.deepEqual(unused, []);
});

// --- the new variants, through the embedded server -------------------------------------------

const RM_AUTH = `Basic ${Buffer.from(`${EMBEDDED.rm.apiKey}:${EMBEDDED.rm.apiSecret}`).toString('base64')}`;

async function withServer(
  variants: string[],
  run: (urls: ReturnType<typeof embeddedUrls>) => Promise<void>,
  faults: string[] = [],
): Promise<void> {
  const server = await startReferenceServer({ behaviour: new Behaviour(faults, variants) });
  try {
    await run(embeddedUrls(server.port));
  } finally {
    await server.close();
  }
}

interface Answer {
  status: number;
  type: string;
  text: string;
  json: unknown;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    json = undefined;
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', text, json };
}

const rmGet = (base: string, path: string): Promise<Answer> => call(`${base}${path}`, { headers: { authorization: RM_AUTH } });
const rmSend = (base: string, method: string, path: string, body?: unknown): Promise<Answer> =>
  call(`${base}${path}`, {
    method,
    headers: { authorization: RM_AUTH, 'content-type': 'application/vnd.api+json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

type Doc = {
  data: Array<{ id: string; type: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: unknown }> }>;
  meta?: Record<string, unknown>;
};

test('RM variants: text/plain errors, bare data, utc-only DateTime objects', async () => {
  await withServer(['rm.variant.errors-text-plain'], async ({ rm }) => {
    for (const [answer, status] of [
      [await call(`${rm}/candidates`), 401],
      [await rmGet(rm, '/candidates/nope'), 404],
      [await rmSend(rm, 'POST', '/candidates', { data: { type: 'candidates', attributes: {} } }), 422],
      [await rmGet(rm, '/candidates?page=x'), 400],
    ] as const) {
      assert.equal(answer.status, status);
      assert.match(answer.type, /^text\/plain/);
      assert.ok(answer.text.trim().length > 0 && answer.json === undefined, answer.text);
    }
  });
  await withServer(['rm.variant.bare-data'], async ({ rm }) => {
    const list = await rmGet(rm, '/candidates?page=1&per_page=3');
    assert.ok(Array.isArray(list.json) && list.json.length === 3, 'a numeric page is a bare array');
    const first = (list.json as Array<{ id: string }>)[0]!;
    const one = (await rmGet(rm, `/candidates/${first.id}`)).json as { id?: string; type?: string };
    assert.deepEqual([one.id, one.type], [first.id, 'candidates'], 'a single read is the bare resource');
    const walk = (await rmGet(rm, '/candidates?per_page=3')).json as Doc;
    assert.ok(Array.isArray(walk.data) && typeof walk.meta?.next_cursor === 'string', 'a cursor page keeps its envelope');
    const included = (await rmGet(rm, `/candidates/${first.id}?include=notes`)).json as { data?: unknown; included?: unknown[] };
    assert.ok(included.data && Array.isArray(included.included), 'an answer with included records keeps its envelope');
  });
  await withServer(['rm.variant.datetime-utc-only'], async ({ rm }) => {
    const c = ((await rmGet(rm, '/candidates?page=1&per_page=1')).json as Doc).data[0]!;
    assert.deepEqual(Object.keys(c.attributes.created_at as object), ['utc']);
  });
});

test('RM variants: null to-one relationships, an extra event kind; the fault that renames related types', async () => {
  await withServer(['rm.variant.null-to-one'], async ({ rm }) => {
    const created = (
      await rmSend(rm, 'POST', '/candidates', { data: { type: 'candidates', attributes: { email: 'null-to-one@example.com' } } })
    ).json as { data: Doc['data'][number] };
    assert.deepEqual(created.data.relationships?.first_touch_event, { data: null });
    assert.deepEqual(created.data.relationships?.last_touch_event, { data: null });
    const c = ((await rmGet(rm, '/candidates?page=1&per_page=1')).json as Doc).data[0]!;
    const events = ((await rmGet(rm, `/candidates/${c.id}/events`)).json as Doc).data;
    assert.ok(
      events.some((e) => e.relationships?.job?.data === null),
      'an event without a job says job: {data: null}',
    );
    assert.ok(events.every((e) => e.relationships && 'ats_status' in e.relationships));
    assert.equal((await rmGet(rm, `/candidates/${c.id}/events?include=location,call_to_action`)).status, 200);
  });
  await withServer(['rm.include.related-type-prefixed'], async ({ rm }) => {
    const c = ((await rmGet(rm, '/candidates?page=1&per_page=1')).json as Doc).data[0]!;
    const refs = c.relationships?.educations?.data as Array<{ type: string }>;
    assert.ok(refs.length > 0 && refs.every((r) => r.type === 'candidate_educations'));
    const withIncluded = (await rmGet(rm, `/candidates/${c.id}?include=educations,employments`)).json as {
      included: Array<{ type: string }>;
    };
    assert.deepEqual([...new Set(withIncluded.included.map((r) => r.type))].sort(), ['candidate_educations', 'candidate_employments']);
    const posted = (
      await rmSend(rm, 'POST', `/candidates/${c.id}/employments`, {
        data: { type: 'employments', attributes: { company: { name: 'Contoso' } } },
      })
    ).json as { data: { type: string } };
    assert.equal(posted.data.type, 'candidate_employments');
  });
  await withServer(['rm.variant.extra-event-kind'], async ({ rm }) => {
    const c = ((await rmGet(rm, '/candidates?page=1&per_page=1')).json as Doc).data[0]!;
    const kinds = ((await rmGet(rm, `/candidates/${c.id}/events`)).json as Doc).data.map((e) => e.attributes.kind);
    assert.ok(kinds.includes('note'), String(kinds));
    const views = ((await rmGet(rm, `/candidates/${c.id}/events?filter[kind]=view,cta,email`)).json as Doc).data;
    assert.ok(views.every((e) => e.attributes.kind !== 'note'));
  });
});

test('RM variants: archived included, per_page above 100 refused, one empty cursor page, non-member DELETE 404', async () => {
  await withServer(['rm.variant.archived-true-includes-all'], async ({ rm }) => {
    const rows = ((await rmGet(rm, '/candidates?page=1&per_page=100&filter[archived]=true')).json as Doc).data;
    const states = new Set(rows.map((c) => c.attributes.archived_status));
    assert.deepEqual([...states].sort(), ['archived', 'unarchived']);
    const defaults = ((await rmGet(rm, '/candidates?page=1&per_page=100')).json as Doc).data;
    assert.ok(
      defaults.every((c) => c.attributes.archived_status === 'unarchived'),
      'the default is still false',
    );
  });
  await withServer(['rm.variant.per-page-over-max-400'], async ({ rm }) => {
    assert.equal((await rmGet(rm, '/candidates?page=1&per_page=101')).status, 400);
    assert.equal((await rmGet(rm, '/candidates?page=1&per_page=100')).status, 200);
  });
  await withServer(['rm.variant.cursor-empty-page'], async ({ rm }) => {
    const pages: number[] = [];
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i += 1) {
      const doc = (await rmGet(rm, `/candidates?per_page=25${cursor === null ? '' : `&cursor=${cursor}`}`)).json as Doc;
      pages.push(doc.data.length);
      seen.push(...doc.data.map((c) => c.id));
      const next = doc.meta?.next_cursor;
      if (typeof next !== 'string' || next === '') break;
      cursor = next;
    }
    assert.equal(pages[1], 0, `the second page is empty: ${pages.join(',')}`);
    assert.equal(pages.filter((n) => n === 0).length, 1, 'once');
    assert.equal(new Set(seen).size, seen.length, 'no record twice');
    const all = ((await rmGet(rm, '/candidates?page=1&per_page=100')).json as Doc).data;
    assert.equal(seen.length, all.length, 'every record once');
  });
  await withServer(['rm.variant.remove-non-member-404'], async ({ rm }) => {
    const c = ((await rmGet(rm, '/candidates?page=1&per_page=100')).json as Doc).data.find(
      (x) => !(x.relationships?.lists?.data as Array<{ id: string }>).some((l) => l.id === EMBEDDED.rm.listId),
    )!;
    assert.equal((await rmSend(rm, 'DELETE', `/lists/${EMBEDDED.rm.listId}/candidates/${c.id}`)).status, 404);
    assert.equal((await rmSend(rm, 'PUT', `/lists/${EMBEDDED.rm.listId}/candidates/${c.id}`)).status, 201);
    assert.equal((await rmSend(rm, 'DELETE', `/lists/${EMBEDDED.rm.listId}/candidates/${c.id}`)).status, 204);
  });
  await withServer(['rm.variant.file-content-any-string', 'rm.variant.patch-coerces-types'], async ({ rm }) => {
    const c = ((await rmGet(rm, '/candidates?page=1&per_page=1')).json as Doc).data[0]!;
    assert.equal(
      (
        await rmSend(rm, 'POST', `/candidates/${c.id}/candidate_files`, {
          data: { type: 'candidate_files', attributes: { filename: 'cv.txt', content: 'not base64 at all!' } },
        })
      ).status,
      201,
    );
    const patched = (
      await rmSend(rm, 'PATCH', `/candidates/${c.id}`, { data: { type: 'candidates', attributes: { skills: 'SQL', first_name: 7 } } })
    ).json as { data: Doc['data'][number] };
    assert.deepEqual([patched.data.attributes.skills, patched.data.attributes.first_name], [['SQL'], '7']);
  });
});

// --- v3 ------------------------------------------------------------------------------------

async function token(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    scope: 'Public.HrCore.Write',
    client_id: EMBEDDED.v3.clientId,
    client_secret: EMBEDDED.v3.clientSecret,
  });
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const put = (url: string, bearer: string, body: unknown): Promise<Answer> =>
  call(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify(body),
  });

const claims = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

test('v3: the opaque token is a fault now; tokens without expires_in or without exp are lawful variants', async () => {
  await withServer([], async ({ token: url }) => {
    assert.equal(String((await token(url)).body.access_token).split('.').length, 3, 'a JWT by default');
  });
  await withServer(
    [],
    async ({ token: url }) => {
      assert.equal(String((await token(url)).body.access_token).split('.').length, 1, 'hr.token.opaque: not a JWT');
    },
    ['hr.token.opaque'],
  );
  await withServer(['hr.variant.token-no-expires-in'], async ({ token: url, hr }) => {
    const t = await token(url);
    assert.ok(!('expires_in' in t.body));
    const c = claims(String(t.body.access_token));
    assert.equal(Number(c.exp) - Number(c.iat), 300);
    assert.equal((await put(`${hr}/hrcore/employee`, String(t.body.access_token), { externalId: 'E-NOEXP', firstName: 'A' })).status, 200);
  });
  await withServer(['hr.variant.jwt-no-exp'], async ({ token: url, hr }) => {
    const t = await token(url);
    assert.equal(t.body.expires_in, 300);
    assert.ok(!('exp' in claims(String(t.body.access_token))));
    assert.equal(
      (await put(`${hr}/hrcore/employee`, String(t.body.access_token), { externalId: 'E-NOEXPCLAIM', firstName: 'A' })).status,
      200,
    );
  });
});

test('v3 variants: archived children still block, empty 200 writes, unissued ids, public <-> private refused', async () => {
  await withServer(['hr.variant.bu-archived-children-block', 'hr.variant.write-200-empty'], async ({ token: url, hr }) => {
    const t = String((await token(url)).body.access_token);
    const u = (level: number): string => `${hr}/hrcore/business-unit/level${level}`;
    const created = await put(u(1), t, { externalId: 'VP', name: 'Parent' });
    assert.deepEqual([created.status, created.text], [200, '']);
    assert.equal((await put(u(2), t, { externalId: 'VC', name: 'Child', level1ExternalId: 'VP' })).status, 200);
    assert.equal((await put(u(2), t, { externalId: 'VC', archive: true })).status, 200);
    const refused = await put(u(1), t, { externalId: 'VP', archive: true });
    assert.equal(refused.status, 400);
    assert.match(String((refused.json as { message?: unknown }).message), /referenced by level 2 business unit "VC"/);
  });
  await withServer(['learning.variant.unissued-ids-accepted', 'learning.variant.public-private-refused'], async ({ token: url, hr }) => {
    const t = String((await token(url)).body.access_token);
    const at = `${hr}/learning/activities/externalId/VAR-1`;
    assert.equal((await put(at, t, { provider: { id: 1 }, owner: { id: 2 }, accessLevel: 'public', title: 'T' })).status, 201);
    const refused = await put(at, t, { accessLevel: 'private' });
    assert.equal(refused.status, 400);
    assert.match(refused.text, /Cannot change access level between public and private/);
  });
  await withServer([], async ({ token: url, hr }) => {
    const t = String((await token(url)).body.access_token);
    const at = `${hr}/learning/activities/externalId/VAR-2`;
    assert.equal(
      (await put(at, t, { provider: { id: 1 }, owner: { id: EMBEDDED.v3.learningOwnerId }, accessLevel: 'public', title: 'T' })).status,
      400,
      'by default an id never issued is refused',
    );
    assert.equal(
      (
        await put(at, t, {
          provider: { id: EMBEDDED.v3.learningProviderId },
          owner: { id: EMBEDDED.v3.learningOwnerId },
          accessLevel: 'public',
          title: 'T',
        })
      ).status,
      201,
    );
    assert.equal((await put(at, t, { accessLevel: 'private' })).status, 200, 'by default public -> private is allowed');
  });
});

test('transport variants: a gateway answering 429 with Retry-After past its rate; a balancer resetting idle kept-alive connections', async () => {
  await withServer(['rate-limited'], async ({ rm, token }) => {
    // Batches of more than the rate at once, until one window is past it: on a loaded machine a batch may
    // spread over two windows, so the first batch alone need not show a 429.
    let refused: Response | null = null;
    let served = 0;
    let sent = 0;
    for (let round = 0; round < 10 && refused === null; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: RATE_LIMIT_PER_SECOND + 20 }, () => fetch(`${rm}/lists`, { headers: { authorization: RM_AUTH } })),
      );
      sent += answers.length;
      served += answers.filter((a) => a.status === 200).length;
      refused = answers.find((a) => a.status === 429) ?? null;
      await Promise.all(answers.map((a) => a.body?.cancel()));
    }
    assert.ok(refused !== null, `no 429 among ${sent} requests sent ${RATE_LIMIT_PER_SECOND + 20} at once`);
    assert.ok(served >= RATE_LIMIT_PER_SECOND, `${served} served: the rate is served before the refusals`);
    assert.equal(refused.headers.get('retry-after'), '1');
    const tokenAnswer = await call(token, {
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.notEqual(tokenAnswer.status, 429, 'the token endpoint is not limited');
  });
  await withServer(['idle-connections-closed'], async ({ rm }) => {
    const agent = new Agent({ keepAliveTimeout: 10_000 });
    try {
      const get = (): Promise<number> =>
        request(`${rm}/lists`, { method: 'GET', headers: { authorization: RM_AUTH }, dispatcher: agent }).then(async (r) => {
          await r.body.text();
          return r.statusCode;
        });
      assert.equal(await get(), 200, 'a fresh connection is served');
      await new Promise((r) => setTimeout(r, 20));
      assert.equal(await get(), 200, 'a connection idle for less than the time-out is served');
      await new Promise((r) => setTimeout(r, IDLE_CLOSE_MS + 50));
      await assert.rejects(get(), 'a request on a connection idle for longer is reset, unanswered');
      assert.equal(await get(), 200, 'and the next, on a fresh connection, is served');
    } finally {
      await agent.close();
    }
  });
});
