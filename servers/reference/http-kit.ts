/**
 * The reference server's small HTTP toolkit on node:http: a router with path parameters, request
 * body reading with a size bound, and JSON answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Behaviour } from './behaviour';

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  /** Path below the API's mount point, e.g. "/candidates/c-1". */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  rawBody: string;
  /** The parsed JSON body; undefined when there is none; `INVALID_JSON` when it does not parse. */
  body: unknown;
  behaviour: Behaviour;
}

export const INVALID_JSON = Symbol('invalid-json');

export type Handler = (ctx: Ctx) => void | Promise<void>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

export class Router {
  private readonly routes: Route[] = [];

  /** `template` like "/candidates/{candidateId}"; literal segments win over parameters by registration order. */
  on(method: string, template: string, handler: Handler): this {
    const names: string[] = [];
    const source = template
      .replace(/\/+$/, '')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), names, handler });
    return this;
  }

  /** Finds the handler; `methodNotAllowed` when the path exists under another method. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | 'methodNotAllowed' | null {
    let pathKnown = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      pathKnown = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1] ?? '');
      });
      return { handler: route.handler, params };
    }
    return pathKnown ? 'methodNotAllowed' : null;
  }
}

export function send(ctx: Ctx, status: number, body?: unknown, contentType = 'application/json'): void {
  const { res } = ctx;
  if (body === undefined || status === 204) {
    res.writeHead(status);
    res.end();
    return;
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const MAX_BODY = 8 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
