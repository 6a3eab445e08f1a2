/**
 * What a token endpoint answered (RFC 6749 §5.1, §5.2), read by the token and auth-enforced checks:
 * the token it issued, the OAuth error it named, its headers. A token answer is an exchange of the
 * test (src/auth/oauth.ts records it): every verdict on it names that exchange.
 */
import type { Exchange } from '../http/exchange';

export interface TokenAnswer {
  readonly status: number;
  /** The parsed JSON body, or null. */
  readonly body: Readonly<Record<string, unknown>> | null;
  readonly text: string;
  /** The token request and its answer, as recorded. */
  readonly exchange: Exchange;
}

/** The six error codes of RFC 6749 §5.2 ("error REQUIRED. A single ASCII [USASCII] error code from the following:"). */
export const OAUTH_ERRORS = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;

/** The access token a token answer issued: a 200 with a non-empty `access_token`, else null. */
export function issuedToken(answer: TokenAnswer): string | null {
  const token = answer.body?.access_token;
  return answer.status === 200 && typeof token === 'string' && token !== '' ? token : null;
}

/** The answer's `error` member when it is a string, else null. */
export function oauthError(answer: TokenAnswer): string | null {
  const error = answer.body?.error;
  return typeof error === 'string' ? error : null;
}

/** A response header of the exchange (names are recorded in lower case), or undefined. */
export function headerOf(exchange: Exchange, name: string): string | undefined {
  const headers = exchange.response?.headers ?? {};
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** True when a list-valued header (Cache-Control, Pragma) holds `directive`, compared case-insensitively (RFC 9111 §5.2). */
export function hasDirective(value: string | undefined, directive: string): boolean {
  return (value ?? '')
    .split(',')
    .map((d) => d.trim().split('=')[0]?.trim().toLowerCase())
    .includes(directive);
}

/** The media type of the answer, lower case, without parameters ("application/json"), or null. */
export function mediaTypeOf(exchange: Exchange): string | null {
  const type = headerOf(exchange, 'content-type');
  return type ? (type.split(';')[0] ?? '').trim().toLowerCase() : null;
}

/** The scope strings of a space-separated list (RFC 6749 §3.3), or of a JSON array of strings; null otherwise. */
export function scopeList(value: unknown): string[] | null {
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : null;
}
