/**
 * JSON Web Tokens signed with HS256 (RFC 7519, RFC 7515 compact serialisation): encode and verify (signature,
 * algorithm, expiry). Document part 5 item 1: "an OAuth 2.0 bearer token (JWT)".
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isJsonObject, parseJson, type JsonObject } from './json';

export interface JwtClaims {
  readonly iss: string;
  readonly sub: string;
  readonly aud: string;
  readonly scope: string;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
}

export type JwtCheck = { readonly ok: true; readonly claims: JwtClaims } | { readonly ok: false; readonly reason: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Tolerance for a token whose iat lies slightly in the future (clock skew). */
const SKEW_SECONDS = 60;

function encodePart(value: JsonObject): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function decodePart(part: string): JsonObject | null {
  if (!BASE64URL.test(part)) return null;
  const parsed = parseJson(Buffer.from(part, 'base64url').toString('utf8'));
  return parsed.ok && isJsonObject(parsed.value) ? parsed.value : null;
}

function mac(input: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(input).digest();
}

function toClaims(payload: JsonObject | null): JwtClaims | null {
  if (payload === null) return null;
  const { iss, sub, aud, scope, iat, exp, jti } = payload;
  if (typeof iss !== 'string' || typeof sub !== 'string' || typeof aud !== 'string' || typeof scope !== 'string') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number' || typeof jti !== 'string') return null;
  return { iss, sub, aud, scope, iat, exp, jti };
}

export function signJwt(claims: JwtClaims, key: Buffer): string {
  const signingInput = `${encodePart({ alg: 'HS256', typ: 'JWT' })}.${encodePart({ ...claims })}`;
  return `${signingInput}.${mac(signingInput, key).toString('base64url')}`;
}

export function verifyJwt(token: string, key: Buffer, nowSeconds: number): JwtCheck {
  const parts = token.split('.');
  const [head, body, signature] = parts;
  if (parts.length !== 3 || head === undefined || body === undefined || signature === undefined) {
    return { ok: false, reason: 'not a JWT' };
  }
  const header = decodePart(head);
  if (header === null || header.alg !== 'HS256') return { ok: false, reason: 'unsupported algorithm' };
  const given = BASE64URL.test(signature) ? Buffer.from(signature, 'base64url') : Buffer.alloc(0);
  const expected = mac(`${head}.${body}`, key);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
  const claims = toClaims(decodePart(body));
  if (claims === null) return { ok: false, reason: 'malformed claims' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'token expired' };
  if (claims.iat > nowSeconds + SKEW_SECONDS) return { ok: false, reason: 'token not yet valid' };
  return { ok: true, claims };
}
