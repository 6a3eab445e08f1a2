/**
 * The suite's HTTP client, on undici: auth applied per API, a time-out on every wait, politeness
 * bounds, bounded retries on 429/503 with Retry-After and after a reset of a reused connection
 * (src/http/retry.ts), a cap on body size, and every attempt recorded as an Exchange (secrets
 * redacted) for the report.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { request as undiciRequest, type Dispatcher } from './undici';
import { operation } from '../../contract/catalogue';
import type { ApiName, OperationSpec } from '../../contract/catalogue/types';
import { toCurl, type CurlAuth, type Exchange } from './exchange';
import { nextExchangeSeq, noteExchange } from './last-exchange';
import type { Limiter } from './limiter';
import { configuredExtraHeaders, freshDispatcher, mergeHeaders, sharedDispatcher } from './dispatcher';
import { redact, redactHeaders, registerSecretHeaders } from './redact';
import { connectionOf, followConnections } from './connection';
import { ambiguityOf, CONNECTION_RESET, nextStep, RETRY_LIMITS, type RetryLimits } from './retry';

/** Supplies credentials for one request, and says how a replay command supplies them. */
export interface AuthProvider {
  headers(): Promise<Record<string, string>>;
  readonly curl: CurlAuth;
}

export const NO_AUTH: AuthProvider = { headers: async () => ({}), curl: { kind: 'none' } };

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

export interface RequestSpec {
  method: string;
  /** Path relative to the API base URL, e.g. "/candidates/c-1"; ids are URL-encoded by the caller (use `pathFor`). */
  path: string;
  query?: Record<string, QueryValue>;
  /** A JSON value to send, or a raw body with its content type. */
  body?: unknown;
  raw?: { text: string; contentType: string };
  headers?: Record<string, string>;
  operationId?: string;
  /** Replaces the client's auth for this request (e.g. NO_AUTH, or wrong credentials). */
  auth?: AuthProvider;
}

/** A request named by its catalogue operation: method and path template come from the catalogue entry. */
export interface CallSpec {
  /** A value for each path parameter of the operation, by its catalogue name; a missing or unknown name throws. */
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  raw?: { text: string; contentType: string };
  headers?: Record<string, string>;
  auth?: AuthProvider;
}

export interface ClientConfig {
  api: ApiName;
  baseUrl: string;
  auth: AuthProvider;
  limiter: Limiter;
  timeoutMs: number;
  /** JSON media type of request bodies: application/vnd.api+json for RM (000 §1), application/json for v3 (001 §4). */
  jsonContentType: string;
  maxBodyBytes?: number;
  /** Attempts after the first (default: RETRY_LIMITS.attempts - 1); 0: never sent again. */
  maxRetries?: number;
  onExchange?: (exchange: Exchange) => void;
  /** Default: the process's dispatcher (direct, or through HTTP_PROXY / HTTPS_PROXY; src/http/dispatcher.ts). */
  dispatcher?: Dispatcher;
  /** Gateway headers sent first on every request (the client's, the test's and auth win); default: CONFORMANCE_EXTRA_HEADERS. Secret. */
  extraHeaders?: Readonly<Record<string, string>>;
}

/** Counters shared by every client of a worker, reported as observations. */
export const clientStats = { requests: 0, retries: 0, transportErrors: 0 };

const DEFAULT_MAX_BODY = 2 * 1024 * 1024;

followConnections();

export class ApiClient {
  constructor(readonly config: ClientConfig) {
    if (config.extraHeaders) registerSecretHeaders(config.extraHeaders);
  }

