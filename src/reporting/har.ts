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
import { attemptNotes, type Exchange } from '../http/exchange';
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
  /** Milliseconds from the first byte sent to the last received (this attempt's). */
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
  /** Earlier attempts of the same request; `_retryOf` the `_seq` of the attempt this one sends again. */
  _retries: number;
  _retryOf?: number;
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
    // The page is the test, named by the runner's own test id: the same id as conformance.json's tests[].id and JUnit's.
    ...(testId === undefined ? {} : { pageref: testId }),
    startedDateTime,
    time,
    request: harRequest,
    response: harResponse,
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: time, receive: 0 },
    ...(attemptNotes(exchange).length ? { comment: attemptNotes(exchange).join('; ') } : {}),
    _api: exchange.api,
    _operationId: exchange.operationId,
    _seq: exchange.seq,
    _retries: exchange.retries,
    ...(exchange.retryOf === undefined ? {} : { _retryOf: exchange.retryOf }),
    ...(error === undefined ? {} : { _error: error }),
    ...(context.test === undefined ? {} : { _test: redact(context.test) }),
  };
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

/**
 * What the merge orders and groups an entry by, written before it on its line: the merge reads these
 * few fields and copies each entry's bytes as they are, without decoding, parsing or writing again
 * the bodies (~17 MB a run: ~1 s of the runner's end, against ~0.2 s).
 */
interface LineKey {
  t: string;
  s: number;
  p?: string;
  n?: string;
}

const TAB = 0x09;
const NEWLINE = 0x0a;

/**
 * Appends entries to a worker's JSON-lines file (one `appendFileSync`: a line is never split between
 * writers). A line is the entry's key, a tab, the entry: JSON never holds a raw tab, so the first
 * tab ends the key and a line with two is one a killed worker left cut short.
 */
export function appendHarEntries(file: string, entries: readonly HarEntry[]): void {
  if (entries.length === 0) return;
  mkdirSync(dirname(file), { recursive: true });
  const line = (e: HarEntry): string => {
    const key: LineKey = {
      t: e.startedDateTime,
      s: e._seq,
      ...(e.pageref === undefined ? {} : { p: e.pageref }),
      ...(e._test === undefined ? {} : { n: e._test }),
    };
    return `${JSON.stringify(key)}\t${JSON.stringify(e)}\n`;
  };
  appendFileSync(file, entries.map(line).join(''));
}

interface RawEntry {
  key: LineKey;
  bytes: Buffer;
}

/** The complete lines of JSON-lines files, key parsed, entry as bytes; a line cut short (a worker killed while writing) is skipped. */
function readRawEntries(files: readonly string[]): RawEntry[] {
  const entries: RawEntry[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const data = readFileSync(file);
    // Only lines that end with a newline are whole; the text after the last one is a cut write.
    for (let start = 0, end = data.indexOf(NEWLINE); end >= 0; start = end + 1, end = data.indexOf(NEWLINE, start)) {
      const tab = data.indexOf(TAB, start);
      const secondTab = tab < 0 ? -1 : data.indexOf(TAB, tab + 1);
      if (tab < 0 || tab > end || (secondTab !== -1 && secondTab < end)) continue;
      const bytes = data.subarray(tab + 1, end);
      if (bytes[0] !== 0x7b || bytes[bytes.length - 1] !== 0x7d) continue;
      try {
        const key = JSON.parse(data.toString('utf8', start, tab)) as LineKey;
        if (typeof key.t === 'string' && typeof key.s === 'number') entries.push({ key, bytes });
      } catch {
        // a cut line
      }
    }
  }
  return entries;
}

/** The entries of JSON-lines files; a line cut short (a worker killed while writing) is skipped. */
export function readHarEntries(files: readonly string[]): HarEntry[] {
  return readRawEntries(files).flatMap(({ bytes }) => {
    try {
      return [JSON.parse(bytes.toString('utf8')) as HarEntry];
    } catch {
      return [];
    }
  });
}

/** The JSON-lines files in a folder (e.g. `harEntriesDir(reportsDir)`), sorted. */
export function harEntryFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Merges the workers' files into one HAR file at `path` (the document `harLog` makes: entries in the
 * order they started, a page per test); returns how many entries it holds.
 */
export function writeHarFile(path: string, files: readonly string[], comment?: string): number {
  const entries = readRawEntries(files).sort((a, b) => a.key.t.localeCompare(b.key.t) || a.key.s - b.key.s);
  const pages = new Map<string, HarPage>();
  for (const { key } of entries) {
    if (key.p === undefined || pages.has(key.p)) continue;
    pages.set(key.p, { id: key.p, title: key.n ?? key.p, startedDateTime: key.t, pageTimings: {} });
  }
  const head = JSON.stringify({ version: '1.2', creator: { ...HAR_CREATOR }, ...(pages.size ? { pages: [...pages.values()] } : {}) });
  const tail = comment === undefined ? '' : `,"comment":${JSON.stringify(comment)}`;
  const parts: Buffer[] = [Buffer.from(`{"log":${head.slice(0, -1)},"entries":[`)];
  entries.forEach(({ bytes }, i) => parts.push(...(i ? [COMMA, bytes] : [bytes])));
  parts.push(Buffer.from(`]${tail}}}\n`));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.concat(parts));
  return entries.length;
}

const COMMA = Buffer.from(',');
