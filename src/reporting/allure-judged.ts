/**
 * Allure results of judged recordings (`npm run judge`, a `npm run proxy` session), written by the run's
 * own writer (./allure-reporter.ts `UnsyncedWriter`, `presentResult`, `verdictLabels`), so the report
 * reads as a run's: each judged page is a test, each of its exchanges a step ("003 GET /v2/jobs -> 200")
 * holding the exchange's text and, as sub-steps, the verdicts given on it; the exchange a failed verdict
 * judged is the step marked "\u2717"; a failed test carries its check and clause as labels (the categories
 * group by them) and its message quotes the sentence, as everywhere.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Stage, Status } from 'allure-js-commons';
import { clause as clauseOf, clauseLine, isClauseId } from '../../contract/clauses';
import type { Verdict } from '../checks/verdict';
import { exchangeTitle, exchangeToText, type Exchange } from '../http/exchange';
import { redact, redactHeaders } from '../http/redact';
import { UnsyncedWriter, verdictLabels } from './allure-reporter';
import type { ReportedTest } from './conformance-reporter';
import { EVIDENCE_ANNOTATION, parseEvidence } from './evidence';

type AllureResult = Parameters<UnsyncedWriter['writeResult']>[0];
type AllureStep = AllureResult['steps'][number];

/** A judged page: the test the reporters read, and the exchanges it judged. */
export interface JudgedForAllure {
  test: ReportedTest;
  exchanges: readonly Exchange[];
}

/** What a verdict says, as its failure message says it: the check, what was seen, and the sentence word for word. */
function verdictMessage(v: Verdict): string {
  const quote = isClauseId(v.clause) ? clauseLine(clauseOf(v.clause)) : v.clause;
  return redact(`${v.check}: ${v.detail}\n  required by ${quote}`);
}

function verdictStep(v: Verdict, at: number): AllureStep {
  const failed = v.verdict === 'failed';
  return {
    name: `${failed ? 'failed' : 'passed'}: ${v.check} (${v.clause})${v.reading ? `, reading ${v.reading.held.join(' / ')}` : ''}`,
    status: failed ? Status.FAILED : Status.PASSED,
    statusDetails: failed ? { message: verdictMessage(v) } : {},
    stage: Stage.FINISHED,
    steps: [],
    attachments: [],
    parameters: [],
    start: at,
    stop: at,
  };
}

/** The exchange as its step's attachment shows it: credentials redacted, as in the HAR. */
function exchangeText(e: Exchange): string {
  const response = e.response ? { ...e.response, headers: redactHeaders(e.response.headers) } : null;
  // Bodies too: a recording's token request and answer carry its secrets (registered by src/judge/recorded-secrets.ts).
  return redact(exchangeToText({ ...e, request: { ...e.request, headers: redactHeaders(e.request.headers) }, response }));
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

/** Writes one result per judged page (and each exchange's text as an attachment) into `resultsDir`. */
export async function writeJudgedAllureResults(resultsDir: string, judged: readonly JudgedForAllure[]): Promise<void> {
  const facts = new Map<string, { failingExchange?: number }>();
  const writer = new UnsyncedWriter(resultsDir, (uuid) => facts.get(uuid));
  for (const { test, exchanges } of judged) {
    const uuid = randomUUID();
    const result = test.results[0];
    const evidence = parseEvidence(test.annotations.find((a) => a.type === EVIDENCE_ANNOTATION)?.description);
    const verdicts = evidence?.verdicts ?? [];
    const failure = evidence?.failure ?? null;
    const starts = exchanges.map((e) => (e.startedAt ? Date.parse(e.startedAt) : NaN)).filter((t) => !Number.isNaN(t));
    const start = starts.length ? Math.min(...starts) : Date.now();
    const steps = exchanges.map((e, i): AllureStep => {
      const title = exchangeTitle(e, i + 1);
      const at = e.startedAt ? Date.parse(e.startedAt) : start;
      const source = `${uuid}-${String(i + 1).padStart(3, '0')}-attachment.txt`;
      writer.writeAttachment(source, Buffer.from(exchangeText(e), 'utf8'));
      const own = verdicts.filter((v) => v.exchangeSeq === e.seq);
      const failed = own.some((v) => v.verdict === 'failed');
      return {
        name: title,
        status: failed ? Status.FAILED : Status.PASSED,
        statusDetails: {},
        stage: Stage.FINISHED,
        steps: own.map((v) => verdictStep(v, at)),
        attachments: [{ name: title, source, type: 'text/plain' }],
        parameters: [],
        start: at,
        stop: at + Math.round(e.durationMs),
      };
    });
    // Verdicts about the page as a whole (across its exchanges, naming none).
    steps.push(...verdicts.filter((v) => !exchanges.some((e) => e.seq === v.exchangeSeq)).map((v) => verdictStep(v, start)));
    const errors = (result?.errors ?? []).map((e) => e.message ?? '').filter(Boolean);
    const status =
      result?.status === 'skipped' ? Status.SKIPPED : failure ? Status.FAILED : result?.status === 'failed' ? Status.BROKEN : Status.PASSED;
    const message = failure ? verdictMessage(failure) : errors.length ? redact(errors.join('\n')) : undefined;
    const fullName = `${test.location.file}#${test.title}`;
    const labels = [
      { name: 'testId', value: test.id },
      { name: 'parentSuite', value: 'recording' },
      { name: 'suite', value: test.location.file },
      ...[...new Set(exchanges.map((e) => e.operationId).filter((id): id is string => id !== null))].map((id) => ({
        name: 'feature',
        value: id,
      })),
      ...verdictLabels(test, { status: result?.status ?? 'passed', annotations: result?.annotations ?? [] }),
    ];
    if (failure) {
      const n = exchanges.findIndex((e) => e.seq === failure.exchangeSeq);
      if (n >= 0) facts.set(uuid, { failingExchange: n + 1 });
    }
    writer.writeResult({
      uuid,
      name: test.title,
      fullName,
      historyId: md5(fullName),
      testCaseId: md5(fullName),
      titlePath: test.titlePath().filter(Boolean),
      status,
      statusDetails: message === undefined ? {} : { message },
      stage: Stage.FINISHED,
      description: `Recorded exchanges judged by the checks that judge recorded traffic (${test.location.file}).`,
      steps,
      attachments: [],
      parameters: [],
      labels,
      links: [],
      start,
      stop: start + Math.round(result?.duration ?? 0),
    } as AllureResult);
  }
  await writer.flush();
}