  /** A client like this one but with other credentials or another recorder. */
  with(changes: Partial<ClientConfig>): ApiClient {
    return new ApiClient({ ...this.config, ...changes });
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    const url = new URL(this.config.baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      url.searchParams.append(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    return url.toString();
  }

  /**
   * Sends the operation `operationId` of the catalogue: its method, its path with `params` filled in
   * (every path parameter, and only those, or this throws: a suite error, never a silent fallback).
   */
  async call(operationId: string, spec: CallSpec = {}): Promise<Exchange> {
    const op = this.operation(operationId);
    const { params, ...rest } = spec;
    return this.send({ ...rest, method: op.method, path: pathOf(op, params ?? {}), operationId: op.id });
  }

  /** The catalogue entry of `operationId`, which must be an operation of this client's API. */
  operation(operationId: string): OperationSpec {
    const op = operation(operationId);
    if (op.api !== this.config.api) throw new Error(`${operationId} is an operation of ${op.api}, not of this ${this.config.api} client`);
    return op;
  }

  /**
   * Sends the request and returns its answer. Every attempt is an exchange of its own, recorded as it
   * ends (`onExchange`); the one returned is the last. A 429, or a 503 with Retry-After, is waited out
   * and sent again, slowing the whole run down (Limiter.throttle); a reset of a reused connection
   * before any answer is sent again on a fresh connection (src/http/retry.ts, D60-D62).
   */
  async send(spec: RequestSpec): Promise<Exchange> {
    const { config } = this;
    const auth = spec.auth ?? config.auth;
    const url = this.url(spec.path, spec.query);
    // RM bodies are JSON:API-like (000 §1), v3 bodies JSON (001 §4); any answer is read.
    const accept =
      config.jsonContentType === 'application/json'
        ? 'application/json, */*;q=0.1'
        : `${config.jsonContentType}, application/json;q=0.9, */*;q=0.1`;
    const headers: Record<string, string> = mergeHeaders(config.extraHeaders ?? configuredExtraHeaders(), { accept, ...spec.headers });
    let body: string | null = null;
    if (spec.raw) {
      body = spec.raw.text;
      headers['content-type'] = spec.raw.contentType;
    } else if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = config.jsonContentType;
    }
    const limits: RetryLimits = { ...RETRY_LIMITS, attempts: 1 + (config.maxRetries ?? RETRY_LIMITS.attempts - 1) };
    // The API's base address names the target whose pace a 429 sets (two APIs on one host keep their own).
    const target = config.baseUrl;
    const state = { attempts: 0, waitedMs: 0, backoffs: 0 };
    let previous: Exchange | null = null;
    let fresh = false;
    let ambiguous: string | null = null;
    for (;;) {
      const sentHeaders = mergeHeaders(headers, await auth.headers());
      // Timed from when the limiter lets it go: a wait the target asked for is not the attempt's time.
      let started = performance.now();
      let startedAt = new Date().toISOString();
      const outcome = await config.limiter.run(() => {
        if (state.attempts > 0) {
          started = performance.now();
          startedAt = new Date().toISOString();
        }
        return this.once(spec.method, url, sentHeaders, body, fresh);
      }, target);
      state.attempts += 1;
      const step = nextStep({ method: spec.method, ...outcome }, state, limits);
      const exchange = this.record(spec, auth, url, sentHeaders, body, outcome, {
        durationMs: performance.now() - started,
        startedAt,
        retries: state.attempts - 1,
        ...(previous ? { retryOf: previous.seq } : {}),
        ...(step.kind !== 'keep' ? { sentAgain: step.why } : {}),
        ...(step.kind === 'keep' && step.unjudged ? { unjudged: step.unjudged } : {}),
        // An answer may differ for the first attempt's effect; no answer at all on a fresh connection is the target's.
        ...(ambiguous && outcome.response ? { ambiguous } : {}),
      });
      if (step.kind === 'keep') return exchange;
      clientStats.retries += 1;
      previous = exchange;
      if (step.kind === 'fresh') {
        fresh = true;
        ambiguous = ambiguityOf(spec.method);
        continue;
      }
      // The target asked the whole run to wait (429/503): every request of this worker to it waits, and the board tells the others.
      state.waitedMs += step.waitMs;
      if (step.backoff) state.backoffs += 1;
      config.limiter.throttle(target, step.waitMs);
    }
  }

  /** Records one attempt as an exchange (redacted), notes it as the worker's latest and hands it to the recorder. */
  private record(
    spec: RequestSpec,
    auth: AuthProvider,
    url: string,
    sentHeaders: Record<string, string>,
    body: string | null,
    outcome: AttemptResult,
    attempt: Pick<Exchange, 'durationMs' | 'startedAt' | 'retries' | 'retryOf' | 'sentAgain' | 'unjudged' | 'ambiguous'>,
  ): Exchange {
    clientStats.requests += 1;
    if (outcome.error) clientStats.transportErrors += 1;
    const recordedRequest = {
      method: spec.method,
      url: redact(url),
      headers: redactHeaders(sentHeaders),
      body: body === null ? null : redact(body),
    };
    const exchange: Exchange = {
      seq: nextExchangeSeq(),
      api: this.config.api,
      operationId: spec.operationId ?? null,
      request: recordedRequest,
      response: outcome.response,
      error: outcome.error,
      ...(outcome.connection ? { connection: outcome.connection } : {}),
      ...attempt,
      curl: toCurl(recordedRequest, auth.curl),
    };
    noteExchange(exchange);
    this.config.onExchange?.(exchange);
    return exchange;
  }

  /** One attempt; `fresh`: on a connection of its own, made for it and closed after (never one kept alive). */
  private async once(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | null,
    fresh: boolean,
  ): Promise<AttemptResult> {
    const { timeoutMs } = this.config;
    const maxBytes = this.config.maxBodyBytes ?? DEFAULT_MAX_BODY;
    const signal = AbortSignal.timeout(timeoutMs);
    const dispatcher = fresh ? freshDispatcher(timeoutMs) : (this.config.dispatcher ?? sharedDispatcher(timeoutMs));
    let res: Dispatcher.ResponseData;
    try {
      res = await undiciRequest(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal,
        dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      // No answer at all: the connection it went out on tells the client's race from the target's failure.
      if (fresh) void dispatcher.close().catch(() => undefined);
      const connection = fresh ? 'fresh' : connectionOf(error);
      const what = transportError(error, timeoutMs);
      return {
        response: null,
        error: what === CONNECTION_RESET && connection === 'fresh' ? `${what} on a fresh connection` : what,
        connection,
      };
    }
    try {
      const chunks: Buffer[] = [];
      let bytes = 0;
      let truncated = false;
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        bytes += buf.length;
        if (bytes > maxBytes) {
          truncated = true;
          chunks.push(buf.subarray(0, Math.max(0, maxBytes - (bytes - buf.length))));
          res.body.destroy();
          break;
        }
        chunks.push(buf);
      }
      const responseHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) responseHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
      // RFC 9110 §12.5.3: without Accept-Encoding any coding is acceptable, so an answer may come coded (D87).
      const content = truncated ? Buffer.concat(chunks) : decoded(Buffer.concat(chunks), responseHeaders['content-encoding']);
      return {
        response: {
          status: res.statusCode,
          headers: redactHeaders(responseHeaders),
          text: redact(content.toString('utf8')),
          truncated,
          bytes,
        },
        error: null,
        connection: null,
      };
    } catch (error) {
      // The answer began and broke off: the target's, whatever the connection.
      return { response: null, error: transportError(error, timeoutMs), connection: null };
    } finally {
      if (fresh) void dispatcher.close().catch(() => undefined);
    }
  }
}

