// Credentials (part 5 "Authentication"): HTTP basic with the API key as user name and the secret as password;
// `x-hmac-date` may be replaced by `date`; the signature computation is not shown, so none is verified.
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Choices } from './choices';
import { HttpError } from './errors';

export interface Credentials {
  key: string;
  secret: string;
}

const CHALLENGE = { 'WWW-Authenticate': 'Basic realm="Recruitment Marketing API v2", charset="UTF-8"' };

function same(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Throws 401 ("invalid API credentials") unless the request carries the persona's pair. */
export function authenticate(req: IncomingMessage, creds: Credentials, choices: Choices): void {
  const header = req.headers.authorization ?? '';
  const m = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  const fail = (detail: string, drf = 'Invalid username/password.'): HttpError => new HttpError(401, detail, undefined, CHALLENGE, { drf });
  if (!m) throw fail('invalid API credentials: missing HTTP basic credentials', 'Authentication credentials were not provided.');
  const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw fail('invalid API credentials');
  if (!same(decoded.slice(0, colon), creds.key) || !same(decoded.slice(colon + 1), creds.secret)) {
    throw fail('invalid API credentials');
  }
  if (choices.requireDateHeader) {
    const date = headerValue(req, 'x-hmac-date') ?? headerValue(req, 'date');
    if (date === undefined || Number.isNaN(Date.parse(date))) {
      throw fail('invalid API credentials: x-hmac-date or date header required');
    }
  }
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}
