/** Compact JWS with HS256 (RFC 7515 / 7519): what the reference token service signs and checks. */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/**
 * An encrypted JWT (RFC 7516 JWE compact serialization, RFC 7519 §3): alg "dir" (the key itself is
 * the content key, so the encrypted key part is empty), enc "A256GCM", the protected header as the
 * additional authenticated data. Five parts: header, encrypted key, IV, ciphertext, tag.
 */
export function encryptJwt(claims: JsonObject, key: Buffer): string {
  const head = b64url(JSON.stringify({ alg: 'dir', enc: 'A256GCM', typ: 'JWT' }));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(head, 'ascii'));
  const text = Buffer.concat([cipher.update(JSON.stringify(claims), 'utf8'), cipher.final()]);
  return `${head}..${b64url(iv)}.${b64url(text)}.${b64url(cipher.getAuthTag())}`;
}

/** The claims of a JWE made by encryptJwt with `key`, or the problem. */
export function decryptJwt(token: string, key: Buffer): { claims: JsonObject } | { problem: JwtProblem } {
  const parts = token.split('.');
  if (parts.length !== 5 || !parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p))) return { problem: 'malformed' };
  const [head = '', , iv = '', text = '', tag = ''] = parts;
  const header = decodePart(head);
  if (!header || header.alg !== 'dir' || header.enc !== 'A256GCM') return { problem: 'algorithm' };
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(head, 'ascii'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
    const claims = JSON.parse(plain) as unknown;
    return isObject(claims) ? { claims } : { problem: 'malformed' };
  } catch {
    return { problem: 'signature' };
  }
}
