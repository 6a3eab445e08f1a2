/**
 * The embedded reference server: one node:http process serving RM v2 under /v2, HR core and
 * Learning v3 under /v3/<tenant>, and the OAuth token endpoint at /oauth/token, in memory and
 * stateful. Started by the suite's global setup when no target is configured, or alone by
 * `npm run reference`. Every answer carries CORS headers and a preflight on any path is answered
 * (servers/reference/cors.ts), so a page on another origin can call it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMBEDDED } from '../../contract/identity/embedded';
import { Behaviour } from './behaviour';
import { applyCors } from './cors';
import { INVALID_JSON, parseJson, readBody, send, type Ctx } from './http-kit';
import type { ApiModule } from './module';
import { createRmModule } from './rm';
import { createV3Module } from './v3';
import { closedWhenIdle, RateWindows } from './transport-variants';

export interface ReferenceServer {
  port: number;
  behaviour: Behaviour;
  rm: ApiModule;
  v3: ApiModule;
  close(): Promise<void>;
}

/** A route tried before the APIs (e.g. the sandbox's OpenAPI documents); true when it answered the request. */
export type ExtraRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean;

export interface ReferenceOptions {
  port?: number;
  host?: string;
  behaviour?: Behaviour;
  /** Called once listening, with the port; the route it returns is tried before the APIs (`npm run reference` only). */
  extraRoute?: (port: number) => ExtraRoute;
  /** CORS headers on every answer and preflights answered (default true; headers only, servers/reference/cors.ts). */
  cors?: boolean;
}

export async function startReferenceServer(options: ReferenceOptions = {}): Promise<ReferenceServer> {
  const behaviour = options.behaviour ?? Behaviour.none();
  const rm = createRmModule(behaviour);
  const v3 = createV3Module(behaviour, EMBEDDED.v3.tenant);
  const routing: Routing = { behaviour, rm, v3, cors: options.cors ?? true, extraRoute: null, rates: new RateWindows() };
  const server: Server = createServer((req, res) => {
    void handleRequest(routing, req, res);
  });
  server.keepAliveTimeout = 30_000;
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  // The extra route is made from the port, known only once listening.
  if (options.extraRoute) routing.extraRoute = options.extraRoute(port);
  return { port, behaviour, rm, v3, close: () => closeServer(server) };
}

/** What a request is dispatched by; `extraRoute` is set once the server listens. */
interface Routing {
  behaviour: Behaviour;
  rm: ApiModule;
  v3: ApiModule;
  cors: boolean;
  extraRoute: ExtraRoute | null;
  /** The gateway's windows of the variant `rate-limited`. */
  rates: RateWindows;
}

async function handleRequest(routing: Routing, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { behaviour } = routing;
  // Before anything else, credentials included: a browser's preflight carries none.
  if (routing.cors && applyCors(req, res)) {
    req.resume();
    return;
  }
  if (behaviour.has('idle-connections-closed') && closedWhenIdle(req, res)) return;
  const url = new URL(req.url ?? '/', 'http://reference.local');
  let rawBody = '';
  try {
    rawBody = await readBody(req);
  } catch {
    res.writeHead(413).end();
    return;
  }
  if (routing.extraRoute?.(req, res, url)) return;
  const body = parseJson(rawBody);
  const base = {
    req,
    res,
    method: req.method ?? 'GET',
    url,
    params: {},
    query: url.searchParams,
    rawBody,
    body: body === INVALID_JSON ? INVALID_JSON : body,
    behaviour,
  };
  if (behaviour.has('slow-responses')) await new Promise((r) => setTimeout(r, 40));
  const { module, sub } = routeOf(routing, url.pathname);
  if (behaviour.has('rate-limited') && module && sub !== '/oauth/token' && routing.rates.refuse(module === routing.rm ? 'rm' : 'v3', res))
    return;
  const ctx: Ctx = { ...base, path: sub || '/' };
  if (!module) {
    send(ctx, 404, { errors: [{ status: '404', title: 'Not Found', detail: `No API is served at ${url.pathname}` }] });
    return;
  }
  await handleOr500(module, ctx);
}

/** The API module serving `path`, and the path within it (null: no API is served there). */
function routeOf({ rm, v3 }: Routing, path: string): { module: ApiModule | null; sub: string } {
  const v3Prefix = `/v3/${EMBEDDED.v3.tenant}`;
  if (path === '/v2' || path.startsWith('/v2/')) return { module: rm, sub: path.slice(3) };
  if (path === v3Prefix || path.startsWith(`${v3Prefix}/`)) return { module: v3, sub: path.slice(v3Prefix.length) };
  if (path === '/oauth/token') return { module: v3, sub: path };
  return { module: null, sub: path };
}

/** The module's answer; an exception is a 500, or ends the response when the headers are already sent. */
async function handleOr500(module: ApiModule, ctx: Ctx): Promise<void> {
  try {
    await module.handle(ctx);
  } catch (error) {
    if (!ctx.res.headersSent)
      send(ctx, 500, { errors: [{ status: '500', title: 'Internal Server Error', detail: (error as Error).message }] });
    else ctx.res.end();
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/** Closes the server, keep-alive connections included. */
function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
