/**
 * Credentials (000 §5): HTTP basic with the API key as user name and the API secret as password,
 * on every operation. x-hmac-date (or date) is accepted but not required, unless the
 * require-date-header variant is on. Returns the refusal status, or null when the request may pass.
 */
import { EMBEDDED } from '../../../contract/identity/embedded';
import type { Ctx } from '../http-kit';
import type { RmEnv } from './env';
import { on } from '../switches';

function credentials(header: string | undefined): { key: string; secret: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** Requests a fault lets through without any check. */
function exempt(env: RmEnv, ctx: Ctx): boolean {
  if (on(env.behaviour, 'rm.auth.not-enforced-on-list') && ctx.method === 'GET' && /^\/candidates\/?$/.test(ctx.path)) return true;
  if (on(env.behaviour, 'rm.auth.not-enforced-on-writes') && ctx.method !== 'GET') return true;
  if (on(env.behaviour, 'rm.auth.not-enforced-on-educations') && /^\/candidates\/[^/]+\/educations(\/|$)/.test(ctx.path)) return true;
  if (on(env.behaviour, 'rm.auth.not-enforced-on-job-get') && ctx.method === 'GET' && /^\/jobs\/[^/]+\/?$/.test(ctx.path)) return true;
  return (
    on(env.behaviour, 'rm.auth.not-enforced-on-event-buckets') &&
    ctx.method === 'GET' &&
    /^\/recruitment_events\/(upcoming|past|in_progress|archived)\/?$/.test(ctx.path)
  );
}

export function refusal(env: RmEnv, ctx: Ctx): { status: number; detail: string } | null {
  if (exempt(env, ctx)) return null;
  const header = ctx.req.headers.authorization;
  if (header && !/^Basic\s/i.test(header) && on(env.behaviour, 'rm.auth.non-basic-400'))
    return { status: 400, detail: 'the Authorization header must use the Basic scheme' };
  const given = credentials(header);
  // The wrong-credentials-403 fault tells wrong credentials (403) from missing ones (401).
  const status =
    on(env.behaviour, 'rm.auth.status-403') || (given !== null && on(env.behaviour, 'rm.auth.wrong-credentials-403')) ? 403 : 401;
  const keyOk = given?.key === EMBEDDED.rm.apiKey || (given !== null && on(env.behaviour, 'rm.auth.any-key-accepted'));
  // The empty-secret-accepted fault compares the secret only when one is given.
  const secretOk =
    given?.secret === EMBEDDED.rm.apiSecret ||
    on(env.behaviour, 'rm.auth.wrong-secret-accepted') ||
    (given?.secret === '' && on(env.behaviour, 'rm.auth.empty-secret-accepted'));
  if (!keyOk || !secretOk) return { status, detail: 'Invalid API credentials' };
  // The date-header-refused fault takes only x-hmac-date, although 000 §5.3 lets date replace it.
  if (on(env.behaviour, 'rm.auth.date-header-refused') && !ctx.req.headers['x-hmac-date'] && ctx.req.headers.date) {
    return { status, detail: 'Invalid API credentials: x-hmac-date header missing' };
  }
  // The date-header-iso-only fault reads date with the x-hmac-date parser: an HTTP-date (RFC 7231) is refused.
  const date = ctx.req.headers.date;
  if (on(env.behaviour, 'rm.auth.date-header-iso-only') && !ctx.req.headers['x-hmac-date'] && date && !/^\d{4}-\d{2}-\d{2}T/.test(date)) {
    return { status, detail: 'Invalid API credentials: unreadable date header' };
  }
  if (on(env.behaviour, 'rm.variant.require-date-header') && !ctx.req.headers['x-hmac-date'] && !ctx.req.headers.date) {
    return { status, detail: 'Invalid API credentials: an x-hmac-date or date header is required' };
  }
  return null;
}
