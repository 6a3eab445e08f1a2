/**
 * A validating reverse proxy for people testing by hand: `/rm/...` goes to RM_BASE_URL, `/hr/...` to
 * HR_BASE_URL, `/token` to HR_TOKEN_URL. Each exchange passes through unchanged (status, headers, body
 * bytes) and is judged as it passes by the rules that judge one exchange (./rules.ts): the answer
 * carries an `x-conformance-verdict` header naming a failed check and its clause, and `onExchange`
 * gets one line for the console. The session is kept, to be judged whole (across its exchanges too)
 * when it stops.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { clause as clauseOf, clauseLine, isClauseId } from '../../contract/clauses';
import type { Verdict } from '../checks/verdict';
import { redact } from '../http/redact';
import { Agent, request, type Dispatcher } from '../http/undici';
import type { Bases } from './classify';
import { judgeRecording } from './engine';
import type { RecordedEntry } from './har-input';
import { registerRecordedSecrets } from './recorded-secrets';

/** Headers of one hop (RFC 9110 §7.6.1): never forwarded. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

export interface ProxyOptions {
  bases: Bases;
  port: number;
  /** One line per exchange, as it passes. */
  onExchange: (line: string) => void;
}

export interface RunningProxy {
  url: string;
  /** The session so far: every exchange that passed, as recorded. */
  entries: RecordedEntry[];
  close(): Promise<void>;
}

function headerRecord(headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

function decoded(body: Buffer, coding: string | undefined): string {
  try {
    const c = (coding ?? '').toLowerCase().trim();
    if (c === 'gzip') return gunzipSync(body).toString('utf8');
    if (c === 'deflate') return inflateSync(body).toString('utf8');
    if (c === 'br') return brotliDecompressSync(body).toString('utf8');
  } catch {
    // Bytes that do not decode are judged as they came.
  }
  return body.toString('utf8');
}

/** The upstream URL of a local path, or null when no configured API is under it. */
export function upstreamOf(path: string, bases: Bases): string | null {
  const [route, rest = ''] = ((): [string, string] => {
    const m = /^\/(rm|hr|token)(\/.*|\?.*)?$/.exec(path);
    return m ? [m[1] ?? '', m[2] ?? ''] : ['', ''];
  })();
  const base = route === 'rm' ? bases.rm : route === 'hr' ? bases.hr : route === 'token' ? bases.token : undefined;
  return base ? `${base.replace(/\/+$/, '')}${rest}` : null;
}

/** The verdict header of an exchange's verdicts: "passed", or the first failure's check and clause. */
export function verdictHeader(verdicts: readonly Verdict[]): string {
  const failed = verdicts.find((v) => v.verdict === 'failed');
  return failed ? `failed; check=${failed.check}; clause=${failed.clause}` : verdicts.length ? 'passed' : 'not judged';
}

/** The console line of an exchange: ✓, or ✗ with the check and the sentence it quotes. */
export function exchangeLine(method: string, path: string, status: number, verdicts: readonly Verdict[]): string {
  const failed = verdicts.find((v) => v.verdict === 'failed');
  if (!failed) return `\u2713 ${method} ${path} -> ${status}${verdicts.length ? '' : ' (no check applies)'}`;
  const quote = isClauseId(failed.clause) ? clauseLine(clauseOf(failed.clause)) : failed.clause;
  return `\u2717 ${method} ${path} -> ${status} [${failed.check}] ${redact(failed.detail).slice(0, 300)}\n    ${quote}`;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const entries: RecordedEntry[] = [];
  const dispatcher: Dispatcher = new Agent({ headersTimeout: 60_000, bodyTimeout: 60_000 });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const path = req.url ?? '/';
        const upstream = upstreamOf(path, options.bases);
        if (upstream === null) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('No configured API under this path: /rm/... (RM_BASE_URL), /hr/... (HR_BASE_URL), /token (HR_TOKEN_URL).\n');
          return;
        }
        const body = Buffer.concat(chunks);
        const headers = Object.fromEntries(Object.entries(headerRecord(req.headers)).filter(([k]) => !HOP.has(k)));
        const started = new Date();
        try {
          const answer = await request(upstream, {
            dispatcher,
            method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
            headers,
            ...(body.length ? { body } : {}),
          });
          const bytes = Buffer.from(await answer.body.arrayBuffer());
          const responseHeaders = headerRecord(answer.headers);
          const entry: RecordedEntry = {
            where: `proxy#${entries.length}`,
            page: 'proxy session',
            pageTitle: 'proxy session',
            startedAt: started.toISOString(),
            durationMs: Date.now() - started.getTime(),
            method: (req.method ?? 'GET').toUpperCase(),
            url: upstream,
            requestHeaders: headers,
            requestBody: body.length ? body.toString('utf8') : null,
            status: answer.statusCode,
            responseHeaders,
            responseBody: decoded(bytes, responseHeaders['content-encoding']),
          };
          entries.push(entry);
          registerRecordedSecrets([entry]);
          // This exchange alone, by the rules that judge one exchange; the session is judged whole on stop.
          const verdicts = judgeRecording([{ ...entry, page: 'one' }], options.bases)[0]?.verdicts ?? [];
          options.onExchange(exchangeLine(entry.method, path, entry.status, verdicts));
          const out = Object.fromEntries(Object.entries(responseHeaders).filter(([k]) => !HOP.has(k) && k !== 'content-length'));
          res.writeHead(answer.statusCode, {
            ...out,
            'content-length': String(bytes.length),
            'x-conformance-verdict': verdictHeader(verdicts),
          });
          res.end(bytes);
        } catch (error) {
          options.onExchange(`? ${req.method ?? 'GET'} ${path}: no answer from ${new URL(upstream).origin} (${(error as Error).message})`);
          res.writeHead(502, { 'content-type': 'text/plain', 'x-conformance-verdict': 'not judged' });
          res.end(`The proxy got no answer from the target: ${(error as Error).message}\n`);
        }
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    entries,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dispatcher.close();
    },
  };
}
