/**
 * An exchange: one recorded request and its response (or transport failure), secrets redacted,
 * renderable as text for a report and as a `curl` command that replays it.
 */
import { redact, redactHeaders } from './redact';
import type { ApiName } from '../../contract/catalogue/types';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text, cut at the client's limit (see `truncated`). */
  text: string;
  truncated: boolean;
  bytes: number;
}

export interface Exchange {
  seq: number;
  api: ApiName;
  /** Catalogue operation id, when the caller named one. */
  operationId: string | null;
  request: RecordedRequest;
  response: RecordedResponse | null;
  /** Transport failure (time-out, reset, refused), when there is no response. */
  error: string | null;
  durationMs: number;
  /** When the request was first sent (ISO 8601), for the HAR file (src/reporting/har.ts); absent in exchanges made by hand. */
  startedAt?: string;
  /** Earlier attempts of the same request (0: this is its first); each attempt is an exchange of its own (src/http/retry.ts). */
  retries: number;
  /** The `seq` of the attempt this one sends again. */
  retryOf?: number;
  /** Why the client sent this request again after this attempt (429 and the wait, a reset of a reused connection). */
  sentAgain?: string;
  /** The connection it went out on, when it failed and undici said (src/http/connection.ts). */
  connection?: 'fresh' | 'reused';
  /** Why no verdict may rest on this exchange: the target said it did not process the request and the client's tries ran out. */
  unjudged?: string;
  /** Why a failure resting on this exchange cannot be attributed to the target (a write sent again after a reset). */
  ambiguous?: string;
  /** Shell line that replays the request; credentials come from environment variables. */
  curl: string;
}

/**
 * The parsed JSON body, or undefined when the body is empty or not JSON. Parsed once per exchange
 * (checks read a list body two or three times: 27 MB parsed again in an RM run) and frozen, so no
 * reader can change what the next one sees.
 */
export function jsonBody(exchange: Exchange): unknown {
  if (parsedBodies.has(exchange)) return parsedBodies.get(exchange);
  const text = exchange.response?.text;
  let value: unknown;
  try {
    value = text ? deepFreeze(JSON.parse(text) as unknown) : undefined;
  } catch {
    value = undefined;
  }
  parsedBodies.set(exchange, value);
  return value;
}

const parsedBodies = new WeakMap<Exchange, unknown>();

function deepFreeze(value: unknown): unknown {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

export function describe(exchange: Exchange): string {
  const { method, url } = exchange.request;
  const outcome = exchange.response ? String(exchange.response.status) : `no response (${exchange.error ?? 'unknown'})`;
  return `${method} ${urlPathOf(url)} -> ${outcome}${exchange.sentAgain ? ', sent again' : ''}`;
}

/** What the client said of an attempt: why it was sent again, why it repeats another, why it is not judged (empty: nothing). */
export function attemptNotes(exchange: Exchange): string[] {
  return [
    ...(exchange.retryOf !== undefined ? [`attempt ${exchange.retries + 1} of this request`] : []),
    ...(exchange.sentAgain ? [`sent again: ${exchange.sentAgain}`] : []),
    ...(exchange.unjudged ? [`not judged: ${exchange.unjudged}`] : []),
    ...(exchange.ambiguous ? [`a failure on it is not judged: ${exchange.ambiguous}`] : []),
  ];
}

/**
 * The name an exchange is shown under in a test's report: its number within the test, zero-padded
 * to three digits, then `describe` ("003 POST /v2/candidates -> 422"). The conformance reporter
 * counts requests by this shape (/^\d{3,} [A-Z]+ /).
 */
export function exchangeTitle(exchange: Exchange, numberInTest: number): string {
  return `${String(numberInTest).padStart(3, '0')} ${describe(exchange)}`;
}

/** A few lines for a console: request line, outcome, and the first `bodyLines` lines of the response body. */
export function exchangeBrief(exchange: Exchange, bodyLines = 6): string[] {
  const { request, response } = exchange;
  const lines = [`${request.method} ${request.url}`];
  if (!response) return [...lines, `no response: ${exchange.error ?? 'unknown'}`, ...attemptNotes(exchange)].map(redact);
  lines.push(`HTTP ${response.status}${exchange.retries ? ` (attempt ${exchange.retries + 1})` : ''}`);
  const body = pretty(exchange).split('\n');
  const shown = body.slice(0, bodyLines).map((line) => (line.length > 160 ? `${line.slice(0, 160)}...` : line));
  if (body.length > bodyLines) shown.push(`[... ${body.length - bodyLines} more lines]`);
  return [...lines, ...attemptNotes(exchange), ...shown].map(redact);
}

export function urlPathOf(url: string): string {
  const parsed = new URL(url);
  return decodeURIComponent(parsed.pathname + parsed.search);
}

const TEXT_LIMIT = 20_000;

function statusLine(exchange: Exchange, status: number): string {
  return `HTTP ${status}  (${exchange.durationMs.toFixed(0)} ms${exchange.retries ? `, attempt ${exchange.retries + 1}` : ''})`;
}

export function exchangeToText(exchange: Exchange): string {
  const lines: string[] = [];
  const { request, response } = exchange;
  lines.push(`${request.method} ${request.url}`);
  for (const [k, v] of Object.entries(request.headers)) lines.push(`${k}: ${v}`);
  if (request.body !== null) lines.push('', clip(request.body));
  lines.push('', '---', '');
  if (response) {
    lines.push(statusLine(exchange, response.status));
    for (const [k, v] of Object.entries(response.headers)) lines.push(`${k}: ${v}`);
    lines.push('', clip(pretty(exchange)) + (response.truncated ? `\n[body cut at ${response.bytes} bytes]` : ''));
  } else {
    lines.push(`no response: ${exchange.error ?? 'unknown'} (${exchange.durationMs.toFixed(0)} ms)`);
  }
  const notes = attemptNotes(exchange);
  if (notes.length) lines.push('', '--- the client', '', ...notes);
  lines.push('', '--- replay', '', exchange.curl);
  return redact(lines.join('\n'));
}

/** The response body indented when it is JSON (from the parse the checks share), else as it came. */
function pretty(exchange: Exchange): string {
  const value = jsonBody(exchange);
  return value === undefined ? (exchange.response?.text ?? '') : JSON.stringify(value, null, 2);
}

function clip(text: string): string {
  return text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}\n[... ${text.length - TEXT_LIMIT} more characters]` : text;
}

/** How the replay command supplies credentials without writing them down. */
export type CurlAuth =
  | { kind: 'basic'; userVar: string; passwordVar: string }
  | { kind: 'bearer'; tokenCommand: string }
  | { kind: 'none' };

export function toCurl(request: RecordedRequest, auth: CurlAuth): string {
  const parts = ['curl', '-sS', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(redactHeaders(request.headers))) {
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'content-length' || lower === 'x-hmac-date' || lower === 'date') continue;
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  let prefix = '';
  if (auth.kind === 'basic') {
    parts.push('-u', `"$${auth.userVar}:$${auth.passwordVar}"`, '-H', `"x-hmac-date: $(date -u '+%a, %d %b %Y %H:%M:%S GMT')"`);
  } else if (auth.kind === 'bearer') {
    prefix = `TOKEN=$(${auth.tokenCommand}) && `;
    parts.push('-H', '"Authorization: Bearer $TOKEN"');
  }
  if (request.body !== null) parts.push('--data-raw', shellQuote(request.body));
  return redact(prefix + parts.join(' '));
}

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
