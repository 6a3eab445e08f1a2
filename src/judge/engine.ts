/**
 * The judge: recorded exchanges in, verdicts and reports out. Each page of a recording (a test of the
 * suite's own HAR, a browser page, a file without pages) is judged as one test: every rule that
 * applies to an exchange (./rules.ts, run by ./every-response.ts as the suite's own run runs them), then
 * the checks across its exchanges (./across.ts). A failed
 * check records its verdict and the judging goes on, so one recording shows every failure it holds.
 * The verdicts travel as a run's do (the test's evidence), so the reports are a run's reports.
 */
import { judgedApart, type Verdict } from '../checks/verdict';
import { exchangeBrief, urlPathOf, type Exchange } from '../http/exchange';
import { redact } from '../http/redact';
import type { ReportedTest } from '../reporting/conformance-reporter';
import { briefsOf, EVIDENCE_ANNOTATION, type FailingExchange, type TestEvidence } from '../reporting/evidence';
import { ACROSS } from './across';
import { classify, type Bases } from './classify';
import { attempt, judgeEach } from './every-response';
import type { RecordedEntry } from './har-input';
import type { JudgedExchange } from './rules';

/** One page of a recording, judged. */
export interface JudgedPage {
  page: string;
  title: string;
  exchanges: Exchange[];
  verdicts: Verdict[];
  /** Exchanges of neither API (left out), with why. */
  skipped: { where: string; why: string }[];
  /** Errors of the judge itself (a rule that threw something else than a failed check). */
  errors: string[];
}

function exchangeOf(entry: RecordedEntry, seq: number, api: Exchange['api'], operationId: string | null): Exchange {
  return {
    seq,
    api,
    operationId,
    request: { method: entry.method, url: redact(entry.url), headers: entry.requestHeaders, body: entry.requestBody },
    response: {
      status: entry.status,
      headers: entry.responseHeaders,
      text: entry.responseBody,
      truncated: false,
      bytes: Buffer.byteLength(entry.responseBody),
    },
    error: null,
    durationMs: entry.durationMs,
    startedAt: entry.startedAt,
    retries: 0,
    curl: '',
  };
}

/** Judges every page of `entries`. */
export function judgeRecording(entries: readonly RecordedEntry[], bases: Bases): JudgedPage[] {
  const pages = new Map<string, RecordedEntry[]>();
  for (const e of entries) pages.set(e.page, [...(pages.get(e.page) ?? []), e]);
  let seq = 0;
  return [...pages.entries()].map(([page, list]) => {
    const verdicts: Verdict[] = [];
    const skipped: { where: string; why: string }[] = [];
    const errors: string[] = [];
    const judged: JudgedExchange[] = [];
    for (const entry of [...list].sort((a, b) => a.startedAt.localeCompare(b.startedAt))) {
      const c = classify(entry.method, entry.url, entry.requestHeaders, entry.requestBody, bases);
      if (c.kind === 'unknown') {
        skipped.push({ where: entry.where, why: c.why });
        continue;
      }
      seq += 1;
      const exchange = exchangeOf(entry, seq, c.api, c.kind === 'operation' ? c.op.id : null) as JudgedExchange['exchange'];
      judged.push({ exchange, op: c.kind === 'operation' ? c.op : null, token: c.kind === 'token' });
    }
    judgedApart({ record: (v) => verdicts.push(v) }, () => {
      judgeEach(judged, errors);
      for (const across of ACROSS) attempt(() => across.judge(judged), errors, across.name);
    });
    return { page, title: list[0]?.pageTitle ?? page, exchanges: judged.map((x) => x.exchange), verdicts, skipped, errors };
  });
}

function failingExchangeOf(exchanges: readonly Exchange[], failure: Verdict | null): FailingExchange | null {
  const index = exchanges.findIndex((e) => e.seq === failure?.exchangeSeq);
  const exchange = exchanges[index];
  if (!exchange) return null;
  return {
    n: index + 1,
    seq: exchange.seq,
    operationId: exchange.operationId,
    method: exchange.request.method,
    url: exchange.request.url,
    path: urlPathOf(exchange.request.url),
    status: exchange.response?.status ?? null,
    requestBody: exchange.request.body === null ? null : redact(exchange.request.body.slice(0, 2000)),
    response: exchangeBrief(exchange).slice(1),
    curl: exchange.curl,
  };
}

/** A judged page as the reporters read a test: its evidence in one annotation, its outcome from its verdicts. */
export function reportedTestOf(page: JudgedPage, index: number): ReportedTest {
  const failure = page.verdicts.find((v) => v.verdict === 'failed') ?? null;
  const evidence: TestEvidence = {
    exchanges: briefsOf(page.exchanges),
    verdicts: page.verdicts,
    failure,
    failingExchange: failingExchangeOf(page.exchanges, failure),
    replay: null,
    notJudged: null,
    records: {
      observations: page.skipped.map((s) => ({
        category: 'other' as const,
        subject: 'recorded exchange of neither API',
        value: `${s.where}: ${s.why}`,
      })),
      leftovers: [],
      properties: [],
    },
  };
  const status = failure || page.errors.length ? 'failed' : page.exchanges.length ? 'passed' : 'skipped';
  const skip = page.exchanges.length ? [] : [{ type: 'skip', description: 'no exchange of either API on this page' }];
  const annotations = [{ type: EVIDENCE_ANNOTATION, description: JSON.stringify(evidence) }, ...skip];
  return {
    id: `recording-${index + 1}`,
    title: page.title,
    location: { file: page.page.split('#')[0] ?? page.page, line: 0 },
    annotations,
    titlePath: () => ['', 'recording', page.title],
    outcome: () => (status === 'failed' ? 'unexpected' : status === 'skipped' ? 'skipped' : 'expected'),
    parent: { project: () => ({ name: 'recording' }) },
    results: [
      {
        status,
        duration: page.exchanges.reduce((n, e) => n + e.durationMs, 0),
        parallelIndex: 0,
        annotations: [],
        errors: page.errors.map((message) => ({ message })),
        error: page.errors[0] === undefined ? undefined : { message: page.errors[0] },
      },
    ],
  };
}
