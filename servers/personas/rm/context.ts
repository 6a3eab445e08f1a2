// What an operation handler receives and returns, plus the reply builders shared by every operation of part 4
// (a single resource, or a list with `include`, pagination and meta).
import type { Choices } from './choices';
import { notFound } from './errors';
import { compound, includedRecords } from './include';
import type { Json, Rec } from './model';
import { paginate } from './pagination';
import { type OpSpec, type ParsedQuery, includePaths } from './query';
import { type SerialCtx, resource } from './serialise';
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

export function oneReply(ctx: RequestContext, rec: Rec, status = 200, headers?: Record<string, string>): Reply {
  const paths = includePaths(ctx.query, ctx.spec, ctx.choices);
  const included = paths.length > 0 ? includedRecords([rec], paths, ctx.serial) : null;
  const reply: Reply = { status, body: compound(resource(rec, ctx.serial), included, null, ctx.choices.emptyIncluded) };
  if (headers) reply.headers = headers;
  return reply;
}

export function listReply(ctx: RequestContext, records: Rec[], opts: { paginated: boolean; filtered: boolean }): Reply {
  const paths = includePaths(ctx.query, ctx.spec, ctx.choices);
  let page = records;
  let meta: { [key: string]: Json } | null = null;
  if (opts.paginated) {
    const result = paginate(records, ctx.query, ctx.choices, { filtered: opts.filtered, cap: ctx.cap });
    page = result.records;
    meta = result.meta;
  }
  const data = page.map((r) => resource(r, ctx.serial));
  const included = paths.length > 0 ? includedRecords(page, paths, ctx.serial) : null;
  return { status: 200, body: compound(data, included, meta, ctx.choices.emptyIncluded) };
}

/** Body of an action answer: `{}` (lenient) or the resource acted on (strict). */
export function actionReply(ctx: RequestContext, status: number, rec: Rec | null, meta?: { [key: string]: Json }): Reply {
  if (!ctx.choices.actionResource) return { status, body: {} };
  const body: { [key: string]: Json } = rec ? { data: resource(rec, ctx.serial) } : {};
  if (meta) body.meta = meta;
  return { status, body };
}
