/**
 * `GET /` of the sandbox (`npm run reference`): what it serves, as JSON, or as a small HTML page when
 * the request prefers text/html (a browser): the APIs with their base URLs, titles and OpenAPI
 * documents, the `/openapi` listing, the OAuth token endpoint, and the variables that point the suite
 * or a client at it. The credentials' values are shown too: they are the sandbox's built-in public test
 * values (reference-data/identity.json, also printed by `npm run reference`), accepted by no other
 * server; a real target's secrets are never known to the sandbox. The suite never calls this path.
 */
import type { IncomingMessage } from 'node:http';
import { APIS, catalogueFile, operationsOf } from '../../contract/catalogue/index';
import type { ApiName } from '../../contract/catalogue/types';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import { OPENAPI_PATH, openApiPath } from './openapi-route';
import type { ExtraRoute } from './server';

export interface SandboxIndex {
  name: string;
  about: string;
  apis: { api: ApiName; title: string; baseUrl: string; operations: number; openapi: string; auth: string }[];
  openapi: string;
  token: string;
  /** Every variable a client or the suite needs, with the sandbox's value (public test values). */
  variables: Record<string, string>;
  /** The names of the credential variables, for a client that only wants to know what to set. */
  credentials: { rm: string[]; hr: string[] };
  cors: string;
}

export function sandboxIndex(port: number): SandboxIndex {
  const urls = embeddedUrls(port);
  const base = (api: ApiName): string => (api === 'rm' ? urls.rm : urls.hr);
  const auth = (api: ApiName): string =>
    api === 'rm'
      ? 'HTTP basic: RM_API_KEY as user, RM_API_SECRET as password, with an x-hmac-date header (000 §5)'
      : `OAuth 2.0 client credentials at ${urls.token} (HR_CLIENT_ID, HR_CLIENT_SECRET), then Authorization: Bearer <token> (001 §5)`;
  return {
    name: 'API conformance suite: the reference sandbox',
    about:
      'An in-memory, stateful implementation of both APIs for trying clients and the suite; its records reset when it restarts. Point the suite at it with the variables below (npm start), or load the OpenAPI documents into Postman or Swagger UI.',
    apis: APIS.map((api) => ({
      api,
      title: catalogueFile(api).title,
      baseUrl: base(api),
      operations: operationsOf(api).length,
      openapi: `${urls.origin}${openApiPath(api)}`,
      auth: auth(api),
    })),
    openapi: `${urls.origin}${OPENAPI_PATH}`,
    token: urls.token,
    variables: {
      RM_BASE_URL: urls.rm,
      RM_API_KEY: EMBEDDED.rm.apiKey,
      RM_API_SECRET: EMBEDDED.rm.apiSecret,
      HR_BASE_URL: urls.hr,
      HR_TOKEN_URL: urls.token,
      HR_CLIENT_ID: EMBEDDED.v3.clientId,
      HR_CLIENT_SECRET: EMBEDDED.v3.clientSecret,
      LEARNING_PROVIDER_ID: String(EMBEDDED.v3.learningProviderId),
      LEARNING_OWNER_ID: String(EMBEDDED.v3.learningOwnerId),
      LEARNING_IMAGE_TEMP_KEY: EMBEDDED.v3.learningImageTempKey,
    },
    credentials: { rm: ['RM_API_KEY', 'RM_API_SECRET'], hr: ['HR_CLIENT_ID', 'HR_CLIENT_SECRET'] },
    cors: 'Every answer allows any origin; preflights are answered on every path (servers/reference/cors.ts).',
  };
}

/** True when the Accept header ranks text/html above JSON (a browser's navigation), by q-value. */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (type === 'text/html' || type === 'application/xhtml+xml') html = Math.max(html, q);
    if (type === 'application/json' || type.endsWith('+json')) json = Math.max(json, q);
  }
  return html > 0 && html > json;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function sandboxIndexHtml(index: SandboxIndex): string {
  const link = (url: string): string => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const apis = index.apis
    .map(
      (a) =>
        `<tr><td>${escapeHtml(a.title)} (<code>${a.api}</code>)</td><td>${link(a.baseUrl)}</td><td>${a.operations}</td><td>${link(a.openapi)}</td><td>${escapeHtml(a.auth)}</td></tr>`,
    )
    .join('\n');
  const env = Object.entries(index.variables)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(index.name)}</title>
<style>body{font:15px/1.45 system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}pre{background:#f4f4f4;padding:.8rem}</style>
</head><body>
<h1>${escapeHtml(index.name)}</h1>
<p>${escapeHtml(index.about)}</p>
<table><tr><th>API</th><th>base URL</th><th>operations</th><th>OpenAPI 3.1</th><th>credentials</th></tr>
${apis}
</table>
<p>All OpenAPI documents: ${link(index.openapi)}. OAuth token endpoint: <code>${escapeHtml(index.token)}</code>.</p>
<p>The variables (the credentials are the sandbox's public test values, accepted by no other server):</p>
<pre>${escapeHtml(env)}</pre>
<p>${escapeHtml(index.cors)} The same as JSON: <code>curl ${escapeHtml(index.openapi.replace(/\/openapi$/, '/'))}</code></p>
</body></html>
`;
}

/** The route answering `GET /` (and HEAD) for the sandbox listening on `port`. */
export function sandboxIndexRoute(port: number): ExtraRoute {
  const index = sandboxIndex(port);
  const json = `${JSON.stringify(index, null, 2)}\n`;
  const html = sandboxIndexHtml(index);
  return (req: IncomingMessage, res, url) => {
    if (url.pathname !== '/' || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const asHtml = prefersHtml(req.headers.accept);
    const body = asHtml ? html : json;
    res.writeHead(200, {
      'content-type': asHtml ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      vary: 'Origin, Accept',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/** Several routes tried in order; the first that answers wins. */
export function firstOf(...routes: ExtraRoute[]): ExtraRoute {
  return (req, res, url) => routes.some((route) => route(req, res, url));
}