/** What one attempt brought: an answer, or a transport error and the connection it went out on. */
interface AttemptResult {
  response: Exchange['response'];
  error: string | null;
  connection: 'fresh' | 'reused' | null;
}

function transportError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err.code ?? err.cause?.code;
  if (
    err.name === 'TimeoutError' ||
    err.name === 'AbortError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return `time-out: no complete answer within ${timeoutMs} ms`;
  }
  if (code === 'ECONNREFUSED') return 'connection refused (nothing listens there)';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return CONNECTION_RESET;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found';
  return redact(`${code ?? err.name ?? 'error'}: ${err.message ?? String(error)}`);
}

/** The path of `op` with its parameters filled in; a parameter missing from `params`, or a name the operation does not have, throws. */
export function pathOf(op: OperationSpec, params: Record<string, string | number>): string {
  const names = new Set(op.pathParams.map((p) => p.name));
  const unknown = Object.keys(params).filter((name) => !names.has(name));
  if (unknown.length > 0)
    throw new Error(
      `${op.id} has no path parameter ${unknown.map((n) => `{${n}}`).join(', ')} (it has: ${[...names].join(', ') || 'none'})`,
    );
  const missing = [...names].filter((name) => params[name] === undefined);
  if (missing.length > 0)
    throw new Error(`${op.id} needs a value for ${missing.map((n) => `{${n}}`).join(', ')} (${op.method} ${op.path})`);
  return pathFor(op.path, params);
}

/** Builds a path from a template and ids, URL-encoding each id: pathFor('/candidates/{candidateId}', {candidateId: 'a b'}). */
export function pathFor(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathFor: no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The content of an answer as its Content-Encoding says it was coded (RFC 9110 §8.4: gzip, deflate,
 * br, in the order applied). A server may code it without being asked (RFC 9110 §12.5.3: without
 * Accept-Encoding "any content coding is considered acceptable"). A coding this client does not
 * know, or content that does not decode, is left as it came (the checks then see what was sent).
 */
export function decoded(body: Buffer, contentEncoding: string | undefined): Buffer {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let out = body;
  try {
    for (const coding of codings.reverse()) {
      if (out.length === 0) break;
      if (coding === 'gzip' || coding === 'x-gzip') out = gunzipSync(out);
      else if (coding === 'deflate') out = inflateSync(out);
      else if (coding === 'br') out = brotliDecompressSync(out);
      else return body;
    }
  } catch {
    return body;
  }
  return out;
}
