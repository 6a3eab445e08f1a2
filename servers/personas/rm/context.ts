// What an operation handler receives and returns, plus the reply builders shared by every operation of part 4
// (a single resource, or a list with `include`, pagination and meta).
import type { Choices } from './choices';
import { notFound } from './errors';
import { type DocExtras, compound, includedRecords } from './include';
import type { Json, Rec } from './model';
import { type PageNav, paginate } from './pagination';
import { type OpSpec, type ParsedQuery, includePaths } from './query';
import { type JsonObject, type SerialCtx, resource } from './serialise';
import type { Store } from './store';

export interface Reply {
  status: number;
  body?: Json;
  headers?: Record<string, string>;
}

export interface RequestContext {
  choices: Choices;
  store: Store;
  serial: SerialCtx;
  /** the record cap for numeric pagination with a filter */
  cap: number;
  now: number;
  params: Record<string, string>;
  query: ParsedQuery;
  spec: OpSpec;
  /** the parsed JSON body (media type and syntax checked on first call) */
  json: () => unknown;
  /** the address of this request (for JSON:API top-level links) */
  requestUrl: URL;
}

export type Handler = (ctx: RequestContext) => Reply;

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  spec: OpSpec;
  handler: Handler;
}

export function param(ctx: RequestContext, name: string): string {
  return ctx.params[name] ?? '';
}

/** The record addressed by a path parameter, or 404. */
export function found(ctx: RequestContext, type: string, paramName: string, what: string, extra?: (r: Rec) => boolean): Rec {
  const rec = ctx.store.get(type, param(ctx, paramName));
  if (rec === undefined || (extra !== undefined && !extra(rec))) throw notFound(what);
  return rec;
}

/** The serialisation context with the relationships this request includes marked as loaded. */
function serialFor(ctx: RequestContext, paths: readonly string[]): SerialCtx {
  if (ctx.choices.relationshipStyle !== 'jsonapi') return ctx.serial;
  return { ...ctx.serial, loaded: new Set(paths.flatMap((p) => p.split('.'))) };
}

/** JSON:API `links` of a document: self, and for pages first/prev/next/last (frameworks persona). */
function docExtras(ctx: RequestContext, nav: PageNav | null): DocExtras {
  if (!ctx.choices.jsonapiExtras) return {};
  const self = ctx.requestUrl.href;
  const links: JsonObject = { self };
  const at = (name: string, value: string | null): string | null => {
    if (value === null) return null;
    const url = new URL(ctx.requestUrl.href);
    url.searchParams.delete('page');
    url.searchParams.delete('cursor');
    url.searchParams.set(name, value);
    return url.href;
  };
  if (nav?.kind === 'page') {
    links.first = at('page', '1');
    links.prev = nav.page > 1 ? at('page', String(Math.min(nav.page - 1, nav.pages))) : null;
    links.next = nav.page < nav.pages ? at('page', String(nav.page + 1)) : null;
    links.last = at('page', String(nav.pages));
  } else if (nav?.kind === 'cursor') {
    links.next = at('cursor', nav.next);
  }
  return { links, jsonapi: true };
}

export function oneReply(ctx: RequestContext, rec: Rec, status = 200, headers?: Record<string, string>): Reply {
  const paths = includePaths(ctx.query, ctx.spec, ctx.choices);
  const serial = serialFor(ctx, paths);
  const included = paths.length > 0 ? includedRecords([rec], paths, serial) : null;
  const body = compound(resource(rec, serial), included, null, ctx.choices.emptyIncluded, docExtras(ctx, null));
  const reply: Reply = { status, body };
  if (headers) reply.headers = headers;
  return reply;
}

export function listReply(ctx: RequestContext, records: Rec[], opts: { paginated: boolean; filtered: boolean }): Reply {
  const paths = includePaths(ctx.query, ctx.spec, ctx.choices);
  const serial = serialFor(ctx, paths);
  let page = records;
  let meta: { [key: string]: Json } | null = null;
  let nav: PageNav | null = null;
  if (opts.paginated) {
    const result = paginate(records, ctx.query, ctx.choices, { filtered: opts.filtered, cap: ctx.cap });
    page = result.records;
    meta = result.meta;
    nav = result.nav;
  }
  const data = page.map((r) => resource(r, serial));
  const included = paths.length > 0 ? includedRecords(page, paths, serial) : null;
  return { status: 200, body: compound(data, included, meta, ctx.choices.emptyIncluded, docExtras(ctx, nav)) };
}

/**
 * Body of an action answer: `{}` (lenient), the resource acted on (strict), or as a Rails controller writes it
 * (frameworks: `render json: resource` where there is one to show, `head :ok` / `head :accepted` for a removal or a
 * queued job).
 */
export function actionReply(ctx: RequestContext, status: number, rec: Rec | null, meta?: { [key: string]: Json }, removed = false): Reply {
  const style = ctx.choices.actionBodies;
  if (style === 'empty-object') return { status, body: {} };
  if (style === 'rails') {
    if (rec === null || removed) return { status };
    return { status, body: compound(resource(rec, ctx.serial), null, null, false, docExtras(ctx, null)) };
  }
  const body: { [key: string]: Json } = rec ? { data: resource(rec, ctx.serial) } : {};
  if (meta) body.meta = meta;
  return { status, body };
}
