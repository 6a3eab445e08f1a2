/**
 * v3 token helpers (001 §5): decoding a JWT access token, forging invalid variants of a real one
 * (for refusal checks), obtaining a token whose scopes lack Public.HrCore.Write, one asked for with
 * several space-separated scopes, and reading the lifetime a token response states.
 */
import { test } from '@playwright/test';
import { requestToken, type TokenRequest, type TokenResponse } from '../../src/auth/oauth';
import { failSetup } from '../../src/checks';
import type { V3Target, Target } from '../../src/config/target';
import { registerSecret } from '../../src/http/redact';
import { HR_WRITE_SCOPE } from '../../contract/terms';
import { recordInRunningTest } from './exchange-log';

/** The scope every HR core operation needs (001 §5.2), from contract/terms.ts; tokens.spec.ts takes it from here. */
export { HR_WRITE_SCOPE };

export interface Jwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  parts: [string, string, string];
}

function jsonObject(part: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The token as a JWT (three base64url parts, JSON header and payload), or null. */
export function decodeJwt(token: string): Jwt | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = jsonObject(h);
  const payload = jsonObject(p);
  return header && payload ? { header, payload, parts: [h, p, s] } : null;
}

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/**
 * Tokens that are not validly signed, made from a real one: a malformed string always; from a JWT
 * also its signature altered, its payload altered under the original signature, and an unsigned
 * `alg: none` copy. Each is registered as a secret so no report carries it.
 */
export function invalidTokens(real: string | null): { what: string; token: string }[] {
  const out = [{ what: 'a malformed token', token: 'not-a-valid-token' }];
  const jwt = real ? decodeJwt(real) : null;
  if (jwt) {
    const [h, p, s] = jwt.parts;
    const sig = Buffer.from(s, 'base64url');
    if (sig.length > 0) sig[0] = (sig[0] ?? 0) ^ 0xff;
    const exp = typeof jwt.payload.exp === 'number' ? jwt.payload.exp + 3600 : Math.floor(Date.now() / 1000) + 3600;
    out.push(
      { what: 'the JWT with its signature altered', token: `${h}.${p}.${sig.length > 0 ? sig.toString('base64url') : 'c2lnbmF0dXJl'}` },
      {
        what: 'the JWT with its payload altered (exp moved) under the original signature',
        token: `${h}.${encode({ ...jwt.payload, exp })}.${s}`,
      },
      { what: 'the JWT unsigned (alg none)', token: `${encode({ ...jwt.header, alg: 'none' })}.${p}.` },
    );
  }
  for (const { token } of out) registerSecret(token);
  return out;
}

/** The scopes a token grants as far as its response or its JWT payload says; null when neither says. */
export function grantedScopes(res: TokenResponse): string[] | null {
  const fromText = (v: unknown): string[] | null => {
    if (typeof v === 'string') return v.split(/\s+/).filter(Boolean);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
  };
  const fromBody = fromText(res.body?.scope);
  if (fromBody) return fromBody;
  const token = res.body?.access_token;
  const jwt = typeof token === 'string' ? decodeJwt(token) : null;
  return jwt ? (fromText(jwt.payload.scope) ?? fromText(jwt.payload.scp)) : null;
}

/** The HR core v3 target of the run; skips the test when it is not configured. */
export function configuredHr(target: Target): V3Target {
  const hr = target.v3;
  test.skip(!hr, 'HR core v3 not configured');
  // test.skip(true) has thrown: unreachable.
  if (!hr) throw new Error('HR core v3 not configured');
  return hr;
}

/**
 * A token request of the test (recorded among its exchanges): the configured client's, or `client`'s,
 * asking for `scope`, authenticated by `auth`; `more` changes the form or sends the credentials both ways.
 */
export function tokenRequest(
  hr: V3Target,
  target: Target,
  scope: string,
  client?: { clientId: string; clientSecret: string },
  auth: 'post' | 'basic' = hr.tokenAuth,
  more: Pick<TokenRequest, 'form' | 'bothMethods' | 'withoutSecret'> = {},
): Promise<TokenResponse> {
  const { clientId, clientSecret } = client ?? hr;
  return requestToken({
    tokenUrl: hr.tokenUrl,
    clientId,
    clientSecret,
    scope,
    auth,
    timeoutMs: target.run.timeoutMs,
    ...more,
    onExchange: recordInRunningTest,
    replayConfigured: client === undefined,
  });
}

/** A token the client obtained without Public.HrCore.Write: the scope asked for, and what the answer says it grants. */
export interface ScopedToken {
  token: string;
  scope: string;
  granted: string[] | null;
}

export type NoWriteToken = { kind: 'tokens'; tokens: ScopedToken[] } | { kind: 'none'; reason: string; attempts: string[] };

/**
 * Asks for tokens without Public.HrCore.Write: the configured scopes minus it, then a few other
 * scope names (the learning scope is not shown, 001 §5.5), a write scope of another area among them.
 * Every one the endpoint issues without granting Public.HrCore.Write is returned: each must be
 * refused by the HR core operations. A token endpoint that refuses them all, or grants
 * Public.HrCore.Write anyway, leaves the client no such token: then the scope rule is satisfied vacuously.
 */
