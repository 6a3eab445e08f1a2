/**
 * Self-check of the v3 personas: starts each, gets tokens, exercises every operation (create, update, archive,
 * each refusal, each learning message of part 7) with fetch and prints one line per case.
 * Run: `npx tsx servers/personas/v3/selfcheck.ts [persona...]` from the project root. Exit status 1 when a case fails.
 * Document parts 3, 4, 5, 7; RFC 6749 §4.4, §5.1, §5.2; RFC 7519.
 */
import { createPublicKey, verify as cryptoVerify, type JsonWebKey } from 'node:crypto';
import { guard } from './auth-guard';
import { CHOICES, type PersonaMode } from './choices';
import { startV3Persona, type V3Persona } from './index';
import { signJwt, verifyJwt } from './jwt';
import { MESSAGES } from './learning-messages';
import type { JsonObject } from './json';
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
/** The expected "status" of a frameworks HR refusal: HTTP 200 whose body says `success: false`. */
const REFUSED = -1;

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

  get frameworks(): boolean {
    return this.mode === 'frameworks';
  }

  get alternate(): boolean {
    return this.mode === 'alternate';
  }

  /** The expectation of each persona. */
  pick<X>(lenient: X, strict: X, frameworks: X, alternate: X): X {
    return { lenient, strict, frameworks, alternate }[this.mode];
  }

  /** The status of a validation refusal (a missing field, a wrong type, a 001 §7 message): 400, or 422 in alternate. */
  get invalid(): number {
    return this.alternate ? 422 : 400;
  }

  /**
   * An HR core validation refusal: the status in lenient and strict (422 for alternate's 400); HTTP 200 with
   * `success: false` in frameworks.
   */
  refused(status: number): number {
    return this.frameworks ? REFUSED : this.alternate && status === 400 ? 422 : status;
  }

  /** The key of the learning provider object: `provider`, or `service` in the alternate persona. */
  get providerKey(): string {
    return this.alternate ? 'service' : 'provider';
  }

  /** Status must be one of `expected`; `message`, when given, must appear in the body word for word. */
  expect(name: string, res: Result, expected: number | readonly number[], message?: string): boolean {
    const statuses = typeof expected === 'number' ? [expected] : expected;
    // frameworks: an HR refusal is HTTP 200 with success false, a success HTTP 200 with success true
    const envelopeRefusal = this.frameworks && res.status === 200 && get(res.json, 'success') === false;
    const statusOk = statuses.includes(envelopeRefusal ? REFUSED : res.status);
    const messageOk = message === undefined || res.text.includes(JSON.stringify(message).slice(1, -1));
    const quoted = message === undefined ? '' : ` "${message}"`;
    const detail = `${res.status}${envelopeRefusal ? ' success:false' : ''}${quoted}${statusOk && messageOk ? '' : ` body=${res.text.slice(0, 200)}`}`;
    report(this.mode, name, statusOk && messageOk, detail);
    return statusOk && messageOk;
  }

  check(name: string, ok: boolean, detail: string): void {
    report(this.mode, name, ok, detail);
  }

  /**
   * The success of an HR write: 204 (lenient), 201 on create or 200 (strict), 200 with `success: true` (frameworks), 201
   * on create or 204 (alternate).
   */
  hrOk(created: boolean): number {
    return this.pick(204, created ? 201 : 200, 200, created ? 201 : 204);
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
  c.check(
    'token: expires_in',
    c.pick(expires === undefined, expires === 300, expires === 299 || expires === 300, expires === 300),
    String(expires),
  );
  const scope = get(ok.json, 'scope');
  c.check('token: scope field', c.pick(scope === undefined, scope === HR_SCOPE, scope === HR_SCOPE, scope === undefined), ok.text);
  const payload = decodePayload(c.token);
  const exp = Number(get(payload, 'exp'));
  const iat = Number(get(payload, 'iat'));
  const lifetime = exp - iat;
  if (c.alternate) {
    // no exp (RFC 7519 §4.1.4: optional); expires_in says 300 and the server counts from iat
    const age = Date.now() / 1000 - iat;
    c.check('token: JWT iat, no exp', get(payload, 'exp') === undefined && age >= 0 && age < 2, `${String(get(payload, 'exp'))} ${age}`);
  } else if (c.frameworks) {
    // iat backdated for clock skew; the token still lives 300 seconds from issue (part 5 item 3)
    const left = exp - Date.now() / 1000;
    c.check('token: exp = issue + 300', left > 298 && left <= 300, left.toFixed(2));
    c.check('token: iat = nbf = issue - 300', lifetime === 600 && get(payload, 'nbf') === iat, String(lifetime));
  } else {
    c.check('token: JWT exp = iat + 300', lifetime === 300, String(lifetime));
  }

  c.expect('token: basic credentials', await c.tokenRequest({ grant_type: 'client_credentials', scope: HR_SCOPE }, [id, secret]), 200);
  const badPost = await c.tokenRequest({ grant_type: 'client_credentials', client_id: id, client_secret: 'wrong', scope: HR_SCOPE });
  c.expect('token: wrong secret (form)', badPost, c.pick(400, 401, 401, 400), 'invalid_client');
  const badBasic = await c.tokenRequest({ grant_type: 'client_credentials', scope: HR_SCOPE }, [id, 'wrong']);
  c.expect('token: wrong secret (basic)', badBasic, 401, 'invalid_client');
  c.check('token: basic challenge', (badBasic.headers.get('www-authenticate') ?? '').startsWith('Basic'), 'WWW-Authenticate');
  const unknown = await c.tokenRequest({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x', scope: HR_SCOPE });
  c.expect('token: unknown client', unknown, c.pick(400, 401, 401, 400), 'invalid_client');
  const password = await c.tokenRequest({ grant_type: 'password', client_id: id, client_secret: secret, scope: HR_SCOPE });
  // alternate: a grant the server knows but this client may not use is unauthorized_client; an unknown one unsupported
  c.expect('token: other grant', password, 400, c.alternate ? 'unauthorized_client' : 'unsupported_grant_type');
  const unknownGrant = await c.tokenRequest({ grant_type: 'urn:example:nothing', client_id: id, client_secret: secret });
  c.expect('token: unknown grant type', unknownGrant, 400, 'unsupported_grant_type');
  c.expect('token: no grant_type', await c.tokenRequest({ client_id: id, client_secret: secret }), 400, 'invalid_request');
  const other = await c.tokenRequest({ grant_type: 'client_credentials', client_id: id, client_secret: secret, scope: 'Other.Scope' });
  c.expect(
    'token: scope without Public.HrCore.Write',
    other,
    c.pick(200, 400, 400, 200),
    c.pick(undefined, 'invalid_scope', 'invalid_scope', HR_SCOPE),
  );
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
  c.expect('token: no scope asked', none, c.pick(200, 400, 200, 200), c.pick(HR_SCOPE, 'invalid_scope', HR_SCOPE, HR_SCOPE));
  c.expect('token: GET refused', await send(c.persona.tokenUrl, { method: 'GET' }), 405);
  const textPlain = await c.tokenRequest(
    { grant_type: 'client_credentials', client_id: id, client_secret: secret, scope: HR_SCOPE },
    undefined,
    'text/plain',
  );
  c.expect('token: form body declared text/plain', textPlain, c.pick(200, 400, 400, 400));

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
  const denied = c.pick(401, 401, 401, 403);
  c.expect('auth: garbage token', await c.hr('/hrcore/employee', body, 'not-a-jwt'), denied);
  const tampered = `${c.token.slice(0, -2)}${c.token.endsWith('AA') ? 'BB' : 'AA'}`;
  c.expect('auth: tampered signature', await c.hr('/hrcore/employee', body, tampered), denied);
  const [head, payload] = c.token.split('.');
  const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload ?? ''}.`;
  c.expect('auth: alg none', await c.hr('/hrcore/employee', body, none), denied);
  const alg = get(JSON.parse(Buffer.from(head ?? '', 'base64url').toString()), 'alg');
  c.check(`auth: header is ${c.pick('HS256', 'HS256', 'RS256', 'HS256')}`, alg === c.pick('HS256', 'HS256', 'RS256', 'HS256'), String(alg));
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
  c.expect('body: no Content-Type', untyped, c.pick(204, 415, 415, 415));
  const big = await send(`${c.persona.baseUrl}/hrcore/employee`, {
    raw: `"${'x'.repeat(1_100_000)}"`,
    token: c.token,
    contentType: 'application/json',
  });
  c.expect('body: too large', big, 413);

  const service = new TokenService('selfcheck');
  const strictGuard = guard(`Bearer ${service.issue('c', ['Other.Scope'])}`, HR_SCOPE, { choices: CHOICES[c.mode], tokens: service });
  c.check('auth: insufficient scope status', strictGuard?.status === c.pick(401, 403, 403, 403), String(strictGuard?.status));
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
  c.expect('bu: update with only externalId', await c.hr(l1, { externalId: 'bu1' }), c.refused(400), 'at least one other field');
  c.expect('bu: create without name', await c.hr(l1, { externalId: 'bu-noname', archive: false }), c.refused(400), 'name is required');
  c.expect('bu: missing externalId', await c.hr(l1, { name: 'Nameless' }), c.refused(400), 'externalId is required');
  c.expect(
    'bu: level 2 without parent',
    await c.hr(l2, { externalId: 'bu2', name: 'Two' }),
    c.refused(400),
    'level1ExternalId is required',
  );
  c.expect(
    'bu: level 2 unknown parent',
    await c.hr(l2, { externalId: 'bu2', name: 'Two', level1ExternalId: 'nope' }),
    c.refused(400),
    'No level 1 business unit',
  );
  c.expect('bu: create level 2', await c.hr(l2, { externalId: 'bu2', name: 'Two', level1ExternalId: 'bu1' }), c.hrOk(true));
  const refused = await c.hr(l1, { externalId: 'bu1', archive: true });
  c.expect('bu: archive referenced parent refused', refused, c.pick(400, 409, REFUSED, 409), 'cannot be archived');
  c.expect(
    'bu: parent left unchanged (still refused)',
    await c.hr(l1, { externalId: 'bu1', archive: 'true' }),
    c.pick(400, 409, REFUSED, 409),
  );
  c.expect('bu: archive child as string "true"', await c.hr(l2, { externalId: 'bu2', archive: 'true' }), c.hrOk(false));
  c.expect('bu: archive parent of archived child', await c.hr(l1, { externalId: 'bu1', archive: true }), c.pick(204, 409, REFUSED, 409));
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
    c.refused(400),
    'level3ExternalId is required',
  );
  c.expect('bu: archive level 4', await c.hr('/hrcore/business-unit/level4', { externalId: 'bu4', archive: true }), c.hrOk(false));
  c.expect(
    'bu: level 3 parent refused while level 4 child',
    await c.hr('/hrcore/business-unit/level3', { externalId: 'bu3', archive: true }),
    c.pick(204, 409, REFUSED, 409),
  );
  c.expect(
    'bu: archive unknown unit',
    await c.hr(l1, { externalId: 'bu-new-archived', name: 'N', archive: true }),
    c.pick(204, 404, 200, 201),
  );
  c.expect('bu: create level 1 (c)', await c.hr(l1, { externalId: 'bu1c', name: 'One c' }), c.hrOk(true));
  c.expect('bu: archive unreferenced unit', await c.hr(l1, { externalId: 'bu1c', archive: true }), c.hrOk(false));
  c.expect(
    'bu: child of archived parent',
    await c.hr(l2, { externalId: 'bu2c', name: 'C', level1ExternalId: 'bu1c' }),
    c.pick(204, 400, REFUSED, 201),
  );
  c.expect('bu: unknown field', await c.hr(l1, { externalId: 'bu1b', colour: 'red' }), c.pick(204, 400, REFUSED, 422));
  c.expect('bu: archive as "yes"', await c.hr(l1, { externalId: 'bu1b', archive: 'yes' }), c.invalid, 'archive must be a boolean');
  c.expect('bu: name null (removal)', await c.hr(l1, { externalId: 'bu1b', name: null }), c.pick(204, 400, REFUSED, 204));
  c.expect(
    'bu: level 3 naming its level 1 too',
    await c.hr('/hrcore/business-unit/level3', { externalId: 'bu3b', name: 'T', level2ExternalId: 'bu2b', level1ExternalId: 'bu1b' }),
    c.hrOk(true),
  );
  c.expect(
    'bu: level 3 naming an unknown level 1',
    await c.hr('/hrcore/business-unit/level3', { externalId: 'bu3b', level1ExternalId: 'ghost' }),
    c.pick(204, 400, REFUSED, 204),
  );
  c.expect('bu: trailing slash', await c.hr(`${l1}/`, { externalId: 'bu1b', name: 'Slash' }), c.pick(204, 404, 404, 204));
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
  c.expect('position: create without name', await c.hr(p, { externalId: 'pos-x', fte: 1 }), c.refused(400), 'name is required');
  c.expect('position: update', await c.hr(p, { externalId: 'pos1', baseHours: 40 }), c.hrOk(false));
  c.expect('position: genericList null removes', await c.hr(p, { externalId: 'pos1', genericList: null }), c.hrOk(false));
  c.expect('position: genericList replaced', await c.hr(p, { externalId: 'pos1', genericList: [] }), c.hrOk(false));
  c.expect('position: negative fte', await c.hr(p, { externalId: 'pos1', fte: -1 }), c.pick(204, 400, REFUSED, 204));
  c.expect('position: free-text date', await c.hr(p, { externalId: 'pos1', vacantDate: 'tomorrow' }), c.pick(204, 400, 400, 422));
  c.expect('position: date with time part', await c.hr(p, { externalId: 'pos1', vacantDate: '2024-01-02T10:00:00Z' }), c.hrOk(false));
  c.expect('position: basic date form', await c.hr(p, { externalId: 'pos1', vacantDate: '20240102' }), c.hrOk(false));
  c.expect('position: impossible date', await c.hr(p, { externalId: 'pos1', vacantDate: '2024-02-30' }), c.pick(204, 400, 400, 422));
  c.expect('position: unknown field', await c.hr(p, { externalId: 'pos1', grade: 'A' }), c.pick(204, 400, REFUSED, 422));
  c.expect(
    'position: unknown business unit',
    await c.hr(p, { externalId: 'pos1', businessUnit: { level2ExternalId: 'zz' } }),
    c.pick(204, 400, REFUSED, 204),
  );
  c.expect('position: boolean as string', await c.hr(p, { externalId: 'pos1', critical: 'true' }), c.pick(204, 400, 200, 422));
  c.expect('position: fte as string', await c.hr(p, { externalId: 'pos1', fte: 'one' }), c.invalid, 'fte must be a number');
  c.expect('position: archive', await c.hr(p, { externalId: 'pos1', archive: true }), c.hrOk(false));
}

async function employeeCases(c: Checker): Promise<void> {
  const e = '/hrcore/employee';
  const create = { externalId: 'emp1', firstName: 'Ada', access: { secondaryTeamExternalIds: ['t1'], products: ['p'] } };
  c.expect('employee: create', await c.hr(e, create), c.hrOk(true));
  c.expect('employee: empty array clears', await c.hr(e, { externalId: 'emp1', access: { secondaryTeamExternalIds: [] } }), c.hrOk(false));
  c.expect('employee: null removes', await c.hr(e, { externalId: 'emp1', firstName: null }), c.hrOk(false));
  c.expect('employee: only externalId', await c.hr(e, { externalId: 'emp1' }), c.refused(400), 'at least one other field');
  c.expect('employee: key-only create', await c.hr(e, { externalId: 'emp-keyonly' }), c.pick(204, 400, 200, 201));
  c.expect('employee: boolean as string', await c.hr(e, { externalId: 'emp1', loginAccess: 'true' }), c.pick(204, 400, 200, 422));
  c.expect(
    'employee: unknown position',
    await c.hr(e, { externalId: 'emp1', position: { externalId: 'nope' } }),
    c.pick(204, 400, REFUSED, 204),
  );
  c.expect(
    'employee: position with date-time',
    await c.hr(e, { externalId: 'emp1', position: { externalId: 'seed-position-1', startDate: '2024-01-02T10:00:00Z' } }),
    c.hrOk(false),
  );
  c.expect('employee: archive', await c.hr(e, { externalId: 'emp1', archive: true }), c.hrOk(false));
  c.expect('employee: archive again', await c.hr(e, { externalId: 'emp1', archive: true }), c.hrOk(false));
  c.expect('employee: leave archived state', await c.hr(e, { externalId: 'emp1', archive: false }), c.pick(204, 400, 200, 204));

  const ref = c.persona.env.HR_EMPLOYEE_REFERENCE_ID ?? '';
  const own = `emp-ref-${c.mode}`;
  const setRef = await send(`${c.persona.baseUrl}/employee/${ref}`, { body: { externalId: own }, token: c.token });
  c.expect('employee ref: set externalId', setRef, c.pick(204, 200, 200, 204));
  c.expect('employee ref: set again (same)', await c.hr(`/employee/${ref}`, { externalId: own }), c.pick(204, 200, 200, 204));
  c.expect('employee ref: then written as employee (update)', await c.hr(e, { externalId: own, lastName: 'Hired' }), c.hrOk(false));
  c.expect('employee ref: unknown reference', await c.hr('/employee/does-not-exist', { externalId: 'q' }), 404);
  c.expect('employee ref: no externalId', await c.hr(`/employee/${ref}`, {}), c.refused(400), 'externalId is required');
  c.expect('employee ref: no token', await c.hr(`/employee/${ref}`, { externalId: own }, null), 401);
  c.expect('employee ref: extra field', await c.hr(`/employee/${ref}`, { externalId: own, note: 'x' }), c.pick(204, 400, 200, 204));
  c.expect('employee ref: change externalId', await c.hr(`/employee/${ref}`, { externalId: `${own}-2` }), c.pick(204, 409, REFUSED, 409));
}

async function learningCases(c: Checker): Promise<void> {
  const provider = { id: Number(c.persona.env.LEARNING_PROVIDER_ID) };
  const owner = { id: Number(c.persona.env.LEARNING_OWNER_ID) };
  // the provider object's key: `provider`, or `service` (alternate)
  const key = c.providerKey;
  const other = c.alternate ? 'provider' : 'service';
  const base = { [key]: provider, owner, title: 'Fire safety' };
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
    `learning: create under "${other}"`,
    await c.learning('la-svc', { [other]: provider, owner, accessLevel: 'public', title: 'S' }),
    c.pick(201, 400, 400, 422),
  );
  c.expect(
    'learning: create without title',
    await c.learning('la-notitle', { [key]: provider, owner, accessLevel: 'public' }),
    c.invalid,
    'title is required',
  );
  c.expect(
    'learning: create without provider',
    await c.learning('la-noprov', { owner, accessLevel: 'public', title: 't' }),
    c.invalid,
    key,
  );
  c.expect('learning: update title', await c.learning('la1', { title: 'Fire safety 2' }), 200);
  c.expect('learning: update path ending with slash', await c.learning('la1', { description: 'slash' }, true), 200);
  c.expect('learning: null removes', await c.learning('la1', { description: null }), 200);
  c.expect('learning: public to orgwide', await c.learning('la1', { accessLevel: 'orgwide' }), c.invalid, MESSAGES.toOrgwide);
  c.expect(
    'learning: public to private',
    await c.learning('la1', { accessLevel: 'private' }),
    c.pick(200, 200, 200, 422),
    c.alternate ? 'Cannot change access level between public and private' : undefined,
  );
  c.expect('learning: create orgwide', await c.learning('la-org', { ...org, code: 'FS-1', content: { type: 'scormcourse' } }), 201);
  c.expect('learning: orgwide to public', await c.learning('la-org', { accessLevel: 'public' }), c.invalid, MESSAGES.fromOrgwide);
  c.expect('learning: same aggregate id', await c.learning('la1', { aggregateId: aggregate }), 200);
  c.expect(
    'learning: change aggregate id',
    await c.learning('la1', { aggregateId: 'other-aggregate' }),
    c.invalid,
    MESSAGES.aggregateChange,
  );
  c.expect(
    'learning: cost without currency',
    await c.learning('la1', { costs: { attendenceCost: 10 } }),
    c.invalid,
    MESSAGES.costWithoutCurrency,
  );
  c.expect(
    'learning: currency without cost',
    await c.learning('la1', { costs: { currency: { code: 'AUD' } } }),
    c.invalid,
    MESSAGES.currencyWithoutCost,
  );
  c.expect('learning: cost with currency', await c.learning('la1', { costs: { currency: { code: 'AUD' }, otherCost: 5 } }), 200);
  c.expect(
    'learning: scorm on private',
    await c.learning('la1', { content: { type: 'scormcourse' } }),
    c.invalid,
    MESSAGES.contentTypeForLevel,
  );
  c.expect('learning: weblink on private', await c.learning('la1', { content: { type: 'weblink' } }), 200);
  c.expect('learning: code on private', await c.learning('la1', { code: 'X-1' }), c.invalid, MESSAGES.fieldForLevel);
  c.expect('learning: create public with code', await c.learning('la-code', { ...pub, code: 'X-2' }), c.invalid, MESSAGES.fieldForLevel);
  c.expect(
    'learning: unlisted field on private',
    await c.learning('la1', { category: 'safety' }),
    c.pick(200, 400, 200, 200),
    c.pick(undefined, MESSAGES.fieldForLevel, undefined, undefined),
  );
  c.expect('learning: unknown image', await c.learning('la1', { image: { tempKey: 'no-such-key' } }), c.invalid, MESSAGES.imageMissing);
  const imageKey = c.persona.env.LEARNING_IMAGE_TEMP_KEY ?? '';
  c.expect('learning: image in temporary storage', await c.learning('la1', { image: { tempKey: imageKey } }), 200);
  c.expect(
    'learning: image key used twice',
    await c.learning('la-org', { image: { tempKey: imageKey } }),
    c.pick(200, 400, 200, 200),
    c.pick(undefined, MESSAGES.imageMissing, undefined, undefined),
  );

  c.expect('learning: child B', await c.learning('la-b', { ...org }), 201);
  c.expect('learning: A with child B', await c.learning('la-a', { ...org, childActivities: ['la-b'] }), 201);
  c.expect(
    'learning: B with child A (circular)',
    await c.learning('la-b', { childActivities: ['la-a'] }),
    c.invalid,
    MESSAGES.circularChild,
  );
  c.expect(
    'learning: A with itself (circular)',
    await c.learning('la-a', { childActivities: ['la-a'] }),
    c.invalid,
    MESSAGES.circularChild,
  );
  c.expect('learning: unknown child', await c.learning('la-a', { childActivities: ['la-ghost'] }), c.pick(200, 400, 400, 200));

  c.expect('learning: unissued provider id', await c.learning('la-prov', { ...pub, [key]: { id: 999 } }), c.pick(201, 400, 400, 201));
  c.expect(
    'learning: negative duration',
    await c.learning('la-neg', { ...pub, duration: { duration: -5, durationPeriod: 'minutes' } }),
    c.pick(201, 400, 400, 201),
  );
  c.expect(
    'learning: duration in hours',
    await c.learning('la-hrs', { ...pub, duration: { duration: 2, durationPeriod: 'hours' } }),
    c.pick(201, 400, 201, 201),
  );
  c.expect('learning: unknown access level', await c.learning('la-lvl', { ...base, accessLevel: 'team' }), c.pick(201, 400, 400, 422));
  c.expect('learning: create archived', await c.learning('la-arch', { ...pub, isArchived: true }), c.pick(201, 404, 201, 201));
  c.expect('learning: empty update', await c.learning('la1', {}), c.pick(200, 400, 200, 200));
  c.expect('learning: archive', await c.learning('la1', { isArchived: true }), 200);
  c.expect('learning: leave archived state', await c.learning('la1', { isArchived: false }), c.pick(200, 400, 200, 200));
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

const US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Every choice of the frameworks column (README.md), with the clear rules it must still keep. */
async function frameworksCases(c: Checker): Promise<void> {
  const { env, baseUrl } = c.persona;
  const e = '/hrcore/employee';
  const p = '/hrcore/position';
  const l1 = '/hrcore/business-unit/level1';
  const path = new URL(baseUrl).pathname;

  // problem+json (Spring Boot) for generic HTTP errors
  const nf = await c.hr('/hrcore/nothing', { externalId: 'x' });
  c.check(
    'problem: 404 body',
    nf.headers.get('content-type') === 'application/problem+json' &&
      get(nf.json, 'type') === 'about:blank' &&
      get(nf.json, 'title') === 'Not Found' &&
      get(nf.json, 'status') === 404 &&
      get(nf.json, 'detail') === `No static resource ${path.slice(1)}/hrcore/nothing.` &&
      get(nf.json, 'instance') === `${path}/hrcore/nothing` &&
      US.test(String(get(nf.json, 'timestamp'))),
    nf.text,
  );
  const m405 = await send(`${baseUrl}${e}`, { method: 'GET', token: c.token });
  c.check(
    'problem: 405 detail and Allow',
    get(m405.json, 'detail') === "Method 'GET' is not supported." && m405.headers.get('allow') === 'PUT',
    m405.text,
  );
  const m415 = await send(`${baseUrl}${e}`, { body: { externalId: 'ct' }, token: c.token, contentType: 'text/plain' });
  c.check(
    'problem: 415 detail',
    m415.status === 415 && get(m415.json, 'detail') === "Content-Type 'text/plain' is not supported.",
    m415.text,
  );
  const suffix = await send(`${baseUrl}${e}`, {
    body: { externalId: 'fw-suffix', firstName: 'S' },
    token: c.token,
    contentType: 'application/merge-patch+json',
  });
  c.expect('body: application/*+json accepted', suffix, 200);
  const parse = await send(`${baseUrl}${e}`, { raw: '{', token: c.token, contentType: 'application/json' });
  c.check(
    'problem: 400 "Failed to read request"',
    parse.status === 400 && get(parse.json, 'detail') === 'Failed to read request',
    parse.text,
  );
  const emptyBody = await send(`${baseUrl}${e}`, { raw: '', token: c.token, contentType: 'application/json' });
  c.check(
    'problem: 400 "Required request body is missing"',
    get(emptyBody.json, 'detail') === 'Required request body is missing',
    emptyBody.text,
  );

  // Spring Security: authentication before routing, its challenges and headers
  const anon = await c.hr('/hrcore/nothing', { externalId: 'x' }, null);
  c.check(
    'security: unknown path without token is 401',
    anon.status === 401 && anon.headers.get('www-authenticate') === 'Bearer',
    `${anon.status}`,
  );
  c.check('security: 401 has no body', anon.text === '', anon.text);
  const foreign = baseUrl.replace(/\/v3\/[^/]+$/, '/v3/other-tenant');
  c.expect('security: other tenant without token', await send(`${foreign}${e}`, { body: {}, token: null }), 401);
  const invalid = await c.hr(e, { externalId: 'x' }, 'not-a-jwt');
  const challenge = invalid.headers.get('www-authenticate') ?? '';
  c.check(
    'security: invalid_token challenge',
    challenge.startsWith('Bearer error="invalid_token"') && challenge.includes('error_uri='),
    challenge,
  );
  const service = new TokenService('selfcheck');
  const denied = guard(`Bearer ${service.issue('c', ['Other.Scope'])}`, HR_SCOPE, { choices: CHOICES.frameworks, tokens: service });
  const scopeChallenge = String(denied?.headers?.['WWW-Authenticate']);
  c.check(
    'security: insufficient_scope challenge',
    denied?.status === 403 && scopeChallenge.includes('requires higher privileges'),
    scopeChallenge,
  );
  const headers = suffix.headers;
  c.check(
    'security: Spring Security headers',
    headers.get('x-content-type-options') === 'nosniff' &&
      headers.get('x-frame-options') === 'DENY' &&
      headers.get('x-xss-protection') === '0' &&
      headers.get('cache-control') === 'no-cache, no-store, max-age=0, must-revalidate',
    String(headers.get('cache-control')),
  );
  const options = await send(`${baseUrl}${e}`, { method: 'OPTIONS', token: c.token });
  c.check('http: OPTIONS 200 with Allow', options.status === 200 && options.headers.get('allow') === 'PUT,OPTIONS', `${options.status}`);
  c.expect('http: OPTIONS without token', await send(`${baseUrl}${e}`, { method: 'OPTIONS', token: null }), 401);

  // HR envelopes: success and validation refusal, both HTTP 200
  const ok = await c.hr(e, { externalId: 'fw-emp', firstName: 'Fay', initials: 'ABCDEFGHIJ', email: 'fay@example.test' });
  c.check(
    'hr: success envelope',
    ok.status === 200 &&
      get(ok.json, 'success') === true &&
      get(ok.json, 'externalId') === 'fw-emp' &&
      US.test(String(get(ok.json, 'timestamp'))),
    ok.text,
  );
  const no = await c.hr(e, { firstName: 'No key' });
  const errors = get(no.json, 'errors');
  c.check(
    'hr: refusal envelope (HTTP 200, success false, message, errors)',
    no.status === 200 &&
      get(no.json, 'success') === false &&
      String(get(no.json, 'message')).includes('externalId is required') &&
      Array.isArray(errors) &&
      US.test(String(get(no.json, 'timestamp'))),
    no.text,
  );
  await c.hr(l1, { externalId: 'fw-parent', name: 'Parent' });
  await c.hr('/hrcore/business-unit/level2', { externalId: 'fw-child', name: 'Child', level1ExternalId: 'fw-parent' });
  c.expect(
    'hr: archive of a referenced unit refused',
    await c.hr(l1, { externalId: 'fw-parent', archive: true }),
    REFUSED,
    'cannot be archived',
  );
  c.expect(
    'hr: refused archive left the unit unarchived (a child may still name it)',
    await c.hr('/hrcore/business-unit/level2', { externalId: 'fw-child-2', name: 'Child 2', level1ExternalId: 'fw-parent' }),
    200,
  );

  // Jackson: coercion, unknown fields ignored, type errors are 400 problems
  c.expect(
    'jackson: numbers and booleans from strings',
    await c.hr(p, { externalId: 'fw-pos', name: 42, fte: '0.5', baseHours: '38', critical: 1 }),
    200,
  );
  c.expect('jackson: boolean "TRUE"', await c.hr(e, { externalId: 'fw-emp', loginAccess: 'TRUE' }), 200);
  const yes = await c.hr(e, { externalId: 'fw-emp', loginAccess: 'yes' });
  c.check(
    'jackson: "yes" for a boolean is a 400 problem',
    yes.status === 400 && yes.headers.get('content-type') === 'application/problem+json',
    yes.text,
  );
  c.expect('jackson: string for an object', await c.hr(e, { externalId: 'fw-emp', access: 'x' }), 400);
  c.expect('jackson: unknown field on create ignored', await c.hr(e, { externalId: 'fw-emp-2', firstName: 'G', shoeSize: 9 }), 200);
  c.expect(
    'jackson: only unknown fields on update',
    await c.hr(e, { externalId: 'fw-emp-2', shoeSize: 9 }),
    REFUSED,
    'at least one other field',
  );

  // Bean Validation bounds
  const bounds: readonly [string, string, JsonObject, number, string?][] = [
    ['initials of 11', e, { externalId: 'fw-emp', initials: 'ABCDEFGHIJK' }, REFUSED, 'initials: size must be between 0 and 10'],
    ['firstName of 101', e, { externalId: 'fw-emp', firstName: 'x'.repeat(101) }, REFUSED, 'size must be between 0 and 100'],
    ['mobilePhone of 31', e, { externalId: 'fw-emp', mobilePhone: '1'.repeat(31) }, REFUSED, 'size must be between 0 and 30'],
    ['e-mail', e, { externalId: 'fw-emp', email: 'nope' }, REFUSED, 'must be a well-formed email address'],
    ['countryCode Australia', e, { externalId: 'fw-emp', location: { countryCode: 'Australia' } }, REFUSED, 'must match'],
    ['countryCode AU', e, { externalId: 'fw-emp', location: { countryCode: 'AU' } }, 200],
    ['externalId of 256', e, { externalId: 'x'.repeat(256), firstName: 'L' }, REFUSED, 'size must be between 0 and 255'],
    ['externalId of 255', e, { externalId: 'x'.repeat(255), firstName: 'L' }, 200],
    ['fte 0', p, { externalId: 'fw-pos', fte: 0 }, REFUSED, 'fte: must be greater than 0'],
    ['fte 1.5', p, { externalId: 'fw-pos', fte: 1.5 }, 200],
    ['fte 1.6', p, { externalId: 'fw-pos', fte: 1.6 }, REFUSED, 'fte: must be less than or equal to 1.5'],
    ['baseHours 169', p, { externalId: 'fw-pos', baseHours: 169 }, REFUSED, 'baseHours: must be less than or equal to 168'],
    ['baseHours 0', p, { externalId: 'fw-pos', baseHours: 0 }, 200],
    ['name of 256', l1, { externalId: 'fw-bu-long', name: 'x'.repeat(256) }, REFUSED, 'name: size must be between 0 and 255'],
    ['vacantDate basic form', p, { externalId: 'fw-pos', vacantDate: '20240102' }, 200],
    ['vacantDate with a time part', p, { externalId: 'fw-pos', vacantDate: '2024-01-02T10:00:00Z' }, 200],
    ['vacantDate tomorrow', p, { externalId: 'fw-pos', vacantDate: 'tomorrow' }, 400],
  ];
  for (const [label, route, body, status, message] of bounds) c.expect(`bounds: ${label}`, await c.hr(route, body), status, message);
  // 880002: the second employee created at offer acceptance (README.md, values served)
  const ref = await c.hr('/employee/880002', { externalId: 'fw-hired', note: 'ignored' });
  c.check('employee ref: success envelope, extra field ignored', get(ref.json, 'success') === true, ref.text);
  const unknownRef = await c.hr('/employee/nobody', { externalId: 'q' });
  c.check(
    'employee ref: unknown reference is a 404 problem',
    unknownRef.status === 404 && get(unknownRef.json, 'status') === 404,
    unknownRef.text,
  );

  // learning: 201 body as documented, representation on update, 400 problems carrying the part 7 messages
  const provider = { id: `${env.LEARNING_PROVIDER_ID ?? ''}` };
  const owner = { id: Number(env.LEARNING_OWNER_ID) };
  const created = await c.learning('fw-la', { provider, owner, accessLevel: 'public', title: 'Spring', colour: 'red' });
  const keys = Object.keys((created.json ?? {}) as object).join();
  c.check(
    'learning: 201 body is {id, aggregateId, url} (provider.id coerced)',
    created.status === 201 && keys === 'id,aggregateId,url',
    created.text,
  );
  c.check(
    'learning: Location is the url',
    created.headers.get('location') === get(created.json, 'url'),
    String(created.headers.get('location')),
  );
  const updated = await c.learning('fw-la', { description: 'd' });
  c.check(
    'learning: update returns the activity with microsecond timestamps',
    updated.status === 200 &&
      get(updated.json, 'externalId') === 'fw-la' &&
      get(updated.json, 'description') === 'd' &&
      get(updated.json, 'colour') === undefined &&
      get(updated.json, 'isArchived') === false &&
      US.test(String(get(updated.json, 'createdAt'))) &&
      US.test(String(get(updated.json, 'updatedAt'))),
    updated.text,
  );
  const toOrg = await c.learning('fw-la', { accessLevel: 'orgwide' });
  c.check(
    'learning: message as problem detail',
    toOrg.status === 400 &&
      toOrg.headers.get('content-type') === 'application/problem+json' &&
      get(toOrg.json, 'detail') === MESSAGES.toOrgwide,
    toOrg.text,
  );
  c.expect('learning: children on public', await c.learning('fw-la', { childActivities: [] }), 400, MESSAGES.fieldForLevel);
  c.expect('learning: title of 256', await c.learning('fw-la', { title: 'x'.repeat(256) }), 400, 'title: size must be between 0 and 255');
  c.expect(
    'learning: negative cost',
    await c.learning('fw-la', { costs: { currency: { code: 'AUD' }, otherCost: -1 } }),
    400,
    'must be greater than or equal to 0',
  );
  c.expect('learning: currency aud', await c.learning('fw-la', { costs: { currency: { code: 'aud' }, otherCost: 1 } }), 400);
  c.expect('learning: duration in weeks', await c.learning('fw-la', { duration: { duration: 1, durationPeriod: 'weeks' } }), 400);
  const org = { provider, owner, accessLevel: 'orgwide', title: 'Org' };
  c.expect('learning: video at orgwide', await c.learning('fw-org', { ...org, content: { type: 'video' } }), 201);
  c.expect('learning: podcast at orgwide', await c.learning('fw-org-2', { ...org, content: { type: 'podcast' } }), 400);

  // the identity provider: discovery, JWKS, RS256, claims, scopes, Azure-style errors
  const realm = env.HR_TOKEN_URL?.replace(/\/protocol\/openid-connect\/token$/, '') ?? '';
  const discovery = await send(`${realm}/.well-known/openid-configuration`, { method: 'GET' });
  c.check('idp: discovery names the token endpoint', get(discovery.json, 'token_endpoint') === env.HR_TOKEN_URL, discovery.text);
  const jwks = await send(String(get(discovery.json, 'jwks_uri')), { method: 'GET' });
  const [head = '', body = '', signature = ''] = c.token.split('.');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>;
  const jwk = (get(jwks.json, 'keys') as Record<string, unknown>[] | undefined)?.find((k) => k.kid === header.kid);
  const verified =
    jwk !== undefined &&
    cryptoVerify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }),
      Buffer.from(signature, 'base64url'),
    );
  c.check('idp: token verifies with the JWKS key named by kid', verified, String(header.kid));
  const claims = decodePayload(c.token);
  c.check(
    'idp: claims ver, tid, azp, roles, iss',
    get(claims, 'ver') === '2.0' &&
      typeof get(claims, 'tid') === 'string' &&
      get(claims, 'azp') === env.HR_CLIENT_ID &&
      (get(claims, 'roles') as unknown[]).includes(HR_SCOPE) &&
      get(claims, 'iss') === get(discovery.json, 'issuer'),
    JSON.stringify(claims),
  );
  const form = { grant_type: 'client_credentials', client_id: env.HR_CLIENT_ID ?? '', client_secret: env.HR_CLIENT_SECRET ?? '' };
  const answer = await c.tokenRequest({ ...form, scope: HR_SCOPE });
  c.check(
    'idp: ext_expires_in, Keycloak members',
    get(answer.json, 'ext_expires_in') === get(answer.json, 'expires_in') &&
      get(answer.json, 'refresh_expires_in') === 0 &&
      get(answer.json, 'not-before-policy') === 0,
    answer.text,
  );
  const openid = await c.tokenRequest({ ...form, scope: 'openid' });
  c.check('idp: the default scope is always granted', get(openid.json, 'scope') === `${HR_SCOPE} openid`, openid.text);
  const bogus = await c.tokenRequest({ ...form, scope: `${HR_SCOPE} Bogus.Scope` });
  c.check(
    'idp: unknown scope is invalid_scope, Azure-style body',
    bogus.status === 400 &&
      get(bogus.json, 'error') === 'invalid_scope' &&
      JSON.stringify(get(bogus.json, 'error_codes')) === '[70011]' &&
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Z$/.test(String(get(bogus.json, 'timestamp'))) &&
      typeof get(bogus.json, 'trace_id') === 'string',
    bogus.text,
  );
  const jsonBody = await send(c.persona.tokenUrl, { method: 'POST', body: { ...form, scope: HR_SCOPE } });
  c.check(
    'idp: a JSON token request has no form parameters',
    jsonBody.status === 400 && jsonBody.text.includes('Missing form parameter: grant_type'),
    jsonBody.text,
  );

  // the token lives 300 seconds from issue: no clock-skew grace on exp
  let now = 1_800_000_000_000;
  const clock = new TokenService('selfcheck', () => now, { backdateSeconds: 300, tenantId: 't' });
  const token = clock.issue('c', [HR_SCOPE]);
  const atIssue = clock.check(token);
  now += 299_000;
  const at299 = clock.check(token);
  now += 1_000;
  const at300 = clock.check(token);
  c.check('idp: valid at issue (nbf backdated) and at +299 s', atIssue.ok && at299.ok, `${atIssue.ok}/${at299.ok}`);
  c.check('idp: expired at +300 s', !at300.ok && at300.reason === 'token expired', at300.ok ? 'ok' : at300.reason);
}

/** Every choice of the alternate column (README.md, "alternate"), with the clear rules it must still keep. */
async function alternateCases(c: Checker): Promise<void> {
  const { env, baseUrl, tokenUrl } = c.persona;
  const id = env.HR_CLIENT_ID ?? '';
  const secret = env.HR_CLIENT_SECRET ?? '';
  const e = '/hrcore/employee';
  const l1 = '/hrcore/business-unit/level1';
  c.check('token: endpoint at /connect/token', new URL(tokenUrl).pathname === '/connect/token', tokenUrl);

  // token endpoint: 400 invalid_client by the form, unknown scopes dropped and the grant stated, RFC 6749 §5.1 headers
  const ok = await c.tokenRequest({ grant_type: 'client_credentials', client_id: id, client_secret: secret, scope: HR_SCOPE });
  c.check('token: Date header', !Number.isNaN(Date.parse(ok.headers.get('date') ?? '')), String(ok.headers.get('date')));
  c.check('token: Pragma no-cache', ok.headers.get('pragma') === 'no-cache', String(ok.headers.get('pragma')));
  c.check('token: expires_in a number', get(ok.json, 'expires_in') === 300, ok.text.slice(-80));
  const badForm = await c.tokenRequest({ grant_type: 'client_credentials', client_id: id, client_secret: 'nope', scope: HR_SCOPE });
  c.check(
    'token: form refusal has no challenge',
    badForm.headers.get('www-authenticate') === null,
    String(badForm.headers.get('www-authenticate')),
  );
  const mixed = await c.tokenRequest({
    grant_type: 'client_credentials',
    client_id: id,
    client_secret: secret,
    scope: `${HR_SCOPE} Made.Up`,
  });
  c.expect('token: known and unknown scope', mixed, 200);
  c.check('token: the granted scope is stated', get(mixed.json, 'scope') === HR_SCOPE, mixed.text.slice(-60));
  const code = await c.tokenRequest({ grant_type: 'authorization_code', client_id: id, client_secret: secret, code: 'never-issued' });
  c.expect('token: authorization_code', code, 400, 'unauthorized_client');
  const twice = new URLSearchParams({ grant_type: 'client_credentials', client_id: id, client_secret: secret });
  twice.append('scope', HR_SCOPE);
  twice.append('scope', HR_SCOPE);
  const repeated = await send(tokenUrl, { method: 'POST', raw: twice.toString(), contentType: 'application/x-www-form-urlencoded' });
  c.expect('token: repeated parameter', repeated, 400, 'invalid_request');

  // JWT without exp: the service refuses it 300 s after iat
  const key = Buffer.alloc(32, 9);
  const claims = { iss: 'i', sub: 's', aud: 'a', scope: HR_SCOPE, iat: 1000, jti: 'j' };
  const atEnd = verifyJwt(signJwt(claims, key), key, 1300);
  const before = verifyJwt(signJwt(claims, key), key, 1299);
  c.check('jwt: without exp, expired 300 s after iat', !atEnd.ok && before.ok, atEnd.ok ? 'ok' : atEnd.reason);

  // a token sent but not valid: 403 with the Bearer challenge; none sent: 401
  const tampered = `${c.token.slice(0, -2)}${c.token.endsWith('AA') ? 'BB' : 'AA'}`;
  const forbidden = await c.hr(e, { externalId: 'alt-e', firstName: 'A' }, tampered);
  c.expect('auth: tampered token', forbidden, 403);
  c.check(
    'auth: 403 carries the invalid_token challenge',
    (forbidden.headers.get('www-authenticate') ?? '').includes('error="invalid_token"'),
    String(forbidden.headers.get('www-authenticate')),
  );
  const none = await c.hr(e, { externalId: 'alt-e', firstName: 'A' }, null);
  c.check(
    'auth: 401 is a problem',
    none.headers.get('content-type') === 'application/problem+json' && get(none.json, 'status') === 401,
    none.text,
  );

  // HR core: 201 on create with a body, 204 on update, 422 ValidationProblemDetails, nothing stored by a refusal
  const created = await c.hr(e, { externalId: 'alt-e', firstName: 'Alt' });
  c.expect('hr: create', created, 201);
  c.check('hr: create body', get(created.json, 'externalId') === 'alt-e' && get(created.json, 'status') === 'created', created.text);
  const updated = await c.hr(e, { externalId: 'alt-e', lastName: 'Ernate' });
  c.expect('hr: update', updated, 204);
  c.check('hr: update has no body', updated.text === '', updated.text);
  const refused = await c.hr(l1, { externalId: 'alt-bu', archive: false });
  c.expect('hr: create without name', refused, 422, 'name is required');
  const errors = get(refused.json, 'errors');
  c.check(
    'hr: ValidationProblemDetails',
    refused.headers.get('content-type') === 'application/problem+json' &&
      get(refused.json, 'title') === 'One or more validation errors occurred.' &&
      get(refused.json, 'status') === 422 &&
      Array.isArray(get(errors, 'name')) &&
      /^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/.test(String(get(refused.json, 'traceId'))),
    refused.text,
  );
  c.expect('hr: nothing stored by the refusal (a later create is a create)', await c.hr(l1, { externalId: 'alt-bu', name: 'B' }), 201);
  const notFound = await c.hr('/hrcore/nothing', { externalId: 'x' });
  c.check('hr: 404 is a plain problem', get(notFound.json, 'errors') === undefined && get(notFound.json, 'status') === 404, notFound.text);
  c.expect('hr: trailing slash served', await c.hr(`${e}/`, { externalId: 'alt-e', initials: 'A' }), 204);
  c.expect(
    'hr: +json media type',
    await send(`${baseUrl}${e}`, {
      body: { externalId: 'alt-e', title: 'Dr' },
      token: c.token,
      contentType: 'application/merge-patch+json',
    }),
    204,
  );

  // learning: `service`, integer aggregateId, Location, empty update body, public <-> private refused
  const provider = { id: Number(env.LEARNING_PROVIDER_ID) };
  const owner = { id: Number(env.LEARNING_OWNER_ID) };
  const la = await c.learning('alt-la', { service: provider, owner, accessLevel: 'private', title: 'Alt' });
  c.expect('learning: create under "service"', la, 201);
  const aggregate = get(la.json, 'aggregateId');
  c.check('learning: aggregateId is an integer', Number.isInteger(aggregate), String(aggregate));
  c.check('learning: Location is the url', la.headers.get('location') === get(la.json, 'url'), String(la.headers.get('location')));
  const withProvider = await c.learning('alt-lb', { provider, owner, accessLevel: 'private', title: 'P' });
  c.expect('learning: "provider" is no field here', withProvider, 422, 'service');
  const up = await c.learning('alt-la', { description: 'd' });
  c.expect('learning: update', up, 200);
  c.check('learning: update has no body', up.text === '', up.text);
  c.expect('learning: same aggregateId (a number)', await c.learning('alt-la', { aggregateId: aggregate }), 200);
  c.expect('learning: aggregateId as its string', await c.learning('alt-la', { aggregateId: String(aggregate) }), 200);
  const changed = await c.learning('alt-la', { aggregateId: Number(aggregate) + 1 });
  c.expect('learning: another aggregateId', changed, 422, MESSAGES.aggregateChange);
  c.check('learning: the message in detail and errors', get(changed.json, 'detail') === MESSAGES.aggregateChange, changed.text);
  const sent = await c.learning('alt-lc', { service: provider, owner, accessLevel: 'public', title: 'C', aggregateId: 'agg-from-caller' });
  c.check('learning: an aggregateId sent on create is kept', get(sent.json, 'aggregateId') === 'agg-from-caller', sent.text);
  c.expect('learning: private to public', await c.learning('alt-la', { accessLevel: 'public' }), 422, 'between public and private');
  c.expect('learning: still private (same level)', await c.learning('alt-la', { accessLevel: 'private' }), 200);
  c.expect(
    'learning: unissued owner id accepted',
    await c.learning('alt-ld', { service: provider, owner: { id: 1 }, accessLevel: 'public', title: 'D' }),
    201,
  );
  c.expect(
    'learning: child activities on private',
    await c.learning('alt-la', { childActivities: ['alt-ld'] }),
    422,
    MESSAGES.fieldForLevel,
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
    if (c.frameworks) await frameworksCases(c);
    if (c.alternate) await alternateCases(c);
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
  const modes: readonly PersonaMode[] = ['lenient', 'strict', 'frameworks', 'alternate'];
  const only = process.argv.slice(2).filter((a): a is PersonaMode => modes.includes(a as PersonaMode));
  for (const mode of only.length > 0 ? only : modes) await runPersona(mode);
  console.log(`${passes} passed, ${failures} failed`);
  process.exitCode = failures === 0 ? 0 : 1;
})();
