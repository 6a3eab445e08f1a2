/**
 * JSON Web Tokens (RFC 7519, RFC 7515 compact serialisation) signed with HS256 or, as identity providers do, RS256
 * with a `kid` published in a JWKS (RFC 7517): encode and verify (signature, algorithm, `nbf`, expiry).
 * Document part 5 item 1: "an OAuth 2.0 bearer token (JWT)"; item 3: "Tokens live 300 seconds".
 */
import { createHmac, generateKeyPairSync, randomUUID, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { isJsonObject, parseJson, type JsonObject } from './json';
import { TOKEN_LIFETIME_SECONDS } from './seed';

export interface JwtClaims {
  readonly iss: string;
  readonly sub: string;
  readonly aud: string;
  readonly scope: string;
  readonly iat: number;
  /** Optional (RFC 7519 §4.1.4): a token without it lives TOKEN_LIFETIME_SECONDS from `iat` (alternate persona). */
  readonly exp?: number;
  readonly jti: string;
  /** Not before (identity providers backdate it with `iat` for clock skew). */
  readonly nbf?: number;
}

export type JwtCheck = { readonly ok: true; readonly claims: JwtClaims } | { readonly ok: false; readonly reason: string };

/** A signing key: HS256 (shared secret) or RS256 (key pair, public half in a JWKS). */
export interface JwtKey {
  readonly alg: 'HS256' | 'RS256';
  readonly kid?: string;
  sign(input: string): Buffer;
  verify(input: string, signature: Buffer): boolean;
  /** The public key as a JWK (RS256 only). */
  readonly jwk?: JsonObject;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Tolerance for a token whose iat or nbf lies slightly in the future (clock skew). Never applied to `exp`. */
const SKEW_SECONDS = 60;

export function hs256Key(secret: Buffer): JwtKey {
  const mac = (input: string): Buffer => createHmac('sha256', secret).update(input).digest();
  return {
    alg: 'HS256',
    sign: mac,
    verify: (input, signature) => {
      const expected = mac(input);
      return signature.length === expected.length && timingSafeEqual(signature, expected);
    },
  };
}

export function rs256Key(): JwtKey {
  const { privateKey, publicKey }: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID().replace(/-/g, '').slice(0, 27);
  const jwk = publicKey.export({ format: 'jwk' }) as JsonObject;
  return {
    alg: 'RS256',
    kid,
    sign: (input) => sign('sha256', Buffer.from(input), privateKey),
    verify: (input, signature) => verify('sha256', Buffer.from(input), publicKey, signature),
    jwk: { kty: 'RSA', use: 'sig', alg: 'RS256', kid, n: jwk.n ?? '', e: jwk.e ?? '' },
  };
}

function asKey(key: Buffer | JwtKey): JwtKey {
  return Buffer.isBuffer(key) ? hs256Key(key) : key;
}

function encodePart(value: JsonObject): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function decodePart(part: string): JsonObject | null {
  if (!BASE64URL.test(part)) return null;
  const parsed = parseJson(Buffer.from(part, 'base64url').toString('utf8'));
  return parsed.ok && isJsonObject(parsed.value) ? parsed.value : null;
}

function toClaims(payload: JsonObject | null): JwtClaims | null {
  if (payload === null) return null;
  const { iss, sub, aud, scope, iat, exp, jti, nbf } = payload;
  if (typeof iss !== 'string' || typeof sub !== 'string' || typeof aud !== 'string' || typeof scope !== 'string') return null;
  if (typeof iat !== 'number' || (exp !== undefined && typeof exp !== 'number') || typeof jti !== 'string') return null;
  if (nbf !== undefined && typeof nbf !== 'number') return null;
  return {
    iss,
    sub,
    aud,
    scope,
    iat,
    jti,
    ...(typeof exp === 'number' ? { exp } : {}),
    ...(typeof nbf === 'number' ? { nbf } : {}),
  };
}

/** Signs the claims (and any `extra` claims) with the key; the header carries `kid` when the key has one. */
export function signJwt(claims: JwtClaims, key: Buffer | JwtKey, extra: JsonObject = {}): string {
  const k = asKey(key);
  const header: JsonObject = k.kid === undefined ? { alg: k.alg, typ: 'JWT' } : { alg: k.alg, typ: 'JWT', kid: k.kid };
  const signingInput = `${encodePart(header)}.${encodePart({ ...extra, ...claims })}`;
  return `${signingInput}.${k.sign(signingInput).toString('base64url')}`;
}

export function verifyJwt(token: string, key: Buffer | JwtKey, nowSeconds: number): JwtCheck {
  const k = asKey(key);
  const parts = token.split('.');
  const [head, body, signature] = parts;
  if (parts.length !== 3 || head === undefined || body === undefined || signature === undefined) {
    return { ok: false, reason: 'not a JWT' };
  }
  const header = decodePart(head);
  if (header === null || header.alg !== k.alg) return { ok: false, reason: 'unsupported algorithm' };
  if (k.kid !== undefined && header.kid !== k.kid) return { ok: false, reason: 'unknown key' };
  const given = BASE64URL.test(signature) ? Buffer.from(signature, 'base64url') : Buffer.alloc(0);
  if (!k.verify(`${head}.${body}`, given)) return { ok: false, reason: 'bad signature' };
  const claims = toClaims(decodePart(body));
  if (claims === null) return { ok: false, reason: 'malformed claims' };
  // without exp, the server's own policy: the token lives TOKEN_LIFETIME_SECONDS from its issue (001 §5.3)
  if ((claims.exp ?? claims.iat + TOKEN_LIFETIME_SECONDS) <= nowSeconds) return { ok: false, reason: 'token expired' };
  if (claims.iat > nowSeconds + SKEW_SECONDS) return { ok: false, reason: 'token not yet valid' };
  if (claims.nbf !== undefined && claims.nbf > nowSeconds + SKEW_SECONDS) return { ok: false, reason: 'token not yet valid' };
  return { ok: true, claims };
}
