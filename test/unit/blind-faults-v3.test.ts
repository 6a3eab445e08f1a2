/**
 * The v3 faults written blind from 001 (the block "Faults written blind from 001" of
 * servers/reference/v3/faults.ts) are wired: for each, a short exchange (token + PUTs) against a
 * reference server with the fault and against one without, and the answers differ the way the
 * fault's description says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import { Behaviour } from '../../servers/reference/behaviour';
import { startReferenceServer } from '../../servers/reference/server';
import { V3_FAULTS, type V3FaultName } from '../../servers/reference/v3/faults';
import { LEARNING_MESSAGES } from '../../contract/terms';

interface Answer {
  status: number;
  type: string;
  text: string;
  json: Record<string, unknown>;
  /** The WWW-Authenticate header ('' when none). */
  challenge: string;
}

const HR_SCOPE = 'Public.HrCore.Write';
const P_ID = EMBEDDED.v3.learningProviderId;
const O_ID = EMBEDDED.v3.learningOwnerId;

async function call(url: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null) json = parsed as Record<string, unknown>;
  } catch {
    // not JSON: json stays empty
  }
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text,
    json,
    challenge: res.headers.get('www-authenticate') ?? '',
  };
}

/** One server's v3 API, as a client following 001 would call it. */
class Api {
  private cached: string | null = null;

  constructor(private readonly urls: ReturnType<typeof embeddedUrls>) {}

  token(
    opts: { scope?: string; basic?: boolean; id?: string; secret?: string; withoutSecret?: boolean; grant?: string } = {},
  ): Promise<Answer> {
    const id = opts.id ?? EMBEDDED.v3.clientId;
    const secret = opts.secret ?? EMBEDDED.v3.clientSecret;
    const form = new URLSearchParams({ grant_type: opts.grant ?? 'client_credentials', scope: opts.scope ?? HR_SCOPE });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (opts.basic) headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    else {
      form.set('client_id', id);
      if (!opts.withoutSecret) form.set('client_secret', secret);
    }
    return call(this.urls.token, { method: 'POST', headers, body: form.toString() });
  }

  async bearer(scope = HR_SCOPE): Promise<string> {
    const t = await this.token({ scope });
    assert.equal(t.status, 200, t.text);
    return String(t.json.access_token);
  }

