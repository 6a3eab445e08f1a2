/**
 * The OpenAPI 3.1 exports: each is a valid OpenAPI document, every $ref resolves inside it, it carries
 * every catalogue operation, and the committed files under schemas/openapi/ equal a fresh export.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { APIS, operationsOf } from '../../contract/catalogue/index';
import { buildOpenApi, openApiFile, renderOpenApi } from '../../contract/openapi/export';
import { validateAgainst } from '../../contract/schemas/registry';

type Json = Record<string, unknown>;
const root = join(__dirname, '../../');

function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refsOf(item, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsOf(value, found);
    }
  }
  return found;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, segment) => {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      return typeof node === 'object' && node !== null ? (node as Json)[key] : undefined;
    }, doc);
}

for (const api of APIS) {
  void test(`${api}: the export is a valid OpenAPI 3.1 document`, async () => {
    const validator = new Validator();
    const result = await validator.validate(buildOpenApi(api));
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(validator.version, '3.1');
  });

  void test(`${api}: every $ref resolves inside the document`, () => {
    const doc = buildOpenApi(api);
    for (const ref of refsOf(doc)) {
      assert.match(ref, /^#\/components\/schemas\//);
      assert.notEqual(resolvePointer(doc, ref), undefined, ref);
    }
  });

  void test(`${api}: every catalogue operation and status is exported`, () => {
    const paths = buildOpenApi(api).paths as Record<string, Record<string, { operationId: string; responses: Json }>>;
    for (const op of operationsOf(api)) {
      const exported = paths[op.path]?.[op.method.toLowerCase()];
      assert.equal(exported?.operationId, op.id);
      assert.deepEqual(Object.keys(exported.responses).sort(), op.responses.map((r) => r.status.replace(/xx$/, 'XX')).sort());
    }
  });

  void test(`${api}: the committed ${openApiFile(api)} equals a fresh export (run npm run openapi)`, () => {
    assert.equal(readFileSync(root + openApiFile(api), 'utf8'), renderOpenApi(api));
  });
}

void test('servers and security follow 000 §1/§5 and 001 §1/§5', () => {
  const rm = buildOpenApi('rm') as {
    servers: { url: string; variables: Record<string, { default: string }> }[];
    components: { securitySchemes: Json };
  };
  assert.equal(rm.servers[0]?.url, '{base_url}');
  assert.match(rm.servers[0]?.variables.base_url?.default ?? '', /\/v2$/);
  assert.deepEqual(rm.components.securitySchemes.HMAC, { ...(rm.components.securitySchemes.HMAC as Json), type: 'http', scheme: 'basic' });
  const hr = buildOpenApi('hr') as {
    servers: { url: string }[];
    components: { securitySchemes: { oauth2: { flows: { clientCredentials: { scopes: Json } } } } };
  };
  assert.equal(hr.servers[0]?.url, 'https://{environment}.{data_centre_id}.{host}/v3/{tenant_id}');
  assert.ok('Public.HrCore.Write' in hr.components.securitySchemes.oauth2.flows.clientCredentials.scopes);
});

/** The bundled component schemas judge as the registry does (the $ref rewriting keeps their meaning). */
void test('bundled component schemas agree with the registry', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const api of APIS) ajv.addSchema({ ...buildOpenApi(api), $id: `urn:openapi:${api}` });
  const dt = { utc: '2024-01-01T00:00:00Z', epoch: 1704067200 };
  const candidate = {
    id: 'c',
    type: 'candidates',
    attributes: { created_at: dt, interaction_score: 0.5 },
    relationships: { notes: { data: [] } },
  };
  const cases: [string, string, unknown][] = [
    ['rm', 'candidates-list', { data: [candidate], meta: { next_cursor: null } }],
    ['rm', 'candidates-list', { data: [{ ...candidate, attributes: { interaction_score: 2 } }] }],
    ['rm', 'candidates-list', { data: [], included: [{ ...candidate, attributes: { created_at: { utc: 'x' } } }] }],
    ['rm', 'relationship', { data: [{ id: 1 }] }],
    ['hr', 'business-unit-level2-create', { externalId: 'b', name: 'n' }],
    ['hr', 'position', { externalId: 'p', supplementary: { dateField1: '20240101' } }],
    ['learning', 'activity-write.request', { accessLevel: 'private', content: { type: 'scormcourse' } }],
    ['learning', 'activity-update', { title: null, costs: { otherCost: 1 } }],
  ];
  for (const [api, name, value] of cases) {
    const bundled = ajv.getSchema(`urn:openapi:${api}#/components/schemas/${name}`);
    assert.ok(bundled, `${api} ${name}`);
    assert.equal(bundled(value), validateAgainst(`${api}/${name}.json`, value).valid, `${api} ${name} ${JSON.stringify(value)}`);
  }
});
