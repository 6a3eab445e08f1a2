/**
 * v3 credentials (001 §5): an OAuth 2.0 client-credentials token, asked for with the configured
 * scopes, cached, and fetched anew before its lifetime (300 s, 001 §5.3 / §8) runs out. Concurrent
 * callers share one fetch.
 */
import { request, type Dispatcher } from '../http/undici';
import type { AuthProvider } from '../http/client';
import { configuredExtraHeaders, mergeHeaders, sharedDispatcher } from '../http/dispatcher';
import { redact, registerSecret, registerSecretHeaders } from '../http/redact';
import { HR_WRITE_SCOPE } from '../terms';

export interface TokenRequest {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Client authentication at the token endpoint: form fields or HTTP basic (HR_TOKEN_AUTH). */
  auth: 'post' | 'basic';
  timeoutMs: number;
  /** Default: the process's dispatcher (direct, or through HTTP_PROXY / HTTPS_PROXY; src/http/dispatcher.ts). */
  dispatcher?: Dispatcher;
  /** Gateway headers sent with the token request; default: CONFORMANCE_EXTRA_HEADERS. Secret. */
  extraHeaders?: Readonly<Record<string, string>>;
}

export interface TokenResponse {
  status: number;
  /** The parsed body (JSON), or null when it was not JSON. */
  body: Record<string, unknown> | null;
  text: string;
}

export class TokenError extends Error {
  override readonly name = 'TokenError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(redact(message));
  }
}

/** One token request, answered as it came; the token (if any) is registered as a secret. */
export async function requestToken(req: TokenRequest): Promise<TokenResponse> {
  registerSecret(req.clientSecret, req.clientId);
  const form = new URLSearchParams({ grant_type: 'client_credentials', scope: req.scope });
  if (req.extraHeaders) registerSecretHeaders(req.extraHeaders);
  const headers: Record<string, string> = mergeHeaders(req.extraHeaders ?? configuredExtraHeaders(), {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  });
  if (req.auth === 'basic') {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(req.clientId)}:${encodeURIComponent(req.clientSecret)}`).toString('base64')}`;
    registerSecret(encodeURIComponent(req.clientSecret), encodeURIComponent(req.clientId));
  } else {
    form.set('client_id', req.clientId);
    form.set('client_secret', req.clientSecret);
  }
  let res: Dispatcher.ResponseData;
  try {
    res = await request(req.tokenUrl, {
      method: 'POST',
      headers,
      body: form.toString(),
      signal: AbortSignal.timeout(req.timeoutMs),
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
      dispatcher: req.dispatcher ?? sharedDispatcher(req.timeoutMs),
    });
  } catch (error) {
    const err = error as { name?: string; code?: string; cause?: { code?: string } };
    const code = err.code ?? err.cause?.code ?? err.name;
    throw new TokenError(
      `the token endpoint ${req.tokenUrl} did not answer (${code === 'TimeoutError' ? `time-out after ${req.timeoutMs} ms` : code})`,
      null,
    );
  }
  const text = await res.body.text();
  let body: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  if (typeof body?.access_token === 'string') registerSecret(body.access_token);
  return { status: res.statusCode, body, text: redact(text) };
}

export interface CachedToken {
  accessToken: string;
  /** Clock time (ms) after which the cache asks for a new token. */
  refreshAt: number;
  expiresIn: number | null;
}

/** Seconds before the end of a token's life at which a new one is fetched. */
export const REFRESH_MARGIN_S = 30;
const DEFAULT_LIFETIME_S = 300;

export class TokenCache {
  private current: CachedToken | null = null;
  private inFlight: Promise<CachedToken> | null = null;
  fetches = 0;

  constructor(
    private readonly fetchToken: () => Promise<TokenResponse>,
    private readonly now: () => number = Date.now,
  ) {}

  async token(): Promise<string> {
    const current = this.current;
    if (current && this.now() < current.refreshAt) return current.accessToken;
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = null;
    });
    return (await this.inFlight).accessToken;
  }

  /** Drops the cached token (e.g. after the target refused it). */
  invalidate(): void {
    this.current = null;
  }

  private async refresh(): Promise<CachedToken> {
    this.fetches += 1;
    const res = await this.fetchToken();
    const token = res.body?.access_token;
    if (res.status !== 200 || typeof token !== 'string' || token === '') {
      throw new TokenError(`the token endpoint refused the client credentials (HTTP ${res.status}: ${res.text.slice(0, 300)})`, res.status);
    }
    const expiresIn = typeof res.body?.expires_in === 'number' ? res.body.expires_in : null;
    const lifetime = expiresIn ?? DEFAULT_LIFETIME_S;
    const cached = { accessToken: token, expiresIn, refreshAt: this.now() + Math.max(0, lifetime - REFRESH_MARGIN_S) * 1000 };
    this.current = cached;
    return cached;
  }
}

export function tokenCommand(tokenAuth: 'post' | 'basic'): string {
  const client =
    tokenAuth === 'basic'
      ? '-u "$HR_CLIENT_ID:$HR_CLIENT_SECRET"'
      : '-d client_id="$HR_CLIENT_ID" --data-urlencode client_secret="$HR_CLIENT_SECRET"';
  return `curl -sS -X POST "$HR_TOKEN_URL" -d grant_type=client_credentials --data-urlencode scope="\${HR_SCOPE:-${HR_WRITE_SCOPE}}" ${client} | sed -E 's/.*"access_token" *: *"([^"]+)".*/\\1/'`;
}

export function bearerAuth(cache: TokenCache, tokenAuth: 'post' | 'basic'): AuthProvider {
  return {
    headers: async () => ({ authorization: `Bearer ${await cache.token()}` }),
    curl: { kind: 'bearer', tokenCommand: tokenCommand(tokenAuth) },
  };
}

/** A fixed bearer value (for refusal checks: malformed or foreign tokens). */
export function fixedBearer(value: string): AuthProvider {
  return {
    headers: async () => ({ authorization: `Bearer ${value}` }),
    curl: { kind: 'bearer', tokenCommand: "echo 'not-a-valid-token'" },
  };
}