  async put(path: string, body: unknown, bearer?: string): Promise<Answer> {
    this.cached ??= await this.bearer();
    return call(`${this.urls.hr}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer ?? this.cached}` },
      body: JSON.stringify(body),
    });
  }

  /** A PUT without an Authorization header. */
  putWithoutToken(path: string, body: unknown): Promise<Answer> {
    return call(`${this.urls.hr}${path}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  employee(body: Record<string, unknown>): Promise<Answer> {
    return this.put('/hrcore/employee', body);
  }

  unit(level: number, body: Record<string, unknown>): Promise<Answer> {
    return this.put(`/hrcore/business-unit/level${level}`, body);
  }

  position(body: Record<string, unknown>): Promise<Answer> {
    return this.put('/hrcore/position', body);
  }

  activity(externalId: string, body: Record<string, unknown>, slash = false): Promise<Answer> {
    return this.put(`/learning/activities/externalId/${externalId}${slash ? '/' : ''}`, body);
  }

  /** Creates an activity (201 asserted) and answers the create. */
  async created(externalId: string, accessLevel: string, extra: Record<string, unknown> = {}): Promise<Answer> {
    const a = await this.activity(externalId, newActivity(accessLevel, extra));
    assert.equal(a.status, 201, a.text);
    return a;
  }
}

function newActivity(accessLevel: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { provider: { id: P_ID }, owner: { id: O_ID }, accessLevel, title: 'Blind probe', ...extra };
}

/** Asserts a step the probe builds on succeeded, and passes its answer on. */
function ok(a: Answer): Answer {
  assert.ok(a.status >= 200 && a.status < 300, `setup step refused: ${a.status} ${a.text}`);
  return a;
}

const claims = (a: Answer): Record<string, number> =>
  JSON.parse(Buffer.from(String(a.json.access_token).split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, number>;

/** A level 1 / 2 / 3 chain P <- C <- G (levels 1, 2, 3). */
async function chain(api: Api, depth: 2 | 3 = 3): Promise<void> {
  ok(await api.unit(1, { externalId: 'P', name: 'Parent' }));
  ok(await api.unit(2, { externalId: 'C', name: 'Child', level1ExternalId: 'P' }));
  if (depth === 3) ok(await api.unit(3, { externalId: 'G', name: 'Grandchild', level2ExternalId: 'C' }));
}

type Expect = number | ((a: Answer) => void);

interface Probe {
  fault: V3FaultName;
  /** The exchange; answers the decisive answer. */
  run(api: Api): Promise<Answer>;
  /** Without the fault: the status, or an assertion on the answer. */
  clean: Expect;
  /** With the fault. */
  faulty: Expect;
}

const message = (text: string) => (a: Answer) => assert.ok(a.status >= 400 && a.text.includes(text), `${a.status} ${a.text}`);
const lacks = (text: string) => (a: Answer) => assert.ok(!a.text.includes(text), a.text);

/** The first part of the access token, as JSON (throws when it is none). */
const joseHeader = (a: Answer): Record<string, unknown> =>
  JSON.parse(Buffer.from(String(a.json.access_token).split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

const PROBES: Probe[] = [
  // --- tokens and bearer tokens ---
  {
    fault: 'hr.token.exp-in-milliseconds',
    run: (api) => api.token(),
    clean: (a) => assert.equal(claims(a).exp! - claims(a).iat!, 300),
    faulty: (a) => assert.equal(claims(a).exp, (claims(a).iat! + 300) * 1000),
  },
  {
    fault: 'hr.token.expires-in-string',
    run: (api) => api.token(),
    clean: (a) => assert.equal(a.json.expires_in, 300),
    faulty: (a) => assert.equal(a.json.expires_in, '300'),
  },
  { fault: 'hr.token.basic-auth-refused', run: (api) => api.token({ basic: true }), clean: 200, faulty: 401 },
  { fault: 'hr.token.unknown-client-500', run: (api) => api.token({ id: 'never-issued', secret: 'x' }), clean: 401, faulty: 500 },
  {
    fault: 'hr.auth.alg-none-accepted',
    run: async (api) => {
      const [, payload] = (await api.bearer()).split('.');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      return api.put('/hrcore/employee', { externalId: 'E-NONE', firstName: 'A' }, unsigned);
    },
    clean: 401,
    faulty: 200,
  },
  {
    fault: 'hr.scope.first-entry-only',
    run: async (api) => api.put('/hrcore/employee', { externalId: 'E-1', firstName: 'A' }, await api.bearer(`openid ${HR_SCOPE}`)),
    clean: 200,
    faulty: 403,
  },
  {
    fault: 'hr.scope.any-write-scope-accepted',
    run: async (api) => api.put('/hrcore/employee', { externalId: 'E-1', firstName: 'A' }, await api.bearer('Public.Learning.Write')),
    clean: 403,
    faulty: 200,
  },
  {
    fault: 'learning.auth.signature-not-verified',
    run: async (api) => {
      const [head, body] = (await api.bearer()).split('.');
      const [, , otherSignature] = (await api.bearer()).split('.');
      const forged = `${head}.${body}.${otherSignature}`;
      assert.equal((await api.put('/hrcore/employee', { externalId: 'E-1', firstName: 'A' }, forged)).status, 401, 'HR core still refuses');
      return api.put('/learning/activities/externalId/SIG-1', newActivity('private'), forged);
    },
    clean: 401,
    faulty: 201,
  },
  // --- HR core: one PUT, ids, dates ---
  {
    fault: 'hr.position.update-of-bare-position-500',
    run: async (api) => {
      ok(await api.position({ externalId: 'POS-B', name: 'Bare' }));
      return api.position({ externalId: 'POS-B', fte: 1 });
    },
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.write.numeric-reference-id-500',
    run: (api) => api.position({ externalId: 'POS-N', name: 'N', roleExternalId: 7 }),
    clean: 400,
    faulty: 500,
  },
  {
    fault: 'hr.dates.basic-format-refused',
    run: (api) => api.employee({ externalId: 'E-D', position: { externalId: 'POS-0001', startDate: '20240501' } }),
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'hr.dates.time-part-refused',
    run: (api) => api.employee({ externalId: 'E-D', position: { externalId: 'POS-0001', startDate: '2024-05-01T09:00:00Z' } }),
    clean: 200,
    faulty: 400,
  },
  // --- employee ---
  {
    fault: 'hr.employee.first-name-without-last-500',
    run: async (api) => {
      ok(await api.employee({ externalId: 'E-N', firstName: 'A', lastName: 'B' }));
      return api.employee({ externalId: 'E-N', firstName: 'C' });
    },
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.employee.email-set-500',
    run: async (api) => {
      ok(await api.employee({ externalId: 'E-M', firstName: 'A' }));
      return api.employee({ externalId: 'E-M', email: 'a@example.com' });
    },
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.employee.phone-plus-500',
    run: (api) => api.employee({ externalId: 'E-P', mobilePhone: '+61 400 000 000' }),
    clean: 200,
    faulty: 500,
  },
  { fault: 'hr.employee.login-false-500', run: (api) => api.employee({ externalId: 'E-L', loginAccess: false }), clean: 200, faulty: 500 },
  {
    fault: 'hr.employee.archive-false-500',
    run: async (api) => {
      ok(await api.employee({ externalId: 'E-A', firstName: 'A' }));
      return api.employee({ externalId: 'E-A', archive: false });
    },
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.employee.location-without-country-500',
    run: (api) => api.employee({ externalId: 'E-LOC', location: { postCode: '2000', state: 'NSW' } }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.employee.position-without-start-500',
    run: (api) => api.employee({ externalId: 'E-POS', position: { externalId: 'POS-0001' } }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.employee.secondary-teams-without-primary-500',
    run: (api) => api.employee({ externalId: 'E-T', access: { secondaryTeamExternalIds: ['TEAM-2'] } }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.employee.ineligible-without-reason-500',
    run: (api) => api.employee({ externalId: 'E-I', ineligibleForPerformanceReview: { ineligibleForPerformance: true } }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.employee.succession-on-update-500',
    run: async (api) => {
      ok(await api.employee({ externalId: 'E-S', firstName: 'A' }));
      return api.employee({ externalId: 'E-S', succession: { employeeCritical: true } });
    },
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.employee.create-without-access-500',
    run: (api) => api.employee({ externalId: 'E-NA', firstName: 'A' }),
    clean: 200,
    faulty: 500,
  },
  { fault: 'hr.employee.create-refused-404', run: (api) => api.employee({ externalId: 'E-NEW', firstName: 'A' }), clean: 200, faulty: 404 },
  {
    fault: 'hr.employee.archive-with-login-refused',
    run: async (api) => {
      ok(await api.employee({ externalId: 'E-LA', loginAccess: true }));
      return api.employee({ externalId: 'E-LA', archive: true });
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'hr.employee.reference-without-externalid-404',
    run: (api) => api.put(`/employee/${EMBEDDED.v3.employeeReferenceId}`, { externalId: 'E-REF' }),
    clean: 200,
    faulty: 404,
  },
  {
    fault: 'hr.employee.empty-array-refused',
    run: async (api) => {
      ok(await api.employee({ externalId: 'E-AR', access: { products: ['learning'] } }));
      return api.employee({ externalId: 'E-AR', access: { products: [] } });
    },
    clean: 200,
    faulty: 400,
  },
  // --- business units ---
  {
    fault: 'hr.bu.name-required-at-level1-only',
    run: async (api) => {
      ok(await api.unit(1, { externalId: 'P', name: 'Parent' }));
      return api.unit(2, { externalId: 'C', level1ExternalId: 'P' });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'hr.bu.archive-string-ignored',
    run: async (api) => {
      await chain(api, 2);
      return api.unit(1, { externalId: 'P', archive: 'true' });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'hr.bu.level2-null-parent-accepted',
    run: (api) => api.unit(2, { externalId: 'C', name: 'Child', level1ExternalId: null }),
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'hr.bu.level3-any-parent-accepted',
    run: async (api) => {
      ok(await api.unit(1, { externalId: 'P', name: 'Parent' }));
      return api.unit(3, { externalId: 'G', name: 'G', level1ExternalId: 'P' });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'hr.bu.level4-parent-looked-up-at-level2',
    run: async (api) => {
      await chain(api);
      return api.unit(4, { externalId: 'H', name: 'H', level3ExternalId: 'G' });
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'hr.bu.level2-referenced-archive-accepted',
    run: async (api) => {
      await chain(api);
      return api.unit(2, { externalId: 'C', archive: true });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'hr.bu.archive-refusal-empty',
    run: async (api) => {
      await chain(api, 2);
      return api.unit(1, { externalId: 'P', archive: true });
    },
    clean: message('cannot be archived'),
    faulty: (a) => assert.deepEqual([a.status, a.text], [400, '']),
  },
  {
    fault: 'hr.bu.update-requires-name',
    run: async (api) => {
      await chain(api, 2);
      return api.unit(2, { externalId: 'C', level1ExternalId: 'P' });
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'hr.bu.null-parent-kept',
    run: async (api) => {
      await chain(api, 2);
      ok(await api.unit(2, { externalId: 'C', level1ExternalId: null }));
      return api.unit(1, { externalId: 'P', archive: true });
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'hr.write.null-only-update-refused',
    run: async (api) => {
      ok(await api.employee({ externalId: 'E-NU', firstName: 'A', email: 'a@example.com' }));
      return api.employee({ externalId: 'E-NU', email: null });
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'hr.bu.missing-fields-no-message',
    run: (api) => api.unit(2, { externalId: 'C', name: 'Child' }),
    clean: message('level1ExternalId is required'),
    faulty: (a) => assert.deepEqual([a.status, a.json], [400, { errors: [] }]),
  },
  {
    fault: 'hr.bu.level4-route-missing',
    run: async (api) => {
      await chain(api);
      return api.unit(4, { externalId: 'H', name: 'H', level3ExternalId: 'G' });
    },
    clean: 200,
    faulty: 404,
  },
  // --- positions ---
  { fault: 'hr.position.externalid-from-name', run: (api) => api.position({ name: 'Analyst' }), clean: 400, faulty: 200 },
  { fault: 'hr.position.null-name-accepted', run: (api) => api.position({ externalId: 'POS-X', name: null }), clean: 400, faulty: 200 },
  {
    fault: 'hr.position.unknown-parent-500',
    run: (api) => api.position({ externalId: 'POS-X', name: 'X', parentPositionExternalId: 'POS-NOWHERE' }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.position.fractional-fte-500',
    run: (api) => api.position({ externalId: 'POS-X', name: 'X', fte: 0.5 }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.position.vacant-without-date-500',
    run: (api) => api.position({ externalId: 'POS-X', name: 'X', vacant: true }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.position.vacant-date-basic-500',
    run: (api) => api.position({ externalId: 'POS-X', name: 'X', vacantDate: '20240501' }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.position.partial-business-unit-500',
    run: (api) => api.position({ externalId: 'POS-X', name: 'X', businessUnit: { level1ExternalId: 'BU1-HQ' } }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.position.text-field-10-500',
    run: (api) => api.position({ externalId: 'POS-X', name: 'X', supplementary: { textField10: 'ten' } }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.position.generic-list-item-without-value-500',
    run: (api) => api.position({ externalId: 'POS-X', name: 'X', genericList: [{ genericListTypeExternalId: 'GLT-1' }] }),
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'hr.position.generic-list-null-refused',
    run: async (api) => {
      const list = [{ genericListTypeExternalId: 'GLT-1', genericListValueExternalId: 'GLV-1' }];
      ok(await api.position({ externalId: 'POS-X', name: 'X', genericList: list }));
      return api.position({ externalId: 'POS-X', genericList: null });
    },
    clean: 200,
    faulty: 400,
  },
  { fault: 'hr.position.business-unit-required', run: (api) => api.position({ externalId: 'POS-X', name: 'X' }), clean: 200, faulty: 400 },
  {
    fault: 'hr.position.archive-needs-name',
    run: async (api) => {
      ok(await api.position({ externalId: 'POS-X', name: 'X' }));
      return api.position({ externalId: 'POS-X', archive: true });
    },
    clean: 200,
    faulty: 400,
  },
  // --- learning activities ---
  {
    fault: 'learning.put.full-body-recreates',
    run: async (api) => {
      const first = await api.created('A-1', 'private');
      const again = await api.activity('A-1', newActivity('private', { title: 'Same activity, new title' }));
      return { ...again, json: { ...again.json, sameId: again.json.id === first.json.id } };
    },
    clean: (a) => assert.deepEqual([a.status, a.json.sameId], [200, true]),
    faulty: (a) => assert.deepEqual([a.status, a.json.sameId], [201, false]),
  },
  { fault: 'learning.keyed.digits-500', run: (api) => api.activity('20240501', newActivity('private')), clean: 201, faulty: 500 },

  {
    fault: 'learning.owner.defaults-to-provider',
    run: (api) => api.activity('A-1', { provider: { id: P_ID }, accessLevel: 'private', title: 'T' }),
    clean: 400,
    faulty: 201,
  },
  {
    fault: 'learning.access-level.defaults-to-private',
    run: (api) => api.activity('A-1', { provider: { id: P_ID }, owner: { id: O_ID }, title: 'T' }),
    clean: 400,
    faulty: 201,
  },
  {
    fault: 'learning.title.required-for-orgwide-only',
    run: (api) => api.activity('A-1', { provider: { id: P_ID }, owner: { id: O_ID }, accessLevel: 'private' }),
    clean: 400,
    faulty: 201,
  },
  {
    fault: 'learning.description.set-on-update-500',
    run: async (api) => {
      await api.created('A-1', 'private');
      return api.activity('A-1', { description: 'Now described' });
    },
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'learning.code.unchecked-on-update',
    run: async (api) => {
      await api.created('A-1', 'private');
      return api.activity('A-1', { code: 'C-1' });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'learning.content.weblink-orgwide-only',
    run: (api) => api.activity('A-1', newActivity('private', { content: { type: 'weblink' } })),
    clean: 201,
    faulty: message(LEARNING_MESSAGES.contentType),
  },
  {
    fault: 'learning.content.type-checked-on-create-only',
    run: async (api) => {
      await api.created('A-1', 'private', { content: { type: 'text', text: 'Read me' } });
      return api.activity('A-1', { content: { type: 'scormcourse' } });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'learning.duration.fraction-500',
    run: (api) => api.activity('A-1', newActivity('orgwide', { duration: { duration: 1.5, durationPeriod: 'minutes' } })),
    clean: 201,
    faulty: 500,
  },
  {
    fault: 'learning.costs.decimal-500',
    run: (api) => api.activity('A-1', newActivity('orgwide', { costs: { currency: { code: 'AUD' }, otherCost: 12.5 } })),
    clean: 201,
    faulty: 500,
  },
  {
    fault: 'learning.image.reused-key-500',
    run: async (api) => {
      await api.created('A-1', 'orgwide', { image: { tempKey: EMBEDDED.v3.learningImageTempKey } });
      return api.activity('A-2', newActivity('orgwide', { image: { tempKey: EMBEDDED.v3.learningImageTempKey } }));
    },
    clean: 201,
    faulty: 500,
  },
  {
    fault: 'learning.image.checked-on-create-only',
    run: async (api) => {
      await api.created('A-1', 'orgwide');
      return api.activity('A-1', { image: { tempKey: 'tmp-image-never-uploaded' } });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'learning.is-archived-false-500',
    run: async (api) => {
      await api.created('A-1', 'private');
      return api.activity('A-1', { isArchived: false });
    },
    clean: 200,
    faulty: 500,
  },
  {
    fault: 'learning.aggregate-id.reissued-when-resent',
    run: async (api) => {
      const aggregateId = (await api.created('A-1', 'private')).json.aggregateId;
      ok(await api.activity('A-1', { aggregateId, title: 'Second' }));
      return api.activity('A-1', { aggregateId, title: 'Third' });
    },
    clean: 200,
    faulty: message(LEARNING_MESSAGES.aggregateId),
  },
  {
    fault: 'learning.aggregate-id.unchecked-on-archive',
    run: async (api) => {
      await api.created('A-1', 'orgwide');
      return api.activity('A-1', { isArchived: true, aggregateId: 'another-aggregate' });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'learning.limited-set.code-500',
    run: (api) => api.activity('A-1', newActivity('public', { code: 'C-1' })),
    clean: message(LEARNING_MESSAGES.fieldForAccessLevel),
    faulty: 500,
  },
  {
    fault: 'learning.archive.private-refused',
    run: async (api) => {
      await api.created('A-1', 'private');
      return api.activity('A-1', { isArchived: true });
    },
    clean: 200,
    faulty: message(LEARNING_MESSAGES.fieldForAccessLevel),
  },
  {
    fault: 'learning.access.orgwide-to-public-allowed',
    run: async (api) => {
      await api.created('A-1', 'orgwide');
      return api.activity('A-1', { accessLevel: 'public' });
    },
    clean: message(LEARNING_MESSAGES.fromOrgwide),
    faulty: 200,
  },
  {
    fault: 'learning.access.public-to-orgwide-allowed',
    run: async (api) => {
      await api.created('A-1', 'public');
      return api.activity('A-1', { accessLevel: 'orgwide' });
    },
    clean: message(LEARNING_MESSAGES.toOrgwide),
    faulty: 200,
  },
  {
    fault: 'learning.access.refused-change-stored',
    run: async (api) => {
      await api.created('A-1', 'orgwide');
      const refused = await api.activity('A-1', { accessLevel: 'private' });
      assert.equal(refused.status, 400, 'the change itself is refused either way');
      return api.activity('A-1', { accessLevel: 'orgwide', title: 'Still orgwide' });
    },
    clean: 200,
    faulty: message(LEARNING_MESSAGES.toOrgwide),
  },
  {
    fault: 'learning.msg.from-orgwide-says-to',
    run: async (api) => {
      await api.created('A-1', 'orgwide');
      return api.activity('A-1', { accessLevel: 'private' });
    },
    clean: message(LEARNING_MESSAGES.fromOrgwide),
    faulty: (a) => {
      message(LEARNING_MESSAGES.toOrgwide)(a);
      lacks(LEARNING_MESSAGES.fromOrgwide)(a);
    },
  },

  {
    fault: 'learning.costs.only-attendence-checked',
    run: (api) => api.activity('A-1', newActivity('orgwide', { costs: { otherCost: 5 } })),
    clean: message(LEARNING_MESSAGES.costWithoutCurrency),
    faulty: 201,
  },
  {
    fault: 'learning.msg.cost-typo-on-update',
    run: async (api) => {
      await api.created('A-1', 'private');
      return api.activity('A-1', { costs: { otherCost: 1 } });
    },
    clean: message(LEARNING_MESSAGES.costWithoutCurrency),
    faulty: (a) => {
      message('If cost is supplied then currency code also need to be supplied')(a);
      lacks(LEARNING_MESSAGES.costWithoutCurrency)(a);
    },
  },
  {
    fault: 'learning.msg.code-says-content-type',
    run: (api) => api.activity('A-1', newActivity('public', { code: 'C-1' })),
    clean: message(LEARNING_MESSAGES.fieldForAccessLevel),
    faulty: (a) => {
      message(LEARNING_MESSAGES.contentType)(a);
      lacks(LEARNING_MESSAGES.fieldForAccessLevel)(a);
    },
  },
  {
    fault: 'learning.update.requires-title',
    run: async (api) => {
      await api.created('A-1', 'private');
      return api.activity('A-1', { description: 'Only this changes' });
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'learning.update.nested-null-ignored',
    run: async (api) => {
      await api.created('A-1', 'orgwide', { costs: { currency: { code: 'AUD' }, otherCost: 5 } });
      ok(await api.activity('A-1', { costs: { currency: null, otherCost: null } }));
      return api.activity('A-1', { costs: { otherCost: 3 } });
    },
    clean: message(LEARNING_MESSAGES.costWithoutCurrency),
    faulty: 200,
  },
  {
    fault: 'learning.update.trailing-slash-creates',
    run: async (api) => {
      await api.created('A-1', 'private');
      return api.activity('A-1', { title: 'Renamed' }, true);
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'learning.create.url-missing-for-private',
    run: (api) => api.activity('A-1', newActivity('private')),
    clean: (a) => assert.equal(typeof a.json.url, 'string'),
    faulty: (a) => assert.deepEqual([a.status, 'url' in a.json, typeof a.json.aggregateId], [201, false, 'string']),
  },
  {
    fault: 'learning.type-error-500',
    run: (api) => api.activity('A-1', newActivity('private', { title: 123 })),
    clean: 400,
    faulty: 500,
  },
  {
    fault: 'learning.create.body-labelled-html',
    run: (api) => api.activity('A-1', newActivity('private')),
    clean: (a) => assert.match(a.type, /^application\/json/),
    faulty: (a) => assert.deepEqual([a.status, a.type.split(';')[0], typeof a.json.id], [201, 'text/html', 'number']),
  },
  // --- added with "the answer refuses, with a message" ---
  {
    fault: 'hr.position.business-unit-required-in-body',
    run: (api) => api.position({ externalId: 'POS-BU', name: 'No unit' }),
    clean: (a) => assert.deepEqual([a.status, a.json.status], [200, 'created']),
    faulty: (a) => assert.deepEqual([a.status, a.json.success], [200, false]),
  },
  {
    fault: 'hr.auth.body-checked-before-token',
    run: (api) => api.putWithoutToken('/hrcore/employee', {}),
    clean: 401,
    faulty: 400,
  },
  {
    fault: 'learning.auth.body-checked-before-token',
    run: (api) => api.putWithoutToken('/learning/activities/externalId/A-NT', {}),
    clean: 401,
    faulty: 400,
  },
  {
    fault: 'learning.aggregate-id.resent-refused',
    run: async (api) => {
      const created = await api.created('A-AG', 'orgwide');
      return api.activity('A-AG', { aggregateId: created.json.aggregateId, title: 'Same id' });
    },
    clean: 200,
    faulty: message(LEARNING_MESSAGES.aggregateId),
  },
  // --- added with "exactly the lawful readings": what makes a body a validation message (D68) ---
  {
    fault: 'hr.write.error-generic-spring',
    run: (api) => api.position({ externalId: 'POS-NN', fte: 1 }),
    clean: message('name is required'),
    faulty: (a) => assert.deepEqual([a.status, a.json.error, 'message' in a.json, 'errors' in a.json], [400, 'Bad Request', false, false]),
  },
  {
    fault: 'hr.write.error-problem-title-only',
    run: (api) => api.position({ externalId: 'POS-NN', fte: 1 }),
    clean: message('name is required'),
    faulty: (a) =>
      assert.deepEqual(
        [a.status, a.type.split(';')[0], a.json.title, 'detail' in a.json],
        [400, 'application/problem+json', 'Bad Request', false],
      ),
  },
  {
    fault: 'hr.write.error-status-text',
    run: (api) => api.position({ externalId: 'POS-NN', fte: 1 }),
    clean: message('name is required'),
    faulty: (a) => assert.deepEqual([a.status, a.text], [400, '400 Bad Request\n']),
  },
  {
    fault: 'learning.validation.required-generic-envelope',
    run: (api) => api.activity('A-NT', { provider: { id: P_ID }, owner: { id: O_ID }, accessLevel: 'private' }),
    clean: message('title is required'),
    faulty: (a) => assert.deepEqual([a.status, a.json.errors, a.text.includes('title is required')], [400, {}, false]),
  },
  {
    fault: 'hr.bu.archive-refusal-reason-phrase',
    run: async (api) => {
      await chain(api, 2);
      return api.unit(1, { externalId: 'P', archive: true });
    },
    clean: message('cannot be archived'),
    faulty: (a) => assert.deepEqual([a.status, a.json], [409, { status: 409, error: 'Conflict' }]),
  },
  // --- a refused write leaves nothing behind (D69) ---
  {
    fault: 'hr.bu.refused-create-stored',
    run: async (api) => {
      assert.equal((await api.unit(1, { externalId: 'BU-NN', archive: false })).status, 400);
      return api.unit(1, { externalId: 'BU-NN', archive: false });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'hr.position.refused-create-stored',
    run: async (api) => {
      assert.equal((await api.position({ externalId: 'POS-NN', fte: 1 })).status, 400);
      return api.position({ externalId: 'POS-NN', fte: 1 });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'hr.auth.refused-write-stored',
    run: async (api) => {
      assert.equal((await api.putWithoutToken('/hrcore/position', { externalId: 'POS-NT', name: 'No token' })).status, 401);
      return api.position({ externalId: 'POS-NT', fte: 1 });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'hr.employee.refused-write-stored',
    run: async (api) => {
      assert.equal((await api.putWithoutToken('/hrcore/employee', { externalId: 'EMP-NT', firstName: 'No token' })).status, 401);
      return api.employee({ externalId: 'EMP-NT' });
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'learning.refused-create-stored',
    run: async (api) => {
      assert.equal((await api.activity('A-NN', { provider: { id: P_ID }, owner: { id: O_ID }, accessLevel: 'private' })).status, 400);
      return api.activity('A-NN', { title: 'Written again' });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'learning.auth.refused-write-stored',
    run: async (api) => {
      assert.equal((await api.putWithoutToken('/learning/activities/externalId/A-NT', newActivity('private'))).status, 401);
      return api.activity('A-NT', { title: 'Written again' });
    },
    clean: 400,
    faulty: 200,
  },
  // --- the v3 decisions as readings: what neither reading holds ---
  {
    fault: 'hr.bu.update-without-parent-no-message',
    run: async (api) => {
      await chain(api, 2);
      return api.unit(2, { externalId: 'C', name: 'Renamed' });
    },
    clean: 200,
    faulty: (a) => assert.deepEqual([a.status, a.text], [400, '']),
  },
  {
    fault: 'hr.bu.archive-string-refused-bare',
    run: async (api) => {
      ok(await api.unit(1, { externalId: 'S', name: 'String archive' }));
      return api.unit(1, { externalId: 'S', archive: 'true' });
    },
    clean: 200,
    faulty: (a) => assert.deepEqual([a.status, a.text], [400, '']),
  },
  {
    fault: 'hr.bu.archive-after-children-no-message',
    run: async (api) => {
      await chain(api, 2);
      ok(await api.unit(2, { externalId: 'C', level1ExternalId: 'P', archive: true }));
      return api.unit(1, { externalId: 'P', archive: true });
    },
    clean: 200,
    faulty: (a) => assert.deepEqual([a.status, a.text], [400, '']),
  },
  {
    fault: 'hr.write.type-error-500',
    run: (api) => api.employee({ externalId: 'EMP-T', loginAccess: 'yes' }),
    clean: 400,
    faulty: 500,
  },
  {
    fault: 'hr.position.refused-in-envelope',
    run: (api) => api.position({ externalId: 'POS-ENV', name: 'No unit' }),
    clean: (a) => assert.deepEqual([a.status, a.json.status], [200, 'created']),
    faulty: (a) => assert.deepEqual([a.status, Array.isArray((a.json.result as Record<string, unknown> | undefined)?.errors)], [200, true]),
  },
  {
    fault: 'learning.ids.unissued-refused-bare',
    run: (api) => api.activity('A-UN', newActivity('private', { owner: { id: O_ID + 1 } })),
    clean: message('is not the id issued at registration'),
    faulty: (a) => assert.deepEqual([a.status, a.text], [400, '']),
  },
  {
    fault: 'learning.access.public-private-refused-bare',
    run: async (api) => {
      await api.created('A-PP', 'public');
      return api.activity('A-PP', { accessLevel: 'private' });
    },
    clean: 200,
    faulty: (a) => assert.deepEqual([a.status, a.text], [400, '']),
  },
  {
    fault: 'learning.costs.nulled-refused-bare',
    run: async (api) => {
      await api.created('A-CN', 'orgwide', { costs: { currency: { code: 'AUD' }, attendenceCost: 25 } });
      return api.activity('A-CN', { costs: { attendenceCost: null } });
    },
    clean: message(LEARNING_MESSAGES.currencyWithoutCost),
    faulty: (a) => assert.deepEqual([a.status, a.text], [400, '']),
  },
  // --- the red team's (redv3) ---
  { fault: 'hr.token.secret-omitted-accepted', run: (api) => api.token({ withoutSecret: true }), clean: 401, faulty: 200 },
  {
    fault: 'hr.token.secret-case-insensitive',
    run: (api) => api.token({ secret: EMBEDDED.v3.clientSecret.toUpperCase() }),
    clean: 401,
    faulty: 200,
  },
  {
    fault: 'hr.token.jwt-parts-not-json',
    run: (api) => api.token(),
    clean: (a) => assert.equal(joseHeader(a).alg, 'HS256'),
    faulty: (a) => {
      assert.equal(String(a.json.access_token).split('.').length, 3);
      assert.throws(() => joseHeader(a));
    },
  },
  {
    fault: 'hr.token.nbf-after-issue',
    run: (api) => api.token(),
    clean: (a) => assert.equal(claims(a).nbf, claims(a).iat),
    faulty: (a) => assert.equal(claims(a).nbf, claims(a).iat! + 240),
  },
  {
    fault: 'hr.token.iat-in-milliseconds',
    run: (api) => api.token(),
    clean: (a) => assert.equal(claims(a).exp! - claims(a).iat!, 300),
    faulty: (a) => assert.equal(claims(a).iat, (claims(a).exp! - 300) * 1000),
  },
  {
    fault: 'hr.token.error-description-newline',
    run: (api) => api.token({ secret: 'wrong' }),
    clean: (a) => assert.doesNotMatch(String(a.json.error_description), /[\r\n]/),
    faulty: (a) => assert.match(String(a.json.error_description), /\r\nTrace ID: /),
  },
  {
    fault: 'hr.token.scope-stated-not-granted',
    run: (api) => api.token(),
    clean: (a) => assert.equal(claims(a).scope as unknown, HR_SCOPE),
    faulty: (a) => assert.deepEqual([a.json.scope, claims(a).scope as unknown], [HR_SCOPE, `${HR_SCOPE} Public.HrCore.Admin`]),
  },
  // --- the standards' clauses no fault broke before (RFC 6749 §3.3, §5.2; RFC 6750 §3; RFC 7519 §4.1) ---
  {
    fault: 'hr.token.unknown-scope-access-denied',
    run: (api) => api.token({ scope: `${HR_SCOPE} Not.A.Scope` }),
    clean: (a) => assert.notEqual(a.json.error, 'access_denied', a.text),
    faulty: (a) => assert.deepEqual([a.status, a.json.error], [403, 'access_denied']),
  },
  {
    fault: 'hr.token.grant-refused-401',
    run: (api) => api.token({ grant: 'password' }),
    clean: (a) => assert.deepEqual([a.status, a.json.error], [400, 'unsupported_grant_type']),
    faulty: (a) => assert.deepEqual([a.status, a.json.error], [401, 'unsupported_grant_type']),
  },
  {
    fault: 'hr.token.unsupported-grant-invalid-request',
    run: (api) => api.token({ grant: 'password' }),
    clean: (a) => assert.deepEqual([a.status, a.json.error], [400, 'unsupported_grant_type']),
    faulty: (a) => assert.deepEqual([a.status, a.json.error], [400, 'invalid_request']),
  },
  {
    fault: 'hr.token.error-form-encoded',
    run: (api) => api.token({ secret: 'wrong' }),
    clean: (a) => assert.deepEqual([a.type.split(';')[0], a.json.error], ['application/json', 'invalid_client']),
    faulty: (a) =>
      assert.deepEqual(
        [a.type.split(';')[0], new URLSearchParams(a.text).get('error')],
        ['application/x-www-form-urlencoded', 'invalid_client'],
      ),
  },
  {
    fault: 'hr.token.basic-refused-bearer-challenge',
    run: (api) => api.token({ basic: true, secret: 'wrong' }),
    clean: (a) => assert.deepEqual([a.status, a.challenge.split(' ')[0]], [401, 'Basic']),
    faulty: (a) => assert.deepEqual([a.status, a.challenge.split(' ')[0]], [401, 'Bearer']),
  },
  {
    fault: 'hr.token.api-challenge-oauth-scheme',
    run: (api) => api.putWithoutToken('/hrcore/employee', { externalId: 'E-CH' }),
    clean: (a) => assert.deepEqual([a.status, a.challenge.split(' ')[0]], [401, 'Bearer']),
    faulty: (a) => assert.deepEqual([a.status, a.challenge.split(' ')[0]], [401, 'OAuth']),
  },
  {
    fault: 'hr.token.exp-string',
    run: (api) => api.token(),
    clean: (a) => assert.equal(typeof claims(a).exp, 'number'),
    faulty: (a) => assert.equal(typeof claims(a).exp, 'string'),
  },
  {
    fault: 'hr.token.nbf-iso-date',
    run: (api) => api.token(),
    clean: (a) => assert.equal(typeof claims(a).nbf, 'number'),
    faulty: (a) => assert.match(String(claims(a).nbf), /^\d{4}-\d{2}-\d{2}T/),
  },
  {
    fault: 'hr.token.iat-iso-date',
    run: (api) => api.token(),
    clean: (a) => assert.equal(typeof claims(a).iat, 'number'),
    faulty: (a) => assert.match(String(claims(a).iat), /^\d{4}-\d{2}-\d{2}T/),
  },
  {
    fault: 'hr.employee.collection-null-refused',
    run: async (api) => {
      ok(await api.employee({ externalId: 'E-CN', firstName: 'A' }));
      return api.employee({ externalId: 'E-CN', access: { secondaryTeamExternalIds: null } });
    },
    clean: 200,
    faulty: 400,
  },
  {
    fault: 'hr.write.error-body-required-generic',
    run: (api) => api.position({ name: 'No id' }),
    clean: message('externalId'),
    faulty: (a) => assert.deepEqual([a.status, a.text.includes('A non-empty request body is required.')], [400, true]),
  },
  {
    fault: 'hr.position.refused-200-code',
    run: (api) => api.position({ externalId: 'POS-C', name: 'C' }),
    clean: (a) => assert.deepEqual([a.status, a.json.code], [200, undefined]),
    faulty: (a) => assert.deepEqual([a.status, a.json.code], [200, 400]),
  },
  {
    fault: 'hr.bu.parent-change-ignored',
    run: async (api) => {
      await chain(api, 2);
      ok(await api.unit(1, { externalId: 'Q', name: 'Other parent' }));
      ok(await api.unit(2, { externalId: 'C', level1ExternalId: 'Q' }));
      return api.unit(1, { externalId: 'Q', archive: true });
    },
    clean: 400,
    faulty: 200,
  },
  {
    fault: 'learning.costs.refused-update-stored',
    run: async (api) => {
      await api.created('A-RS', 'orgwide');
      message(LEARNING_MESSAGES.costWithoutCurrency)(await api.activity('A-RS', { costs: { attendenceCost: 25 } }));
      return api.activity('A-RS', { costs: { currency: { code: 'AUD' } } });
    },
    clean: message(LEARNING_MESSAGES.currencyWithoutCost),
    faulty: 200,
  },
  {
    fault: 'learning.access.change-on-archive-allowed',
    run: async (api) => {
      await api.created('A-AR', 'orgwide');
      return api.activity('A-AR', { isArchived: true, accessLevel: 'private' });
    },
    clean: message(LEARNING_MESSAGES.fromOrgwide),
    faulty: 200,
  },
  {
    fault: 'learning.costs.currency-object-taken',
    run: (api) => api.activity('A-CO', newActivity('orgwide', { costs: { attendenceCost: 25, currency: {} } })),
    clean: message(LEARNING_MESSAGES.costWithoutCurrency),
    faulty: 201,
  },
];

async function observe(faults: string[], probe: Probe): Promise<Answer> {
  const server = await startReferenceServer({ behaviour: new Behaviour(faults) });
  try {
    return await probe.run(new Api(embeddedUrls(server.port)));
  } finally {
    await server.close();
  }
}

function expect(what: Expect, a: Answer, label: string): void {
  if (typeof what === 'number') assert.equal(a.status, what, `${label}: ${a.status} ${a.text}`);
  else what(a);
}

/** The faults of the blind block: from its first entry to the end of the list (the faults added after it included). */
const BLIND = V3_FAULTS.slice(V3_FAULTS.findIndex((f) => f.name === 'hr.token.exp-in-milliseconds')).map((f) => f.name);

void test('every fault of the blind block has exactly one probe', () => {
  assert.ok(BLIND.length >= 40, `${BLIND.length} faults`);
  assert.deepEqual([...PROBES.map((p) => p.fault)].sort(), [...BLIND].sort());
});

for (const probe of PROBES) {
  void test(`${probe.fault}: the answer differs as described`, async () => {
    expect(probe.clean, await observe([], probe), 'without the fault');
    expect(probe.faulty, await observe([probe.fault], probe), 'with the fault');
  });
}
