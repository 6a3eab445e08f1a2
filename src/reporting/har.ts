/**
 * Exchanges as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), for `reports/exchanges.har`
 * (every recorded exchange of the run, INTERFACE.md) and for a failing test's exchanges attached to the
 * Allure report. Secrets are redacted as in every other text: headers with `redactHeaders`, the URL,
 * bodies and errors with `redact` (src/http/redact.ts), again here, so a secret registered after the
 * exchange was recorded is hidden too.
 *
 * A run writes in two steps: each worker appends its entries as JSON lines to
 * `reports/run/har/<worker>.jsonl` (`appendHarEntries`, cheap and safe with many workers), and at the
 * end one process merges the files into `reports/exchanges.har` (`writeHarFile`). An exchange without a
 * response (a transport failure) becomes an entry with status 0 and `_error`, as browsers record a
 * failed request. Entries of one test share a page (`pageref`), so HAR viewers group them by test.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { dirname, join } from 'node:path';
import type { Exchange } from '../http/exchange';
import { redact, redactHeaders } from '../http/redact';

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: { mimeType: string; text: string; params: HarNameValue[] };
  headersSize: number;
  bodySize: number;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  content: { size: number; mimeType: string; text?: string; comment?: string };
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  /** The transport failure, when there was no response (status 0). */
  _error?: string;
}

export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  /** Milliseconds from the first byte sent to the last received, retries included. */
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: { blocked: number; dns: number; connect: number; ssl: number; send: number; wait: number; receive: number };
  comment?: string;
  /** The suite's own fields (HAR allows custom fields that start with "_"). */
  _api: string;
  _operationId: string | null;
  _seq: number;
  _retries: number;
  _error?: string;
  /** The test that made the exchange, when known. */
  _test?: string;
}

export interface HarPage {
  id: string;
  title: string;
  startedDateTime: string;
  pageTimings: Record<string, never>;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages?: HarPage[];
    entries: HarEntry[];
    comment?: string;
  };
}

/** Where the test was, for grouping: its title (shown as the HAR page) and an id unique in the run. */
export interface HarContext {
  test?: string;
  /** Defaults to the test's title. */
  testId?: string;
}

export const HAR_CREATOR = { name: 'api-conformance-suite', version: process.env.npm_package_version ?? '0.1.0' } as const;

const pairs = (headers: Record<string, string>): HarNameValue[] =>
  Object.entries(redactHeaders(headers)).map(([name, value]) => ({ name, value }));

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

function queryOf(url: string): HarNameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** One exchange as a HAR 1.2 entry, secrets redacted. */
export function toHarEntry(exchange: Exchange, context: HarContext = {}): HarEntry {
  const { request, response } = exchange;
  const time = Math.max(0, Math.round(exchange.durationMs * 1000) / 1000);
  const startedDateTime = exchange.startedAt ?? new Date(Date.now() - time).toISOString();
  const url = redact(request.url);
  const body = request.body === null ? null : redact(request.body);
  const harRequest: HarRequest = {
    method: request.method,
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: pairs(request.headers),
    queryString: queryOf(url),
    ...(body === null
      ? {}
      : { postData: { mimeType: headerOf(request.headers, 'content-type') ?? 'application/octet-stream', text: body, params: [] } }),
    headersSize: -1,
    bodySize: body === null ? 0 : Buffer.byteLength(body),
  };
  const error = exchange.error === null ? undefined : redact(exchange.error);
  const harResponse: HarResponse = response
    ? {
        status: response.status,
        statusText: STATUS_CODES[response.status] ?? '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: pairs(response.headers),
        content: {
          size: response.bytes,
          mimeType: headerOf(response.headers, 'content-type') ?? 'x-unknown',
          text: redact(response.text),
          ...(response.truncated ? { comment: `body cut at ${Buffer.byteLength(response.text)} of ${response.bytes}+ bytes` } : {}),
        },
        redirectURL: headerOf(response.headers, 'location') ?? '',
        headersSize: -1,
        bodySize: response.bytes,
      }
    : {
        status: 0,
        statusText: '',
        httpVersion: '',
        cookies: [],
        headers: [],
        content: { size: 0, mimeType: 'x-unknown' },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
        _error: error ?? 'no response',
      };
  const testId = context.testId ?? context.test;
  return {
    ...(testId === undefined ? {} : { pageref: pageId(testId) }),
    startedDateTime,
    time,
    request: harRequest,
    response: harResponse,
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: time, receive: 0 },
    ...(exchange.retries ? { comment: `sent ${exchange.retries + 1} times (429/503 with Retry-After)` } : {}),
    _api: exchange.api,
    _operationId: exchange.operationId,
    _seq: exchange.seq,
    _retries: exchange.retries,
    ...(error === undefined ? {} : { _error: error }),
    ...(context.test === undefined ? {} : { _test: redact(context.test) }),
  };
}

