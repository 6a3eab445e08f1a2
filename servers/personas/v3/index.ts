/**
 * Entry point: starts a persona of the HR core and Learning Activities API v3 (lenient, strict, frameworks or alternate) as an
 * in-memory node:http server with its OAuth 2.0 token endpoint, and gives the environment a suite needs to
 * reach it. Document part 1 (base address `.../v3/<tenant_id>`), part 5 (authentication); INTERFACE.md.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CHOICES, type PersonaMode } from './choices';
import { BODY_LIMIT_BYTES, readBody, writeReply } from './http-io';
import { handleRequest, type PersonaContext } from './router';
import { HR_SCOPE, seedValuesFor } from './seed';
import { createStore } from './store';
import { TokenService } from './token-service';

export type { PersonaMode } from './choices';

export interface V3Persona {
  baseUrl: string;
  tokenUrl: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

async function serve(req: IncomingMessage, res: ServerResponse, ctx: PersonaContext): Promise<void> {
  try {
    const body = await readBody(req, BODY_LIMIT_BYTES);
    writeReply(res, handleRequest(req, body, ctx));
  } catch {
    if (!res.headersSent && !res.destroyed) writeReply(res, { status: 500, body: { message: 'Internal error' } });
    else res.destroy();
  }
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startV3Persona(mode: PersonaMode, options: { port?: number; host?: string } = {}): Promise<V3Persona> {
  const seed = seedValuesFor(mode);
  const choices = CHOICES[mode];
  const idp = choices.token.idp ? { backdateSeconds: choices.token.backdateSeconds, tenantId: randomUUID() } : null;
  const ctx: PersonaContext = {
    choices,
    store: createStore(seed),
    tokens: new TokenService(`v3-persona-${mode}`, () => Date.now(), idp, choices.token.jwtExp),
    clients: new Map([[seed.clientId, seed.clientSecret]]),
    tenant: seed.tenant,
  };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void serve(req, res, ctx);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The v3 persona has no TCP address');
  const origin = `http://${urlHost(host)}:${address.port}`;
  const baseUrl = `${origin}/v3/${seed.tenant}`;
  const tokenUrl = `${origin}${choices.token.path}`;
  let closing: Promise<void> | undefined;
  return {
    baseUrl,
    tokenUrl,
    env: {
      HR_BASE_URL: baseUrl,
      HR_TOKEN_URL: tokenUrl,
      HR_CLIENT_ID: seed.clientId,
      HR_CLIENT_SECRET: seed.clientSecret,
      HR_TOKEN_AUTH: 'post',
      HR_SCOPE,
      LEARNING_PROVIDER_ID: String(seed.providerIds[0]),
      LEARNING_OWNER_ID: String(seed.ownerIds[0]),
      LEARNING_IMAGE_TEMP_KEY: seed.imageTempKeys[0] ?? '',
      HR_EMPLOYEE_REFERENCE_ID: seed.employeeReferenceIds[0] ?? '',
    },
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
