/** Compact JWS with HS256 (RFC 7515 / 7519): what the reference token service signs and checks. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isObject, type JsonObject } from './json';

export type JwtProblem = 'malformed' | 'algorithm' | 'signature';

const b64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');
const mac = (key: Buffer, input: string): Buffer => createHmac('sha256', key).update(input).digest();

export function signJwt(claims: JsonObject, key: Buffer): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${b64url(mac(key, `${head}.${body}`))}`;
}

function decodePart(part: string): JsonObject | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Decodes a token and checks its form, algorithm and (unless `checkSignature` is false) signature.
 * Time and audience are the caller's business.
 */
export function decodeJwt(
  token: string,
  key: Buffer,
  checkSignature = true,
  /** Under the hr.auth.alg-none-accepted fault: an unsigned token with alg "none" passes. */
  acceptNone = false,
): { claims: JsonObject } | { problem: JwtProblem } {
  const parts = token.split('.');
  if (parts.length !== 3) return { problem: 'malformed' };
  const [head = '', body = '', sig = ''] = parts;
  const header = decodePart(head);
  const claims = decodePart(body);
  if (!header || !claims || !/^[A-Za-z0-9_-]*$/.test(sig)) return { problem: 'malformed' };
  if (acceptNone && header.alg === 'none' && sig === '') return { claims };
  if (header.alg !== 'HS256') return { problem: 'algorithm' };
  if (checkSignature) {
    const given = Buffer.from(sig, 'base64url');
    const expected = mac(key, `${head}.${body}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { problem: 'signature' };
  }
  return { claims };
}