/** A page id for a test: short, stable, safe in any viewer. */
export function pageId(testId: string): string {
  let hash = 2166136261;
  for (let i = 0; i < testId.length; i += 1) hash = Math.imul(hash ^ testId.charCodeAt(i), 16777619) >>> 0;
  return `test_${hash.toString(16).padStart(8, '0')}`;
}

/** The HAR document of `entries`, in the order they started, with a page per test. */
export function harLog(entries: readonly HarEntry[], comment?: string): Har {
  const sorted = [...entries].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime) || a._seq - b._seq);
  const pages = new Map<string, HarPage>();
  for (const entry of sorted) {
    if (entry.pageref === undefined || pages.has(entry.pageref)) continue;
    pages.set(entry.pageref, {
      id: entry.pageref,
      title: entry._test ?? entry.pageref,
      startedDateTime: entry.startedDateTime,
      pageTimings: {},
    });
  }
  return {
    log: {
      version: '1.2',
      creator: { ...HAR_CREATOR },
      ...(pages.size ? { pages: [...pages.values()] } : {}),
      entries: sorted,
      ...(comment === undefined ? {} : { comment }),
    },
  };
}

/** A failing test's exchanges as a HAR attachment (Allure, testInfo.attach): name, content type, body. */
export function harAttachment(
  exchanges: readonly Exchange[],
  test?: string,
): { name: string; contentType: 'application/json'; body: string } {
  const entries = exchanges.map((e) => toHarEntry(e, test === undefined ? {} : { test }));
  return { name: 'exchanges.har', contentType: 'application/json', body: `${JSON.stringify(harLog(entries), null, 2)}\n` };
}

/** The folder the workers append to, under a run's reports folder. */
export const harEntriesDir = (reportsDir: string): string => join(reportsDir, 'run', 'har');

/** The JSON-lines file of one worker (its parallel index or its pid). */
export const harEntriesFile = (reportsDir: string, worker: number | string): string => join(harEntriesDir(reportsDir), `${worker}.jsonl`);

/** Appends entries to a worker's JSON-lines file (one `appendFileSync`: a line is never split between writers). */
export function appendHarEntries(file: string, entries: readonly HarEntry[]): void {
  if (entries.length === 0) return;
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
}

/** The entries of JSON-lines files; a line cut short (a worker killed while writing) is skipped. */
export function readHarEntries(files: readonly string[]): HarEntry[] {
  const entries: HarEntry[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        entries.push(JSON.parse(line) as HarEntry);
      } catch {
        // a partial last line
      }
    }
  }
  return entries;
}

/** The JSON-lines files in a folder (e.g. `harEntriesDir(reportsDir)`), sorted. */
export function harEntryFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(dir, f));
}

/** Merges the workers' files into one HAR file at `path`; returns how many entries it holds. */
export function writeHarFile(path: string, files: readonly string[], comment?: string): number {
  const entries = readHarEntries(files);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(harLog(entries, comment))}\n`);
  return entries.length;
}
