// The node:http server: serves the operations of part 4 under /v2, checks credentials first (part 5: "Missing or invalid
// credentials give HTTP 401"), answers 404 for unknown paths and 405 for unknown methods, and writes every reply.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { type Credentials, authenticate } from './auth';
import { parseJsonBody, readBody } from './body';
import type { Choices } from './choices';
import type { Reply, RequestContext, Route } from './context';
import { HttpError, renderError } from './errors';
import { checkQuery, parseQuery } from './query';
import { matchRoute } from './router';
import { activityRoutes } from './routes/activity';
import { candidateRecordRoutes } from './routes/candidate-records';
import { candidateRoutes } from './routes/candidates';
import { catalogRoutes } from './routes/catalog';
import type { Store } from './store';

export const ROUTES: readonly Route[] = [...candidateRoutes, ...candidateRecordRoutes, ...activityRoutes, ...catalogRoutes];

export interface AppConfig {
  choices: Choices;
  store: Store;
  credentials: Credentials;
  cap: number;
  /** the base address ending with /v2, known once the server listens */
  baseUrl: () => string;
}

function segmentsOf(pathname: string): string[] | null {
  if (pathname !== '/v2' && !pathname.startsWith('/v2/')) return null;
  try {
    return pathname
      .slice(3)
      .split('/')
      .filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1))
      .map(decodeURIComponent);
  } catch {
    return null;
  }
}

async function dispatch(req: IncomingMessage, app: AppConfig): Promise<Reply> {
  const raw = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const segments = segmentsOf(url.pathname);
  if (segments === null) throw new HttpError(404, 'no such path; the API is served under /v2');
  authenticate(req, app.credentials, app.choices);
  const match = matchRoute(ROUTES, req.method ?? 'GET', segments);
  if (match === null) throw new HttpError(404, 'no such operation');
  if ('allowed' in match) throw new HttpError(405, 'method not allowed', undefined, { Allow: match.allowed.join(', ') });
  const query = parseQuery(url.searchParams);
  checkQuery(query, match.route.spec, app.choices);
  const now = Date.now();
  let parsed: { value: unknown } | null = null;
  const ctx: RequestContext = {
    choices: app.choices,
    store: app.store,
    cap: app.cap,
    now,
    params: match.params,
    query,
    spec: match.route.spec,
    serial: { choices: app.choices, baseUrl: app.baseUrl(), now, store: app.store },
    json: () => {
      parsed ??= { value: parseJsonBody(raw, req.headers['content-type'], app.choices) };
      return parsed.value;
    },
  };
  return match.route.handler(ctx);
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | null): void {
  if (res.headersSent) return;
  const all: Record<string, string | number> = { ...headers };
  if (body !== null) all['Content-Length'] = Buffer.byteLength(body);
  res.writeHead(status, all);
  res.end(body ?? undefined);
}

export function createRmServer(app: AppConfig): Server {
  return createServer((req, res) => {
    dispatch(req, app).then(
      (reply) => {
        const headers = { ...(reply.headers ?? {}) };
        if (reply.body === undefined || reply.status === 204) {
          send(res, reply.status, headers, null);
          return;
        }
        headers['Content-Type'] = app.choices.successMediaType;
        send(res, reply.status, headers, JSON.stringify(reply.body));
      },
      (err: unknown) => {
        const httpError = err instanceof HttpError ? err : new HttpError(500, err instanceof Error ? err.message : 'internal error');
        const { contentType, body } = renderError(httpError, app.choices);
        send(res, httpError.status, { ...httpError.headers, 'Content-Type': contentType }, body);
        if (!req.complete) req.resume();
      },
    );
  });
}
