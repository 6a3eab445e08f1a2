/**
 * Answers of the RM module: resource documents ({data, included?, meta?}) and errors. Handlers throw
 * `HttpError`; index.ts turns it into an error answer. The media type, the envelope and the error
 * body format are where variants act (000 §4 rule 3 and §7 leave them open).
 */
import { send, type Ctx } from '../http-kit';
import type { RmEnv } from './env';
import type { Document, Resource } from './model';
import { applyShapeFaults } from './shape-faults';
import { onTheWire } from './wire-variants';
import { on } from '../switches';

export const JSONAPI = 'application/vnd.api+json';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The offending member, e.g. "/data/attributes/email" (JSON:API source.pointer). */
    readonly pointer?: string,
  ) {
    super(detail);
  }
}

export const notFound = (what: string, id: string): HttpError => new HttpError(404, `${what} ${JSON.stringify(id)} not found`);
export const invalid = (detail: string, pointer?: string): HttpError => new HttpError(422, detail, pointer);
export const badRequest = (detail: string, parameter?: string): HttpError => new HttpError(400, detail, parameter);

function mediaType(env: RmEnv): string {
  return on(env.behaviour, 'rm.variant.content-type-json') ? 'application/json' : JSONAPI;
}

/**
 * The bare-data variant drops the envelope where nothing travels beside the data: no included
 * records, no meta.next_cursor (a cursor walk needs it). Other meta (page numbers, counts) goes.
 */
function bare(doc: Document): Resource | Resource[] | null | undefined {
  if (doc.data === undefined || doc.included !== undefined) return undefined;
  if (doc.meta !== undefined && Object.hasOwn(doc.meta, 'next_cursor')) return undefined;
  return doc.data;
}

export function sendDoc(env: RmEnv, ctx: Ctx, status: number, answered: Document): void {
  applyShapeFaults(env, answered);
  const doc = onTheWire(env, answered);
  const unwrapped = on(env.behaviour, 'rm.variant.bare-data') ? bare(doc) : undefined;
  if (unwrapped !== undefined) return send(ctx, status, unwrapped, mediaType(env));
  const body = on(env.behaviour, 'rm.variant.extra-members')
    ? { jsonapi: { version: '1.0' }, ...doc, links: { self: `${ctx.url.pathname}${ctx.url.search}` } }
    : doc;
  send(ctx, status, body, mediaType(env));
}

export function sendNoContent(ctx: Ctx, status = 204): void {
  send(ctx, status);
}

export function sendError(env: RmEnv, ctx: Ctx, status: number, detail: string, pointer?: string): void {
  if (on(env.behaviour, 'rm.variant.errors-empty')) {
    ctx.res.writeHead(status, { 'content-length': 0 });
    ctx.res.end();
    return;
  }
  if (on(env.behaviour, 'rm.variant.errors-text-plain')) {
    send(ctx, status, `${TITLES[status] ?? 'Error'}: ${detail}\n`, 'text/plain; charset=utf-8');
    return;
  }
  if (on(env.behaviour, 'rm.variant.errors-message')) {
    send(ctx, status, { message: detail }, mediaType(env));
    return;
  }
  const source = pointer === undefined ? {} : { source: pointer.startsWith('/') ? { pointer } : { parameter: pointer } };
  send(ctx, status, { errors: [{ status: String(status), title: TITLES[status] ?? 'Error', detail, ...source }] }, mediaType(env));
}
