/**
 * v3 credentials (001 §5): an OAuth 2.0 client-credentials token, asked for with the configured
 * scopes, cached, and fetched anew before its lifetime (300 s, 001 §5.3 / §8) runs out. Concurrent
 * callers share one fetch.
 */
import { request, type Dispatcher } from '../http/undici';
import type { AuthProvider } from '../http/client';
import { configuredExtraHeaders, freshDispatcher, mergeHeaders, sharedDispatcher } from '../http/dispatcher';
import { connectionOf, followConnections } from '../http/connection';
import { CONNECTION_RESET, RESENT_ON_FRESH } from '../http/retry';
import { shellQuote, type Exchange } from '../http/exchange';
import { nextExchangeSeq, noteExchange } from '../http/last-exchange';
import { redact, redactHeaders, registerSecret, registerSecretHeaders } from '../http/redact';
import { HR_WRITE_SCOPE } from '../../contract/terms';

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
  /**
   * Form fields sent instead of the client credentials grant's own (`grant_type`, `scope`), for the
   * refusals a test provokes; a field given as null is left out.
   */
  form?: Readonly<Record<string, string | null>>;
  /** Client credentials both in HTTP basic and in the form (RFC 6749 §2.3: a client MUST NOT; the refusal is tested). */
  bothMethods?: boolean;
  /** By the form, client_id alone, without client_secret (RFC 6749 §2.3.1: REQUIRED; the refusal is tested). */
  withoutSecret?: boolean;
  /** Receives the request and its answer as an exchange (the running test's log). */
  onExchange?: (exchange: Exchange) => void;
  /** The replay command sends the configured client's credentials ($HR_CLIENT_ID, $HR_CLIENT_SECRET); default: what was sent, redacted. */
  replayConfigured?: boolean;
}

/** What a token endpoint answered: the status, the parsed body, and the exchange it was (secrets redacted). */
export interface TokenResponse {
  status: number;
  /** The parsed body (JSON), or null when it was not JSON. */
  body: Record<string, unknown> | null;
  text: string;
  /** The request and its answer as recorded: its seq is what a verdict names. */
  exchange: Exchange & { response: NonNullable<Exchange['response']> };
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

/** The members of a token answer that carry a credential: registered as secrets before anything is recorded. */
const SECRET_MEMBERS = ['access_token', 'refresh_token', 'id_token'];

/** The form of a token request: the client credentials grant with `scope`, as `req.form` changes it, with the client's fields when it authenticates by them. */
function tokenForm(req: TokenRequest): URLSearchParams {
  const fields: Record<string, string | null> = { grant_type: 'client_credentials', scope: req.scope, ...req.form };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.set(name, value);
  if (req.auth === 'post' || req.bothMethods) {
    form.set('client_id', req.clientId);
    if (!req.withoutSecret) form.set('client_secret', req.clientSecret);
  }
  return form;
}

/** A shell line that sends the token request again; the configured client's secret comes from the environment. */
function tokenCurl(req: TokenRequest, form: URLSearchParams): string {
  const parts = ['curl', '-sS', '-i', '-X', 'POST', shellQuote(req.tokenUrl)];
  for (const [name, value] of form) {
    if (name === 'client_secret' && req.replayConfigured) parts.push('--data-urlencode', 'client_secret="$HR_CLIENT_SECRET"');
    else if (name === 'client_id' && req.replayConfigured) parts.push('--data-urlencode', 'client_id="$HR_CLIENT_ID"');
    else parts.push('--data-urlencode', shellQuote(`${name}=${value}`));
  }
  if (req.auth === 'basic' || req.bothMethods)
    parts.push('-u', req.replayConfigured ? '"$HR_CLIENT_ID:$HR_CLIENT_SECRET"' : shellQuote(`${req.clientId}:${req.clientSecret}`));
  return redact(parts.join(' '));
}

followConnections();

/**
 * One token request, answered as it came and recorded as an exchange (`req.onExchange`); the token
 * (if any) and the client secret are registered as secrets first, so no record carries them. A
 * transport failure is recorded too, then thrown as a TokenError.
 */
export async function requestToken(req: TokenRequest): Promise<TokenResponse> {
  registerSecret(req.clientSecret, req.clientId);
  if (req.extraHeaders) registerSecretHeaders(req.extraHeaders);
  const form = tokenForm(req);
  const headers: Record<string, string> = mergeHeaders(req.extraHeaders ?? configuredExtraHeaders(), {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  });
  if (req.auth === 'basic' || req.bothMethods) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(req.clientId)}:${encodeURIComponent(req.clientSecret)}`).toString('base64')}`;
    registerSecret(encodeURIComponent(req.clientSecret), encodeURIComponent(req.clientId));
  }
  const body = form.toString();
  const started = performance.now();
  const startedAt = new Date().toISOString();
  // The attempt the next record is (a token request sent again after a reset of a reused connection is its second).
  let attempt: Pick<Exchange, 'retries' | 'retryOf'> = { retries: 0 };
  const record = (
    response: Exchange['response'],
    error: string | null,
    note: Pick<Exchange, 'connection' | 'sentAgain'> = {},
  ): Exchange => {
    const recordedRequest = { method: 'POST', url: redact(req.tokenUrl), headers: redactHeaders(headers), body: redact(body) };
    const exchange: Exchange = {
      seq: nextExchangeSeq(),
      api: 'hr',
      operationId: null,
      request: recordedRequest,
      response,
      error,
      durationMs: performance.now() - started,
      startedAt,
      ...attempt,
      ...note,
      curl: tokenCurl(req, form),
    };
    noteExchange(exchange);
    req.onExchange?.(exchange);
    return exchange;
  };
  let res: Dispatcher.ResponseData;
  const ask = (dispatcher: Dispatcher): Promise<Dispatcher.ResponseData> =>
    request(req.tokenUrl, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(req.timeoutMs),
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
      dispatcher,
    });
  try {
    res = await ask(req.dispatcher ?? sharedDispatcher(req.timeoutMs)).catch(async (error: unknown) => {
      // A kept-alive connection closed before any answer (an idle time-out): recorded, and asked again once on a fresh one (D60).
      if (connectionOf(error) !== 'reused') throw error;
      const lost = record(null, CONNECTION_RESET, { connection: 'reused', sentAgain: RESENT_ON_FRESH });
      attempt = { retries: 1, retryOf: lost.seq };
      const fresh = freshDispatcher(req.timeoutMs);
      const done = (): void => void fresh.close().catch(() => undefined);
      const answer = await ask(fresh).catch((again: unknown) => {
        done();
        throw again;
      });
      answer.body.once('close', done);
      return answer;
    });
  } catch (error) {
    const err = error as { name?: string; code?: string; cause?: { code?: string } };
    const code = err.code ?? err.cause?.code ?? err.name;
    const why = code === 'TimeoutError' ? `time-out after ${req.timeoutMs} ms` : String(code);
    record(null, why);
    throw new TokenError(`the token endpoint ${req.tokenUrl} did not answer (${why})`, null);
  }
  const raw = await res.body.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  for (const name of SECRET_MEMBERS) if (typeof parsed?.[name] === 'string') registerSecret(parsed[name]);
  const responseHeaders: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
  const text = redact(raw);
  const response = {
    status: res.statusCode,
    headers: redactHeaders(responseHeaders),
    text,
    truncated: false,
    bytes: Buffer.byteLength(raw),
  };
  const exchange = record(response, null) as TokenResponse['exchange'];
  return { status: res.statusCode, body: parsed, text, exchange };
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
    private readonly fetchToken: () => Promise<Pick<TokenResponse, 'status' | 'body' | 'text'>>,
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
