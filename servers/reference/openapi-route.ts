/**
 * The sandbox's OpenAPI documents: `GET /openapi` lists them, `GET /openapi/<api>.json` serves the
 * OpenAPI 3.1 export of one API (contract/openapi/export.ts, the same function as `npm run openapi`),
 * built in memory at start-up with `servers` (and the OAuth token URL) pointing at this server, so a
 * client developer can load the sandbox into Postman or Swagger UI. The suite never calls these paths.
 */
import { APIS } from '../../contract/catalogue/index';
import type { ApiName } from '../../contract/catalogue/types';
import { embeddedUrls } from '../../contract/identity/embedded';
import { buildOpenApi } from '../../contract/openapi/export';
import type { ExtraRoute } from './server';

type Json = Record<string, unknown>;

/** Where the listing lives; each document is at `${OPENAPI_PATH}/<api>.json`. */
export const OPENAPI_PATH = '/openapi';

export const openApiPath = (api: ApiName): string => `${OPENAPI_PATH}/${api}.json`;

/** The export of one API with `servers` (and the OAuth token URL) set to the server listening on `port`. */
export function sandboxOpenApi(api: ApiName, port: number): Json {
  const urls = embeddedUrls(port);
  const doc = buildOpenApi(api);
  const base = api === 'rm' ? urls.rm : urls.hr;
  doc.servers = [{ url: base, description: 'the local sandbox (npm run reference)' }];
  type OAuth = { description?: string; flows?: { clientCredentials?: { tokenUrl?: string } } };
  const oauth2 = (doc.components as { securitySchemes?: Record<string, OAuth> } | undefined)?.securitySchemes?.oauth2;
  if (oauth2?.flows?.clientCredentials) {
    oauth2.flows.clientCredentials.tokenUrl = urls.token;
    oauth2.description = "OAuth 2.0 client credentials; tokens live 300 seconds (001 §5). tokenUrl: the sandbox's token endpoint.";
  }
  return doc;
}

/** The route serving every export for the server listening on `port` (documents built once, here). */
export function openApiRoute(port: number): ExtraRoute {
  const origin = embeddedUrls(port).origin;
  const documents = new Map<string, string>();
  const listing: Json[] = [];
  for (const api of APIS) {
    const doc = sandboxOpenApi(api, port);
    const info = doc.info as { title: string; version: string };
    documents.set(openApiPath(api), `${JSON.stringify(doc, null, 2)}\n`);
    listing.push({ api, title: info.title, version: info.version, url: `${origin}${openApiPath(api)}`, servers: doc.servers });
  }
  documents.set(OPENAPI_PATH, `${JSON.stringify({ documents: listing }, null, 2)}\n`);

  return (req, res, url) => {
    const path = url.pathname.replace(/\/$/, '') || '/';
    const body = documents.get(path);
    if (body === undefined) return false;
    // Browser tools (Swagger UI, Postman's web app) fetch the document from another origin: the server
    // sends the CORS headers and answers preflights for every path (cors.ts).
    const headers = { 'cache-control': 'no-store' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...headers, allow: 'GET, HEAD, OPTIONS' }).end();
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD, OPTIONS' }).end();
    } else {
      res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    }
    return true;
  };
}
