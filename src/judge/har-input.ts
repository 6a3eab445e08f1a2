/**
 * Recorded traffic in: HAR 1.2 files as browsers' developer tools, Postman/Newman, mitmproxy, Charles
 * and this suite's own `exchanges.har` write them. Each entry becomes a request and its answer, the
 * body as text: a `content.encoding` of base64 is decoded, and a body the recorder kept compressed
 * (`Content-Encoding: gzip`, `deflate`, `br`) is decompressed. `_`-prefixed members are the recorder's
 * own and are kept aside. What cannot be read is one line saying what and where (the CLI: exit 2).
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** One recorded exchange, as the recording gives it. */
export interface RecordedEntry {
  /** Where it came from: "file.har#12" (the entry's index in its file). */
  where: string;
  /** The page (HAR `pageref`) it belongs to, when the recorder grouped its entries; else the file. */
  page: string;
  /** The page's title, for people. */
  pageTitle: string;
  startedAt: string;
  durationMs: number;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
}

export class RecordingError extends Error {
  override readonly name = 'RecordingError';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function headersOf(list: unknown, where: string): Record<string, string> {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw new RecordingError(`${where}: headers is not an array of {name, value}`);
  const out: Record<string, string> = {};
  for (const h of list) {
    if (!isObject(h) || typeof h.name !== 'string') throw new RecordingError(`${where}: a header without a name`);
    const name = h.name.toLowerCase();
    // HTTP/2 pseudo-headers (":status", ":path") are the recorder's view of the frame, not headers.
    if (name.startsWith(':')) continue;
    const value = typeof h.value === 'string' ? h.value : String(h.value ?? '');
    out[name] = out[name] === undefined ? value : `${out[name]}, ${value}`;
  }
  return out;
}

/** The text of a response body: decoded from base64, decompressed when the recorder kept the encoded bytes. */
function bodyText(content: Json, headers: Record<string, string>, where: string): string {
  const text = typeof content.text === 'string' ? content.text : '';
  if (text === '') return '';
  let bytes: Buffer;
  if (content.encoding === 'base64') {
    if (!/^[A-Za-z0-9+/=\s]*$/.test(text)) throw new RecordingError(`${where}: content.encoding is base64 but the text is not base64`);
    bytes = Buffer.from(text, 'base64');
  } else if (content.encoding === undefined || content.encoding === null || content.encoding === '') {
    return text;
  } else {
    throw new RecordingError(`${where}: content.encoding "${String(content.encoding)}" is not one a HAR knows (base64, or none)`);
  }
  const coding = (headers['content-encoding'] ?? '').toLowerCase().trim();
  try {
    if (coding === 'gzip' || (bytes[0] === 0x1f && bytes[1] === 0x8b)) bytes = gunzipSync(bytes);
    else if (coding === 'deflate') bytes = inflateSync(bytes);
    else if (coding === 'br') bytes = brotliDecompressSync(bytes);
  } catch (error) {
    throw new RecordingError(`${where}: the body says ${coding || 'gzip'} but does not decompress (${(error as Error).message})`);
  }
  return bytes.toString('utf8');
}

function requestBodyOf(request: Json): string | null {
  const post = request.postData;
  if (!isObject(post)) return null;
  if (typeof post.text === 'string') return post.text;
  // Form posts recorded as params only (browsers do so for multipart): rebuilt as a urlencoded form.
  if (Array.isArray(post.params))
    return post.params
      .filter(isObject)
      .map((p) => `${encodeURIComponent(String(p.name ?? ''))}=${encodeURIComponent(String(p.value ?? ''))}`)
      .join('&');
  return null;
}

/** Reads one HAR text: its entries, each with its page. Throws a RecordingError naming the file and the entry. */
export function readHar(text: string, file: string): RecordedEntry[] {
  let har: unknown;
  try {
    har = JSON.parse(text);
  } catch (error) {
    throw new RecordingError(`${file} is not JSON (${(error as Error).message}): give a HAR 1.2 file`);
  }
  const log = isObject(har) ? har.log : undefined;
  if (!isObject(log) || !Array.isArray(log.entries)) throw new RecordingError(`${file} has no log.entries: it is not a HAR 1.2 file`);
  const titles = new Map<string, string>();
  if (Array.isArray(log.pages))
    for (const p of log.pages) if (isObject(p) && typeof p.id === 'string') titles.set(p.id, typeof p.title === 'string' ? p.title : p.id);
  return log.entries.map((entry, index): RecordedEntry => {
    const where = `${file}#${index}`;
    if (!isObject(entry)) throw new RecordingError(`${where}: an entry that is not an object`);
    const request = entry.request;
    const response = entry.response;
    if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string')
      throw new RecordingError(`${where}: an entry without a request (method and url)`);
    if (!isObject(response) || typeof response.status !== 'number' || response.status === 0)
      throw new RecordingError(
        `${where}: ${request.method} ${request.url} has no response (the recorder saw none: a failed or blocked request); remove it or record it again`,
      );
    const responseHeaders = headersOf(response.headers, where);
    const content = isObject(response.content) ? response.content : {};
    const pageref = typeof entry.pageref === 'string' ? entry.pageref : null;
    return {
      where,
      page: pageref === null ? file : `${file}#${pageref}`,
      pageTitle: pageref === null ? file : (titles.get(pageref) ?? pageref),
      startedAt: typeof entry.startedDateTime === 'string' ? entry.startedDateTime : new Date(0).toISOString(),
      durationMs: typeof entry.time === 'number' ? entry.time : 0,
      method: request.method.toUpperCase(),
      url: request.url,
      requestHeaders: headersOf(request.headers, where),
      requestBody: requestBodyOf(request),
      status: response.status,
      responseHeaders,
      responseBody: bodyText(content, responseHeaders, where),
    };
  });
}

/** Reads HAR files; the first problem is one RecordingError. */
export function readHarFiles(files: readonly string[]): RecordedEntry[] {
  return files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new RecordingError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    return readHar(text, file);
  });
}