export async function noWriteToken(hr: V3Target, target: Target): Promise<NoWriteToken> {
  const configured = hr.scope
    .split(/\s+/)
    .filter((s) => s && s !== HR_WRITE_SCOPE)
    .join(' ');
  const candidates = [...new Set([configured, 'Public.Learning.Read', 'Public.Learning.Write', 'Public.HrCore.Read'].filter(Boolean))];
  const attempts: string[] = [];
  const tokens: ScopedToken[] = [];
  for (const scope of candidates) {
    const res = await tokenRequest(hr, target, scope);
    const token = res.body?.access_token;
    if (res.status !== 200 || typeof token !== 'string' || token === '') {
      attempts.push(`${scope}: HTTP ${res.status}`);
      continue;
    }
    const granted = grantedScopes(res);
    if (granted?.includes(HR_WRITE_SCOPE)) {
      attempts.push(`${scope}: granted ${granted.join(' ')}`);
      continue;
    }
    tokens.push({ token, scope, granted });
  }
  if (tokens.length > 0) return { kind: 'tokens', tokens };
  return { kind: 'none', reason: 'the token endpoint gives this client no token without Public.HrCore.Write', attempts };
}

/** Per target: a fault run's worker moves between reference servers, and a token is its issuer's. */
const memos = new WeakMap<Target, { at: number; value: Promise<NoWriteToken> }>();

/** `noWriteToken`, shared by the tests of a worker while the tokens are young (tokens live 300 s, 001 §5.3). */
export function sharedNoWriteToken(hr: V3Target, target: Target): Promise<NoWriteToken> {
  let memo = memos.get(target);
  if (!memo || Date.now() - memo.at > 120_000) memos.set(target, (memo = { at: Date.now(), value: noWriteToken(hr, target) }));
  return memo.value;
}

/**
 * A token issued to another client (on the embedded server, a client of another tenant): what the API
 * does with it is observed, 001 §5.4 issuing credentials per environment, not per tenant. Skips the
 * test with the reason when no second client is known (remote targets).
 */
export async function foreignClientToken(target: Target): Promise<string> {
  const other = target.v3?.otherClient ?? null;
  test.skip(
    !other || !target.v3,
    'no second client of this environment is known (only the embedded server has one): the foreign-token refusal cannot be built',
  );
  if (!other || !target.v3) return '';
  const res = await tokenRequest(target.v3, target, target.v3.scope, other);
  const token = res.body?.access_token;
  if (res.status !== 200 || typeof token !== 'string' || token === '')
    failSetup('v3.auth.token', `the token endpoint gave the second client no token (HTTP ${res.status})`);
  return token;
}

/** A scope added to Public.HrCore.Write when the configured scope is that one alone (001 §5.2: "several scopes"). */
export const EXTRA_SCOPE = 'openid';

/**
 * The space-separated scope list of several scopes, Public.HrCore.Write among them (001 §5.2): the
 * configured scopes when they are already several, else `openid` and Public.HrCore.Write, in that
 * order (a list is a list: the scope the operations need need not come first).
 */
export function severalScopes(hr: V3Target): string {
  const configured = [...new Set(hr.scope.split(/\s+/).filter(Boolean))];
  const scopes = configured.includes(HR_WRITE_SCOPE) ? configured : [HR_WRITE_SCOPE, ...configured];
  return (scopes.length > 1 ? scopes : [EXTRA_SCOPE, HR_WRITE_SCOPE]).join(' ');
}

export type SeveralScopesToken =
  | { kind: 'token'; token: string; scope: string; granted: string[] | null }
  | { kind: 'refused'; scope: string; status: number; error: string };

/** Asks for a token with `severalScopes`. */
export async function severalScopesToken(hr: V3Target, target: Target): Promise<SeveralScopesToken> {
  const scope = severalScopes(hr);
  const res = await tokenRequest(hr, target, scope);
  const token = res.body?.access_token;
  if (res.status === 200 && typeof token === 'string' && token !== '') return { kind: 'token', token, scope, granted: grantedScopes(res) };
  const error = typeof res.body?.error === 'string' ? res.body.error : res.text.slice(0, 120);
  return { kind: 'refused', scope, status: res.status, error };
}

const severalMemos = new WeakMap<Target, { at: number; value: Promise<SeveralScopesToken> }>();

/** `severalScopesToken`, shared by the tests of a worker for a minute (tokens live 300 s, 001 §5.3). */
export function sharedSeveralScopesToken(hr: V3Target, target: Target): Promise<SeveralScopesToken> {
  let memo = severalMemos.get(target);
  if (!memo || Date.now() - memo.at > 60_000) severalMemos.set(target, (memo = { at: Date.now(), value: severalScopesToken(hr, target) }));
  return memo.value;
}

/** The lifetime a token response states, and where: expires_in (RFC 6749 §5.1), else the JWT's exp - iat (RFC 7519 §4.1.4, §4.1.6). */
export function statedLifetime(res: TokenResponse): { seconds: number; source: string } | null {
  const expiresIn = res.body?.expires_in;
  const fromExpiresIn =
    typeof expiresIn === 'number' ? expiresIn : typeof expiresIn === 'string' && /^\d+$/.test(expiresIn) ? Number(expiresIn) : NaN;
  if (Number.isFinite(fromExpiresIn) && fromExpiresIn > 0) return { seconds: fromExpiresIn, source: 'expires_in' };
  const token = res.body?.access_token;
  const jwt = typeof token === 'string' ? decodeJwt(token) : null;
  const exp = jwt?.payload.exp;
  const iat = jwt?.payload.iat;
  if (typeof exp === 'number' && typeof iat === 'number' && exp > iat) return { seconds: exp - iat, source: 'the JWT exp - iat' };
  return null;
}
