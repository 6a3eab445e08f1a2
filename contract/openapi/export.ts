/**
 * OpenAPI 3.1 export of one API, built from the catalogue and the schema registry (nothing repeated
 * by hand). The registry's schemas are bundled into components.schemas under their file names, with
 * every `$ref` rewritten to `#/components/schemas/<name>[/<pointer>]`.
 */
import { catalogueFile, operationsOf } from '../catalogue/index';
import type { ApiName, OperationSpec, ParameterSpec, ResponseSpec } from '../catalogue/types';
import { getSchema, SCHEMA_BASE, schemaIds } from '../schemas/registry';
import { HR_WRITE_SCOPE } from '../terms';

type Json = Record<string, unknown>;

/** Base addresses as the documents write them (000 §1, 001 §1); hosts are not shown, so defaults are placeholders. */
function servers(api: ApiName): Json[] {
  if (api === 'rm') {
    return [
      {
        url: '{base_url}',
        description: 'The base address of the region (US, EU, AU) that holds the account; it ends with /v2 (000 §1, §9).',
        variables: {
          base_url: {
            default: 'https://rm.example.invalid/v2',
            description: 'regional base address ending with /v2 (not shown in the document)',
          },
        },
      },
    ];
  }
  return [
    {
      url: 'https://{environment}.{data_centre_id}.{host}/v3/{tenant_id}',
      description: 'Base address of 001 §1.',
      variables: {
        environment: { default: 'apiuat', enum: ['api', 'apiuat'], description: 'api: production; apiuat: development or testing' },
        data_centre_id: { default: 'dc3', enum: ['dc2', 'dc3', 'dc4', 'dc5'], description: 'dc2 AUS, dc3 UK / EMEA, dc4 US, dc5 SEA' },
        host: { default: 'example.invalid', description: 'host name (not shown in the document)' },
        tenant_id: { default: 'tenant', description: "the organisation's tenant identifier" },
      },
    },
  ];
}

function securitySchemes(api: ApiName): Json {
  if (api === 'rm') {
    return {
      HMAC: {
        type: 'http',
        scheme: 'basic',
        description:
          'HTTP basic declared under the name HMAC: API key as user name, API secret as password; x-hmac-date (or date) header. Signature computation not shown (000 §5).',
      },
    };
  }
  return {
    oauth2: {
      type: 'oauth2',
      description:
        'OAuth 2.0 client credentials; tokens live 300 seconds (001 §5). The address of the token service is not shown: tokenUrl is a placeholder.',
      flows: {
        clientCredentials: {
          tokenUrl: 'https://token.example.invalid/oauth2/token',
          scopes: { [HR_WRITE_SCOPE]: 'write HR core records (001 §5.2)' },
        },
      },
    },
  };
}

function security(api: ApiName): Json[] {
  if (api === 'rm') return [{ HMAC: [] }];
  // 001 §5.5: the scope required for learning operations is not shown.
  return [{ oauth2: api === 'hr' ? [HR_WRITE_SCOPE] : [] }];
}

const componentName = (schemaId: string): string => schemaId.slice(schemaId.lastIndexOf('/') + 1).replace(/\.json$/, '');

/** Schemas of one API, keyed by absolute $id. */
function apiSchemaIds(api: ApiName): string[] {
  return schemaIds().filter((id) => id.startsWith(`${SCHEMA_BASE}${api}/`));
}

const ANNOTATIONS = new Set(['$ref', 'x-clause', 'x-decision', 'description', 'title']);

/**
 * Copies a schema, resolving every `$ref` against `baseId` and pointing it into components.schemas.
 * A `$ref` with sibling keywords becomes `allOf: [{$ref}]` beside them: the same meaning in 2020-12,
 * and OpenAPI tools that replace a `$ref` object by its target (the validator among them) keep the
 * siblings.
 */
