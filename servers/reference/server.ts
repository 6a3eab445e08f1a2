/**
 * The embedded reference server: one node:http process serving RM v2 under /v2, HR core and
 * Learning v3 under /v3/<tenant>, and the OAuth token endpoint at /oauth/token, in memory and
 * stateful. Started by the suite's global setup when no target is configured, or alone by
 * `npm run reference`. Every answer carries CORS headers and a preflight on any path is answered
 * (servers/reference/cors.ts), so a page on another origin can call it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMBEDDED } from '../../src/identity/embedded';
import { Behaviour } from './behaviour';
import { applyCors } from './cors';
import { INVALID_JSON, parseJson, readBody, send, type Ctx } from './http-kit';
import type { ApiModule } from './module';
import { createRmModule } from './rm';
import { createV3Module } from './v3';

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
  const v3Prefix = `/v3/${EMBEDDED.v3.tenant}`;
  let extraRoute: ExtraRoute | null = null;
  const cors = options.cors ?? true;

  const server: Server = createServer((req, res) => {
    void (async () => {
      // Before anything else, credentials included: a browser's preflight carries none.
      if (cors && applyCors(req, res)) {
        req.resume();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://reference.local');
      let rawBody = '';
      try {
        rawBody = await readBody(req);
      } catch {
        res.writeHead(413).end();
        return;
      }
      if (extraRoute?.(req, res, url)) return;
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
      const path = url.pathname;
      let module: ApiModule | null = null;
      let sub = path;
      if (path === '/v2' || path.startsWith('/v2/')) {
        module = rm;
        sub = path.slice(3);
      } else if (path === v3Prefix || path.startsWith(`${v3Prefix}/`)) {
        module = v3;
        sub = path.slice(v3Prefix.length);
      } else if (path === '/oauth/token') {
        module = v3;
        sub = path;
      }
      const ctx: Ctx = { ...base, path: sub || '/' };
      if (!module) {
        send(ctx, 404, { errors: [{ status: '404', title: 'Not Found', detail: `No API is served at ${path}` }] });
        return;
      }
      try {
        await module.handle(ctx);
      } catch (error) {
        if (!res.headersSent)
          send(ctx, 500, { errors: [{ status: '500', title: 'Internal Server Error', detail: (error as Error).message }] });
        else res.end();
      }
    })();
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  if (options.extraRoute) extraRoute = options.extraRoute(port);
  return {
    port,
    behaviour,
    rm,
    v3,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
