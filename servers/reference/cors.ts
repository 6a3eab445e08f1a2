/**
 * CORS for the reference server, a local tool that browser-based clients (Swagger UI, a web app under
 * development, Postman's web app) call from another origin: every answer carries
 * `Access-Control-Allow-Origin` (the request's Origin, else `*`) with `Vary: Origin` and
 * `Access-Control-Expose-Headers` for the headers a page reads (location, www-authenticate,
 * retry-after, allow); a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) on any
 * path is answered 204 before any credential is looked at. Headers only: no status or body of the
 * APIs changes, and an `OPTIONS` that is no preflight goes to the APIs as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
/** Always allowed: the credentials of both APIs (basic or bearer, RM's x-hmac-date or date) and JSON bodies. */
export const CORS_ALLOW_HEADERS: readonly string[] = ['authorization', 'content-type', 'x-hmac-date', 'date'];
export const CORS_EXPOSE_HEADERS = 'location, www-authenticate, retry-after, allow';
/** Seconds a browser may keep a preflight's answer (Chromium caps it at 7200). */
export const CORS_MAX_AGE = '600';

/** A header name as RFC 9110 allows it (a token), lower case; anything else asked for is ignored. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** True for a CORS preflight: OPTIONS with Origin and Access-Control-Request-Method. */
export function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;
}

/** The request headers a preflight may allow: the fixed ones and every valid name the request asks for. */
export function allowedHeaders(requested: string | undefined): string {
  const asked = (requested ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => TOKEN.test(h));
  return [...new Set([...CORS_ALLOW_HEADERS, ...asked])].join(', ');
}

/**
 * Sets the CORS headers every answer carries (a later `writeHead` keeps them) and answers a preflight.
 * Returns true when it answered the request (a preflight), false when the request goes on.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = single(req.headers.origin);
  res.setHeader('access-control-allow-origin', origin ?? '*');
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  if (!isPreflight(req)) return false;
  const headers: Record<string, string> = {
    'access-control-allow-methods': CORS_ALLOW_METHODS,
    'access-control-allow-headers': allowedHeaders(single(req.headers['access-control-request-headers'])),
    'access-control-max-age': CORS_MAX_AGE,
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  };
  // Chromium's Private Network Access: a page on a public site asks before calling a loopback server.
  if (single(req.headers['access-control-request-private-network']) === 'true') headers['access-control-allow-private-network'] = 'true';
  res.writeHead(204, headers).end();
  return true;
}
