/**
 * Self-check of both v3 personas: starts each, gets tokens, exercises every operation (create, update, archive,
 * each refusal, each learning message of part 7) with fetch and prints one line per case.
 * Run: `npx tsx servers/personas/v3/selfcheck.ts` from the project root. Exit status 1 when a case fails.
 * Document parts 3, 4, 5, 7; RFC 6749 §4.4, §5.1, §5.2; RFC 7519.
 */
import { guard } from './auth-guard';
import { CHOICES, type PersonaMode } from './choices';
import { startV3Persona, type V3Persona } from './index';
import { signJwt, verifyJwt } from './jwt';
import { MESSAGES } from './learning-messages';
import { HR_SCOPE } from './seed';
import { TokenService } from './token-service';

interface Result {
  readonly status: number;
  readonly text: string;
  readonly json: unknown;
  readonly headers: Headers;
}

interface SendOptions {
  readonly method?: string;
  readonly token?: string | null;
  readonly body?: unknown;
  readonly raw?: string | Uint8Array;
  readonly contentType?: string | null;
  readonly headers?: Record<string, string>;
}

let failures = 0;
let passes = 0;

function get(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function report(mode: PersonaMode, name: string, ok: boolean, detail: string): void {
  if (ok) passes++;
  else failures++;
  console.log(`${ok ? 'PASS' : 'FAIL'} [${mode}] ${name} -> ${detail}`);
}

async function send(url: string, options: SendOptions = {}): Promise<Result> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined && options.token !== null) headers.Authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined = options.raw;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  const contentType = options.contentType === undefined ? (body === undefined ? null : 'application/json') : options.contentType;
  if (contentType !== null) headers['Content-Type'] = contentType;
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const res = await fetch(url, { method: options.method ?? 'PUT', headers, body: bytes });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json, headers: res.headers };
}

