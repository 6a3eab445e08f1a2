// The node:http server: serves the operations of part 4 under /v2, checks credentials first (part 5: "Missing or invalid
// credentials give HTTP 401"), answers 404 for unknown paths and 405 for unknown methods, and writes every reply.
import { createHash } from 'node:crypto';
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

const noRoute = (): HttpError => new HttpError(404, 'no such operation', undefined, {}, { html: true });

/** Methods a matched path answers (frameworks persona: HEAD with GET, and OPTIONS). */
function allowedOn(segments: string[], choices: Choices): string[] {
  const methods = new Set<string>();
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    const m = matchRoute(ROUTES, method, segments);
    if (m !== null && 'route' in m) methods.add(method);
  }
  if (choices.httpExtras && methods.size > 0) {
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
  }
  return [...methods];
}

interface Dispatched {
  reply: Reply;
  /** the Allow header of the path (frameworks persona) */
  allow?: string;
  /** the success media type negotiated from Accept */
  mediaType?: string;
}

/** DRF's content negotiation over the two renderers of the frameworks persona; null when Accept allows neither. */
function negotiate(accept: string | undefined, choices: Choices): string | null {
  if (!choices.negotiateAccept || accept === undefined || accept.trim() === '') return choices.successMediaType;
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.split(';').map((x) => x.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { range, q: q === undefined ? 1 : Number(q.slice(2)), index };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    if (range === 'application/vnd.api+json' || range === '*/*' || range === 'application/*') return choices.successMediaType;
    if (range === 'application/json') return 'application/json';
  }
  return null;
}

async function dispatch(req: IncomingMessage, app: AppConfig): Promise<Dispatched> {
  const raw = await readBody(req);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const segments = segmentsOf(url.pathname);
  const choices = app.choices;
  const extras = choices.httpExtras;
  const method = req.method ?? 'GET';
  const routeFirst = choices.unknownPath === 'before-auth-html';
  if (segments === null) throw routeFirst ? noRoute() : new HttpError(404, 'no such path; the API is served under /v2');
  const allow = extras ? allowedOn(segments, choices) : [];
  if (routeFirst && allow.length === 0) throw noRoute();
  authenticate(req, app.credentials, choices);
  const mediaType = negotiate(req.headers.accept, choices) ?? undefined;
  if (mediaType === undefined) {
    throw new HttpError(406, 'not acceptable', undefined, {}, { drf: 'Could not satisfy the request Accept header.' });
  }
  if (extras && method === 'OPTIONS') {
    const name =
      url.pathname
        .split('/')
        .filter((x) => x !== '' && !/^\d+$/.test(x))
        .pop() ?? 'api';
    const body = {
      name: name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      description: '',
      renders: [choices.successMediaType, 'application/json'],
      parses: [...(choices.bodyMediaTypes ?? [])],
    };
    return { reply: { status: 200, body }, allow: allow.join(', '), mediaType: 'application/json' };
  }
  const match = matchRoute(ROUTES, extras && method === 'HEAD' ? 'GET' : method, segments);
  if (match === null) throw routeFirst ? noRoute() : new HttpError(404, 'no such operation');
  if ('allowed' in match) {
    const allowed = extras ? allow : match.allowed;
    throw new HttpError(405, 'method not allowed', undefined, { Allow: allowed.join(', ') }, { drf: `Method "${method}" not allowed.` });
  }
  const query = parseQuery(url.searchParams);
  checkQuery(query, match.route.spec, choices);
  const now = Date.now();
  let parsed: { value: unknown } | null = null;
  const ctx: RequestContext = {
    choices,
    store: app.store,
    cap: app.cap,
    now,
    params: match.params,
    query,
    spec: match.route.spec,
    serial: { choices, baseUrl: app.baseUrl(), now, store: app.store },
    json: () => {
      parsed ??= { value: parseJsonBody(raw, req.headers['content-type'], choices) };
      return parsed.value;
    },
    requestUrl: new URL(`${url.pathname}${url.search}`, new URL(app.baseUrl()).origin),
  };
  return { reply: match.route.handler(ctx), ...(extras ? { allow: allow.join(', ') } : {}), mediaType };
}

/** Headers Django's SecurityMiddleware and DRF's APIView add to every answer (frameworks persona). */
const DJANGO_HEADERS: Readonly<Record<string, string>> = {
  Vary: 'Accept, Authorization',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | null, head = false): void {
  if (res.headersSent) return;
  const all: Record<string, string | number> = { ...headers };
  if (body !== null) all['Content-Length'] = Buffer.byteLength(body);
  res.writeHead(status, all);
  res.end(head ? undefined : (body ?? undefined));
}

/** Rails' Rack::ETag and Rack::ConditionalGet: a weak ETag on GET 200 answers, 304 when If-None-Match names it. */
function conditional(req: IncomingMessage, status: number, body: string, headers: Record<string, string>): number {
  if (status !== 200 || (req.method !== 'GET' && req.method !== 'HEAD')) return status;
  const etag = `W/"${createHash('md5').update(body).digest('hex')}"`;
  headers.ETag = etag;
  headers['Cache-Control'] = 'max-age=0, private, must-revalidate';
  const wanted = req.headers['if-none-match'];
  if (wanted === undefined) return status;
  const tags = wanted.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag.replace(/^W\//, '')) ? 304 : status;
}

export function createRmServer(app: AppConfig): Server {
  const extras = app.choices.httpExtras;
  return createServer((req, res) => {
    const head = extras && req.method === 'HEAD';
    const base: Record<string, string> = extras ? { ...DJANGO_HEADERS } : {};
    dispatch(req, app).then(
      ({ reply, allow, mediaType }) => {
        const headers: Record<string, string> = { ...base, ...(allow ? { Allow: allow } : {}), ...(reply.headers ?? {}) };
        if (reply.body === undefined || reply.status === 204) {
          send(res, reply.status, headers, null);
          return;
        }
        headers['Content-Type'] = mediaType ?? app.choices.successMediaType;
        const body = JSON.stringify(reply.body);
        const status = extras ? conditional(req, reply.status, body, headers) : reply.status;
        if (status === 304) {
          delete headers['Content-Type'];
          send(res, 304, headers, null);
          return;
        }
        send(res, status, headers, body, head);
      },
      (err: unknown) => {
        const httpError = err instanceof HttpError ? err : new HttpError(500, err instanceof Error ? err.message : 'internal error');
        const { contentType, body } = renderError(httpError, app.choices);
        send(res, httpError.status, { ...base, ...httpError.headers, 'Content-Type': contentType }, body, head);
        if (!req.complete) req.resume();
      },
    );
  });
}