function rewriteRefs(node: unknown, baseId: string, bundled: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, baseId, bundled));
  if (typeof node !== 'object' || node === null) return node;
  const keys = Object.keys(node);
  if ('$ref' in node && keys.some((key) => !ANNOTATIONS.has(key))) {
    const { $ref, allOf, ...siblings } = node as Json;
    return rewriteRefs({ ...siblings, allOf: [{ $ref }, ...(Array.isArray(allOf) ? allOf : [])] }, baseId, bundled);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue; // an $id would re-base the rewritten refs
    if (key === '$ref' && typeof value === 'string') {
      const url = new URL(value, baseId);
      const pointer = url.hash.replace(/^#/, '');
      url.hash = '';
      if (!bundled.has(url.href)) throw new Error(`$ref "${value}" in ${baseId} points outside the bundle`);
      out.$ref = `#/components/schemas/${componentName(url.href)}${pointer}`;
    } else {
      out[key] = rewriteRefs(value, baseId, bundled);
    }
  }
  return out;
}

function componentSchemas(api: ApiName): Json {
  const ids = apiSchemaIds(api);
  const bundled = new Set(ids);
  return Object.fromEntries(ids.map((id) => [componentName(id), rewriteRefs(getSchema(id), id, bundled)]));
}

const ref = (schemaId: string): Json => ({ $ref: `#/components/schemas/${componentName(schemaId)}` });

function parameter(p: ParameterSpec, where: 'path' | 'query', extra: Json = {}): Json {
  return {
    name: p.name,
    in: where,
    ...(where === 'path' ? { required: true } : {}),
    ...(p.description ? { description: p.description } : {}),
    schema: p.schema,
    'x-section': p.section,
    ...extra,
  };
}

function parameters(op: OperationSpec): Json[] {
  const query = op.query.flatMap((p): Json[] => {
    // The deep-object `filter` is exported as its documented keys (000 §4 Filters).
    if (p.name === 'filter' && op.filters.length > 0) {
      return op.filters.map((f) => parameter(f, 'query', { description: f.rule }));
    }
    // `include` is sent comma-separated (000 §4 Common query parameters).
    if (p.name === 'include') return [parameter(p, 'query', { style: 'form', explode: false })];
    if (p.name === 'filter') return [parameter(p, 'query', { style: 'deepObject', explode: true })];
    return [parameter(p, 'query')];
  });
  return [...op.pathParams.map((p) => parameter(p, 'path')), ...query];
}

/** "2xx" / "4xx" are OpenAPI's range keys "2XX" / "4XX". */
const statusKey = (status: string): string => status.replace(/xx$/, 'XX');

function responses(op: OperationSpec, mediaType: string): Json {
  return Object.fromEntries(
    op.responses.map((r: ResponseSpec) => [
      statusKey(r.status),
      {
        description: r.description,
        ...(r.schema ? { content: { [mediaType]: { schema: ref(r.schema) } } } : {}),
        'x-section': r.section,
        'x-clause': r.clause,
      },
    ]),
  );
}

function operationObject(op: OperationSpec): Json {
  const mediaType = op.api === 'rm' ? 'application/vnd.api+json' : 'application/json';
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [op.resource],
    ...(parameters(op).length ? { parameters: parameters(op) } : {}),
    ...(op.requestBody
      ? {
          requestBody: {
            required: true,
            content: { [op.requestBody.contentType]: { schema: ref(op.requestBody.schema) } },
            'x-section': op.requestBody.section,
          },
        }
      : {}),
    responses: responses(op, mediaType),
    security: security(op.api),
    'x-section': op.section,
    'x-clause': op.clause,
    ...(op.include.length ? { 'x-include': op.include } : {}),
    ...(op.untestable?.length ? { 'x-untestable': op.untestable } : {}),
  };
}

/** The OpenAPI 3.1.0 document of one API. */
export function buildOpenApi(api: ApiName): Json {
  const file = catalogueFile(api);
  const paths: Record<string, Json> = {};
  for (const op of operationsOf(api)) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: file.title,
      version: file.version,
      description: `Exported from the conformance suite's catalogue; derived from the seed document ${file.seedFile}.`,
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: servers(api),
    security: security(api),
    tags: [...new Set(operationsOf(api).map((op) => op.resource))].map((name) => ({ name })),
    paths,
    components: { schemas: componentSchemas(api), securitySchemes: securitySchemes(api) },
  };
}

/** Where the committed export of one API lives, relative to the project root. */
export const openApiFile = (api: ApiName): string => `schemas/openapi/${api}.openapi.json`;

/** The export as committed: two-space JSON with a final newline. */
export function renderOpenApi(api: ApiName): string {
  return `${JSON.stringify(buildOpenApi(api), null, 2)}\n`;
}