function decodePayload(token: string): unknown {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

class Checker {
  token = '';

  constructor(
    readonly mode: PersonaMode,
    readonly persona: V3Persona,
  ) {}

  get lenient(): boolean {
    return this.mode === 'lenient';
  }

  /** Status must be one of `expected`; `message`, when given, must appear in the body word for word. */
  expect(name: string, res: Result, expected: number | readonly number[], message?: string): boolean {
    const statuses = typeof expected === 'number' ? [expected] : expected;
    const statusOk = statuses.includes(res.status);
    const messageOk = message === undefined || res.text.includes(JSON.stringify(message).slice(1, -1));
    const quoted = message === undefined ? '' : ` "${message}"`;
    const detail = `${res.status}${quoted}${statusOk && messageOk ? '' : ` body=${res.text.slice(0, 200)}`}`;
    report(this.mode, name, statusOk && messageOk, detail);
    return statusOk && messageOk;
  }

  check(name: string, ok: boolean, detail: string): void {
    report(this.mode, name, ok, detail);
  }

  /** The success of an HR write: 204 (lenient), 201 on create or 200 (strict). */
  hrOk(created: boolean): number {
    return this.lenient ? 204 : created ? 201 : 200;
  }

  tokenRequest(form: Record<string, string>, basic?: readonly [string, string], contentType?: string | null): Promise<Result> {
    const headers: Record<string, string> = {};
    if (basic !== undefined) headers.Authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`;
    const raw = new URLSearchParams(form).toString();
    return send(this.persona.tokenUrl, {
      method: 'POST',
      raw,
      headers,
      contentType: contentType === undefined ? 'application/x-www-form-urlencoded' : contentType,
    });
  }

  hr(path: string, body: unknown, token: string | null = this.token): Promise<Result> {
    return send(`${this.persona.baseUrl}${path}`, { body, token });
  }

  learning(externalId: string, body: unknown, slash = false, token: string | null = this.token): Promise<Result> {
    const url = `${this.persona.baseUrl}/learning/activities/externalId/${encodeURIComponent(externalId)}${slash ? '/' : ''}`;
    return send(url, { body, token });
  }
}

async function tokenCases(c: Checker): Promise<void> {
  const { env } = c.persona;
  const id = env.HR_CLIENT_ID ?? '';
  const secret = env.HR_CLIENT_SECRET ?? '';
  const ok = await c.tokenRequest({ grant_type: 'client_credentials', client_id: id, client_secret: secret, scope: HR_SCOPE });
  c.expect('token: form credentials', ok, 200);
  c.token = String(get(ok.json, 'access_token'));
  c.check('token: token_type Bearer', get(ok.json, 'token_type') === 'Bearer', String(get(ok.json, 'token_type')));
  c.check('token: no-store', ok.headers.get('cache-control') === 'no-store', String(ok.headers.get('cache-control')));
  const expires = get(ok.json, 'expires_in');
  c.check('token: expires_in', c.lenient ? expires === undefined : expires === 300, String(expires));
  c.check('token: scope field', c.lenient ? get(ok.json, 'scope') === undefined : get(ok.json, 'scope') === HR_SCOPE, ok.text);
  const payload = decodePayload(c.token);
  const lifetime = Number(get(payload, 'exp')) - Number(get(payload, 'iat'));
  c.check('token: JWT exp = iat + 300', lifetime === 300, String(lifetime));

  c.expect('token: basic credentials', await c.tokenRequest({ grant_type: 'client_credentials', scope: HR_SCOPE }, [id, secret]), 200);
  const badPost = await c.tokenRequest({ grant_type: 'client_credentials', client_id: id, client_secret: 'wrong', scope: HR_SCOPE });
  c.expect('token: wrong secret (form)', badPost, c.lenient ? 400 : 401, 'invalid_client');
  const badBasic = await c.tokenRequest({ grant_type: 'client_credentials', scope: HR_SCOPE }, [id, 'wrong']);
  c.expect('token: wrong secret (basic)', badBasic, 401, 'invalid_client');
  c.check('token: basic challenge', (badBasic.headers.get('www-authenticate') ?? '').startsWith('Basic'), 'WWW-Authenticate');
  const unknown = await c.tokenRequest({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x', scope: HR_SCOPE });
  c.expect('token: unknown client', unknown, c.lenient ? 400 : 401, 'invalid_client');
  const password = await c.tokenRequest({ grant_type: 'password', client_id: id, client_secret: secret, scope: HR_SCOPE });
  c.expect('token: unsupported grant', password, 400, 'unsupported_grant_type');
  c.expect('token: no grant_type', await c.tokenRequest({ client_id: id, client_secret: secret }), 400, 'invalid_request');
  const other = await c.tokenRequest({ grant_type: 'client_credentials', client_id: id, client_secret: secret, scope: 'Other.Scope' });
  c.expect('token: scope without Public.HrCore.Write', other, c.lenient ? 200 : 400, c.lenient ? undefined : 'invalid_scope');
  const several = await c.tokenRequest({
    grant_type: 'client_credentials',
    client_id: id,
    client_secret: secret,
    scope: `openid ${HR_SCOPE}`,
  });
  c.expect('token: several scopes', several, 200);
  const severalToken = String(get(several.json, 'access_token'));
  const withSeveral = await c.hr('/hrcore/business-unit/level1', { externalId: 'bu-sc', name: 'S' }, severalToken);
  c.expect('token: several-scope token on HR', withSeveral, c.hrOk(true));
  const none = await c.tokenRequest({ grant_type: 'client_credentials', client_id: id, client_secret: secret });
  c.expect('token: no scope asked', none, c.lenient ? 200 : 400, c.lenient ? HR_SCOPE : 'invalid_scope');
  c.expect('token: GET refused', await send(c.persona.tokenUrl, { method: 'GET' }), 405);
  const textPlain = await c.tokenRequest(
    { grant_type: 'client_credentials', client_id: id, client_secret: secret, scope: HR_SCOPE },
    undefined,
    'text/plain',
  );
  c.expect('token: form body declared text/plain', textPlain, c.lenient ? 200 : 400);

  if (c.lenient) {
    const noHr = String(get(other.json, 'access_token'));
    c.expect('auth: token without HR scope on HR', await c.hr('/hrcore/employee', { externalId: 'x', firstName: 'x' }, noHr), 401);
    const learningToken = await c.learning(
      'la-noscope',
      {
        provider: { id: 4101 },
        owner: { id: 5202 },
        accessLevel: 'public',
        title: 'Scope-free learning',
      },
      false,
      noHr,
    );
    c.expect('auth: learning needs no scope', learningToken, 201);
  }
}

async function authAndTransportCases(c: Checker): Promise<void> {
  const body = { externalId: 'auth-e', firstName: 'A' };
  const missing = await c.hr('/hrcore/employee', body, null);
  c.expect('auth: no token', missing, 401);
  c.check('auth: Bearer challenge', (missing.headers.get('www-authenticate') ?? '').startsWith('Bearer'), 'WWW-Authenticate');
  c.expect('auth: garbage token', await c.hr('/hrcore/employee', body, 'not-a-jwt'), 401);
  const tampered = `${c.token.slice(0, -2)}${c.token.endsWith('AA') ? 'BB' : 'AA'}`;
  c.expect('auth: tampered signature', await c.hr('/hrcore/employee', body, tampered), 401);
  const [head, payload] = c.token.split('.');
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload ?? ''}.`;
  c.expect('auth: alg none', await c.hr('/hrcore/employee', body, none), 401);
  c.check('auth: header is HS256', get(JSON.parse(Buffer.from(head ?? '', 'base64url').toString()), 'alg') === 'HS256', 'alg');
  c.expect('auth: learning without token', await c.learning('la-x', { title: 'x' }, false, null), 401);

  const foreign = c.persona.baseUrl.replace(/\/v3\/[^/]+$/, '/v3/other-tenant');
  c.expect('tenant: other tenant (HR)', await send(`${foreign}/hrcore/employee`, { body, token: c.token }), 404);
  c.expect('tenant: other tenant (learning)', await send(`${foreign}/learning/activities/externalId/x`, { body, token: c.token }), 404);
  c.expect('route: unknown path', await c.hr('/hrcore/nothing', body), 404);
  c.expect('route: GET on PUT path', await send(`${c.persona.baseUrl}/hrcore/employee`, { method: 'GET', token: c.token }), 405);
  c.expect(
    'body: invalid JSON',
    await send(`${c.persona.baseUrl}/hrcore/employee`, { raw: '{"externalId":', token: c.token, contentType: 'application/json' }),
    400,
  );
  c.expect('body: JSON array', await c.hr('/hrcore/employee', [body]), 400);
  const untyped = await send(`${c.persona.baseUrl}/hrcore/employee`, {
    raw: new TextEncoder().encode(JSON.stringify({ externalId: 'ct-e', firstName: 'C' })),
    token: c.token,
    contentType: null,
  });
  c.expect('body: no Content-Type', untyped, c.lenient ? 204 : 415);
  const big = await send(`${c.persona.baseUrl}/hrcore/employee`, {
    raw: `"${'x'.repeat(1_100_000)}"`,
    token: c.token,
    contentType: 'application/json',
  });
  c.expect('body: too large', big, 413);

  const service = new TokenService('selfcheck');
  const strictGuard = guard(`Bearer ${service.issue('c', ['Other.Scope'])}`, HR_SCOPE, { choices: CHOICES[c.mode], tokens: service });
  c.check('auth: insufficient scope status', strictGuard?.status === (c.lenient ? 401 : 403), String(strictGuard?.status));
  const key = Buffer.alloc(32, 7);
  const claims = { iss: 'i', sub: 's', aud: 'a', scope: HR_SCOPE, iat: 1000, exp: 1300, jti: 'j' };
  const expired = verifyJwt(signJwt(claims, key), key, 1300);
  const valid = verifyJwt(signJwt(claims, key), key, 1299);
  c.check('jwt: expired at exp', !expired.ok && expired.reason === 'token expired', expired.ok ? 'ok' : expired.reason);
  c.check('jwt: valid before exp', valid.ok, valid.ok ? 'ok' : valid.reason);
}

async function businessUnitCases(c: Checker): Promise<void> {
  const l1 = '/hrcore/business-unit/level1';
  const l2 = '/hrcore/business-unit/level2';
  c.expect('bu: create level 1', await c.hr(l1, { externalId: 'bu1', name: 'One' }), c.hrOk(true));
  c.expect('bu: update level 1', await c.hr(l1, { externalId: 'bu1', name: 'One bis' }), c.hrOk(false));
  c.expect('bu: update with only externalId', await c.hr(l1, { externalId: 'bu1' }), 400, 'at least one other field');
  c.expect('bu: create without name', await c.hr(l1, { externalId: 'bu-noname', archive: false }), 400, 'name is required');
  c.expect('bu: missing externalId', await c.hr(l1, { name: 'Nameless' }), 400, 'externalId is required');
  c.expect('bu: level 2 without parent', await c.hr(l2, { externalId: 'bu2', name: 'Two' }), 400, 'level1ExternalId is required');
  c.expect(
    'bu: level 2 unknown parent',
    await c.hr(l2, { externalId: 'bu2', name: 'Two', level1ExternalId: 'nope' }),
    400,
    'No level 1 business unit',
  );
  c.expect('bu: create level 2', await c.hr(l2, { externalId: 'bu2', name: 'Two', level1ExternalId: 'bu1' }), c.hrOk(true));
  const refused = await c.hr(l1, { externalId: 'bu1', archive: true });
  c.expect('bu: archive referenced parent refused', refused, c.lenient ? 400 : 409, 'cannot be archived');
  c.expect('bu: parent left unchanged (still refused)', await c.hr(l1, { externalId: 'bu1', archive: 'true' }), c.lenient ? 400 : 409);
  c.expect('bu: archive child as string "true"', await c.hr(l2, { externalId: 'bu2', archive: 'true' }), c.hrOk(false));
  c.expect('bu: archive parent of archived child', await c.hr(l1, { externalId: 'bu1', archive: true }), c.lenient ? 204 : 409);
  c.expect('bu: create level 1 (b)', await c.hr(l1, { externalId: 'bu1b', name: 'One b' }), c.hrOk(true));
  c.expect('bu: create level 2 (b)', await c.hr(l2, { externalId: 'bu2b', name: 'Two b', level1ExternalId: 'bu1b' }), c.hrOk(true));
  c.expect(
    'bu: create level 3',
    await c.hr('/hrcore/business-unit/level3', { externalId: 'bu3', name: 'Three', level2ExternalId: 'bu2b' }),
    c.hrOk(true),
  );
  c.expect(
    'bu: create level 4',
    await c.hr('/hrcore/business-unit/level4', { externalId: 'bu4', name: 'Four', level3ExternalId: 'bu3' }),
    c.hrOk(true),
  );
  c.expect(
    'bu: level 4 without parent',
    await c.hr('/hrcore/business-unit/level4', { externalId: 'bu4x', name: 'F' }),
    400,
    'level3ExternalId is required',
  );
  c.expect('bu: archive level 4', await c.hr('/hrcore/business-unit/level4', { externalId: 'bu4', archive: true }), c.hrOk(false));
  c.expect(
    'bu: level 3 parent refused while level 4 child',
    await c.hr('/hrcore/business-unit/level3', { externalId: 'bu3', archive: true }),
    c.lenient ? 204 : 409,
  );
  c.expect('bu: archive unknown unit', await c.hr(l1, { externalId: 'bu-new-archived', name: 'N', archive: true }), c.lenient ? 204 : 404);
  c.expect('bu: create level 1 (c)', await c.hr(l1, { externalId: 'bu1c', name: 'One c' }), c.hrOk(true));
  c.expect('bu: archive unreferenced unit', await c.hr(l1, { externalId: 'bu1c', archive: true }), c.hrOk(false));
  c.expect(
    'bu: child of archived parent',
    await c.hr(l2, { externalId: 'bu2c', name: 'C', level1ExternalId: 'bu1c' }),
    c.lenient ? 204 : 400,
  );
  c.expect('bu: unknown field', await c.hr(l1, { externalId: 'bu1b', colour: 'red' }), c.lenient ? 204 : 400);
  c.expect('bu: archive as "yes"', await c.hr(l1, { externalId: 'bu1b', archive: 'yes' }), 400, 'archive must be a boolean');
  c.expect('bu: name null (removal)', await c.hr(l1, { externalId: 'bu1b', name: null }), c.lenient ? 204 : 400);
  c.expect(
    'bu: level 3 naming its level 1 too',
    await c.hr('/hrcore/business-unit/level3', { externalId: 'bu3b', name: 'T', level2ExternalId: 'bu2b', level1ExternalId: 'bu1b' }),
    c.hrOk(true),
  );
  c.expect(
    'bu: level 3 naming an unknown level 1',
    await c.hr('/hrcore/business-unit/level3', { externalId: 'bu3b', level1ExternalId: 'ghost' }),
    c.lenient ? 204 : 400,
  );
  c.expect('bu: trailing slash', await c.hr(`${l1}/`, { externalId: 'bu1b', name: 'Slash' }), c.lenient ? 204 : 404);
}

async function positionCases(c: Checker): Promise<void> {
  const p = '/hrcore/position';
  const full = {
    externalId: 'pos1',
    name: 'Engineer',
    fte: 1,
    baseHours: 38,
    critical: true,
    vacantDate: '2024-01-02',
    businessUnit: { level1ExternalId: 'seed-bu-l1' },
    supplementary: { textField1: 't', boolField1: true, dateField1: '20240102' },
    genericList: [{ genericListTypeExternalId: 'gt', genericListValueExternalId: 'gv' }],
  };
  c.expect('position: create', await c.hr(p, full), c.hrOk(true));
  c.expect('position: create without name', await c.hr(p, { externalId: 'pos-x', fte: 1 }), 400, 'name is required');
  c.expect('position: update', await c.hr(p, { externalId: 'pos1', baseHours: 40 }), c.hrOk(false));
  c.expect('position: genericList null removes', await c.hr(p, { externalId: 'pos1', genericList: null }), c.hrOk(false));
  c.expect('position: genericList replaced', await c.hr(p, { externalId: 'pos1', genericList: [] }), c.hrOk(false));
  c.expect('position: negative fte', await c.hr(p, { externalId: 'pos1', fte: -1 }), c.lenient ? 204 : 400);
  c.expect('position: free-text date', await c.hr(p, { externalId: 'pos1', vacantDate: 'tomorrow' }), c.lenient ? 204 : 400);
  c.expect('position: date with time part', await c.hr(p, { externalId: 'pos1', vacantDate: '2024-01-02T10:00:00Z' }), c.hrOk(false));
  c.expect('position: basic date form', await c.hr(p, { externalId: 'pos1', vacantDate: '20240102' }), c.hrOk(false));
  c.expect('position: impossible date', await c.hr(p, { externalId: 'pos1', vacantDate: '2024-02-30' }), c.lenient ? 204 : 400);
  c.expect('position: unknown field', await c.hr(p, { externalId: 'pos1', grade: 'A' }), c.lenient ? 204 : 400);
  c.expect(
    'position: unknown business unit',
    await c.hr(p, { externalId: 'pos1', businessUnit: { level2ExternalId: 'zz' } }),
    c.lenient ? 204 : 400,
  );
  c.expect('position: boolean as string', await c.hr(p, { externalId: 'pos1', critical: 'true' }), c.lenient ? 204 : 400);
  c.expect('position: fte as string', await c.hr(p, { externalId: 'pos1', fte: 'one' }), 400, 'fte must be a number');
  c.expect('position: archive', await c.hr(p, { externalId: 'pos1', archive: true }), c.hrOk(false));
}

async function employeeCases(c: Checker): Promise<void> {
  const e = '/hrcore/employee';
  const create = { externalId: 'emp1', firstName: 'Ada', access: { secondaryTeamExternalIds: ['t1'], products: ['p'] } };
  c.expect('employee: create', await c.hr(e, create), c.hrOk(true));
  c.expect('employee: empty array clears', await c.hr(e, { externalId: 'emp1', access: { secondaryTeamExternalIds: [] } }), c.hrOk(false));
  c.expect('employee: null removes', await c.hr(e, { externalId: 'emp1', firstName: null }), c.hrOk(false));
  c.expect('employee: only externalId', await c.hr(e, { externalId: 'emp1' }), 400, 'at least one other field');
  c.expect('employee: key-only create', await c.hr(e, { externalId: 'emp-keyonly' }), c.lenient ? 204 : 400);
  c.expect('employee: boolean as string', await c.hr(e, { externalId: 'emp1', loginAccess: 'true' }), c.lenient ? 204 : 400);
  c.expect('employee: unknown position', await c.hr(e, { externalId: 'emp1', position: { externalId: 'nope' } }), c.lenient ? 204 : 400);
  c.expect(
    'employee: position with date-time',
    await c.hr(e, { externalId: 'emp1', position: { externalId: 'seed-position-1', startDate: '2024-01-02T10:00:00Z' } }),
    c.hrOk(false),
  );
  c.expect('employee: archive', await c.hr(e, { externalId: 'emp1', archive: true }), c.hrOk(false));
  c.expect('employee: archive again', await c.hr(e, { externalId: 'emp1', archive: true }), c.hrOk(false));
  c.expect('employee: leave archived state', await c.hr(e, { externalId: 'emp1', archive: false }), c.lenient ? 204 : 400);

  const ref = c.persona.env.HR_EMPLOYEE_REFERENCE_ID ?? '';
  const own = `emp-ref-${c.mode}`;
  const setRef = await send(`${c.persona.baseUrl}/employee/${ref}`, { body: { externalId: own }, token: c.token });
  c.expect('employee ref: set externalId', setRef, c.lenient ? 204 : 200);
  c.expect('employee ref: set again (same)', await c.hr(`/employee/${ref}`, { externalId: own }), c.lenient ? 204 : 200);
  c.expect('employee ref: then written as employee (update)', await c.hr(e, { externalId: own, lastName: 'Hired' }), c.hrOk(false));
  c.expect('employee ref: unknown reference', await c.hr('/employee/does-not-exist', { externalId: 'q' }), 404);
  c.expect('employee ref: no externalId', await c.hr(`/employee/${ref}`, {}), 400, 'externalId is required');
  c.expect('employee ref: no token', await c.hr(`/employee/${ref}`, { externalId: own }, null), 401);
  c.expect('employee ref: extra field', await c.hr(`/employee/${ref}`, { externalId: own, note: 'x' }), c.lenient ? 204 : 400);
  c.expect('employee ref: change externalId', await c.hr(`/employee/${ref}`, { externalId: `${own}-2` }), c.lenient ? 204 : 409);
}

async function learningCases(c: Checker): Promise<void> {
  const provider = { id: Number(c.persona.env.LEARNING_PROVIDER_ID) };
  const owner = { id: Number(c.persona.env.LEARNING_OWNER_ID) };
  const base = { provider, owner, title: 'Fire safety' };
  const pub = { ...base, accessLevel: 'public' };
  const org = { ...base, accessLevel: 'orgwide' };

  const created = await c.learning('la1', { ...pub, description: 'd', content: { type: 'text', text: 'hello' } });
  c.expect('learning: create public', created, 201);
  const shapeOk =
    Number.isInteger(get(created.json, 'id')) &&
    get(created.json, 'aggregateId') !== undefined &&
    typeof get(created.json, 'url') === 'string';
  c.check('learning: create body {id, aggregateId, url}', shapeOk, created.text);
  const aggregate = get(created.json, 'aggregateId');
  c.expect(
    'learning: create under "service"',
    await c.learning('la-svc', { service: provider, owner, accessLevel: 'public', title: 'S' }),
    c.lenient ? 201 : 400,
  );
  c.expect(
    'learning: create without title',
    await c.learning('la-notitle', { provider, owner, accessLevel: 'public' }),
    400,
    'title is required',
  );
  c.expect(
    'learning: create without provider',
    await c.learning('la-noprov', { owner, accessLevel: 'public', title: 't' }),
    400,
    'provider',
  );
  c.expect('learning: update title', await c.learning('la1', { title: 'Fire safety 2' }), 200);
  c.expect('learning: update path ending with slash', await c.learning('la1', { description: 'slash' }, true), 200);
  c.expect('learning: null removes', await c.learning('la1', { description: null }), 200);
  c.expect('learning: public to orgwide', await c.learning('la1', { accessLevel: 'orgwide' }), 400, MESSAGES.toOrgwide);
  c.expect('learning: public to private', await c.learning('la1', { accessLevel: 'private' }), 200);
  c.expect('learning: create orgwide', await c.learning('la-org', { ...org, code: 'FS-1', content: { type: 'scormcourse' } }), 201);
  c.expect('learning: orgwide to public', await c.learning('la-org', { accessLevel: 'public' }), 400, MESSAGES.fromOrgwide);
  c.expect('learning: same aggregate id', await c.learning('la1', { aggregateId: aggregate }), 200);
  c.expect('learning: change aggregate id', await c.learning('la1', { aggregateId: 'other-aggregate' }), 400, MESSAGES.aggregateChange);
  c.expect(
    'learning: cost without currency',
    await c.learning('la1', { costs: { attendenceCost: 10 } }),
    400,
    MESSAGES.costWithoutCurrency,
  );
  c.expect(
    'learning: currency without cost',
    await c.learning('la1', { costs: { currency: { code: 'AUD' } } }),
    400,
    MESSAGES.currencyWithoutCost,
  );
  c.expect('learning: cost with currency', await c.learning('la1', { costs: { currency: { code: 'AUD' }, otherCost: 5 } }), 200);
  c.expect('learning: scorm on private', await c.learning('la1', { content: { type: 'scormcourse' } }), 400, MESSAGES.contentTypeForLevel);
  c.expect('learning: weblink on private', await c.learning('la1', { content: { type: 'weblink' } }), 200);
  c.expect('learning: code on private', await c.learning('la1', { code: 'X-1' }), 400, MESSAGES.fieldForLevel);
  c.expect('learning: create public with code', await c.learning('la-code', { ...pub, code: 'X-2' }), 400, MESSAGES.fieldForLevel);
  c.expect(
    'learning: unlisted field on private',
    await c.learning('la1', { category: 'safety' }),
    c.lenient ? 200 : 400,
    c.lenient ? undefined : MESSAGES.fieldForLevel,
  );
  c.expect('learning: unknown image', await c.learning('la1', { image: { tempKey: 'no-such-key' } }), 400, MESSAGES.imageMissing);
  const imageKey = c.persona.env.LEARNING_IMAGE_TEMP_KEY ?? '';
  c.expect('learning: image in temporary storage', await c.learning('la1', { image: { tempKey: imageKey } }), 200);
  c.expect(
    'learning: image key used twice',
    await c.learning('la-org', { image: { tempKey: imageKey } }),
    c.lenient ? 200 : 400,
    c.lenient ? undefined : MESSAGES.imageMissing,
  );

  c.expect('learning: child B', await c.learning('la-b', { ...org }), 201);
  c.expect('learning: A with child B', await c.learning('la-a', { ...org, childActivities: ['la-b'] }), 201);
  c.expect('learning: B with child A (circular)', await c.learning('la-b', { childActivities: ['la-a'] }), 400, MESSAGES.circularChild);
  c.expect('learning: A with itself (circular)', await c.learning('la-a', { childActivities: ['la-a'] }), 400, MESSAGES.circularChild);
  c.expect('learning: unknown child', await c.learning('la-a', { childActivities: ['la-ghost'] }), c.lenient ? 200 : 400);

  c.expect('learning: unissued provider id', await c.learning('la-prov', { ...pub, provider: { id: 999 } }), c.lenient ? 201 : 400);
  c.expect(
    'learning: negative duration',
    await c.learning('la-neg', { ...pub, duration: { duration: -5, durationPeriod: 'minutes' } }),
    c.lenient ? 201 : 400,
  );
  c.expect(
    'learning: duration in hours',
    await c.learning('la-hrs', { ...pub, duration: { duration: 2, durationPeriod: 'hours' } }),
    c.lenient ? 201 : 400,
  );
  c.expect('learning: unknown access level', await c.learning('la-lvl', { ...base, accessLevel: 'team' }), c.lenient ? 201 : 400);
  c.expect('learning: create archived', await c.learning('la-arch', { ...pub, isArchived: true }), c.lenient ? 201 : 404);
  c.expect('learning: empty update', await c.learning('la1', {}), c.lenient ? 200 : 400);
  c.expect('learning: archive', await c.learning('la1', { isArchived: true }), 200);
  c.expect('learning: leave archived state', await c.learning('la1', { isArchived: false }), c.lenient ? 200 : 400);
  c.expect(
    'learning: invalid JSON',
    await send(`${c.persona.baseUrl}/learning/activities/externalId/la1`, {
      raw: '{',
      token: c.token,
      contentType: 'application/json',
    }),
    400,
  );
}

async function runPersona(mode: PersonaMode): Promise<void> {
  const persona = await startV3Persona(mode);
  console.log(`--- ${mode}: ${persona.baseUrl} (token ${persona.tokenUrl})`);
  const c = new Checker(mode, persona);
  try {
    await tokenCases(c);
    await authAndTransportCases(c);
    await businessUnitCases(c);
    await positionCases(c);
    await employeeCases(c);
    await learningCases(c);
  } finally {
    const started = Date.now();
    await persona.close();
    c.check('server: closes', Date.now() - started < 2000, `${Date.now() - started} ms`);
  }
  const after = await fetch(`${persona.baseUrl}/hrcore/employee`, { method: 'PUT' }).then(
    () => 'answered',
    () => 'refused',
  );
  c.check('server: closed for good', after === 'refused', after);
}

// No top-level await: the package is CommonJS.
void (async () => {
  for (const mode of ['lenient', 'strict'] as const) await runPersona(mode);
  console.log(`${passes} passed, ${failures} failed`);
  process.exitCode = failures === 0 ? 0 : 1;
})();
