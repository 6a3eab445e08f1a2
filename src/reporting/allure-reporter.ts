/**
 * allure-playwright with a writer that does not fsync. allure-js-commons' FileSystemWriter syncs
 * every attachment and result file to disk, one blocking fsync each (thousands per run: every
 * exchange is an attachment); in the runner process that also serves the embedded reference
 * server, which then stops answering the workers while the disk catches up. The results are read
 * once the run has ended (`allure generate`, src/cli/allure-html.ts), so the page cache is enough.
 * Attachments (one per exchange) are written off the event loop, and the reporter's onEnd waits for
 * them: each is a file created, and creating thousands of files blocks that same loop for seconds
 * on some file systems (after the previous run's results were deleted, ext4 with discard).
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AllureReporter } from 'allure-playwright';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';
import type { Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { CHECK_LABEL, NOT_JUDGED, SUITE_ERROR } from './allure-categories';
import { EVIDENCE_ANNOTATION, parseEvidence, type TestEvidence } from './evidence';
import { classifyFailure, gateInputs } from './gate/run-gate';
import { failureIdOf } from './replay';

type AllureTestResult = Parameters<Writer['writeResult']>[0];
type AllureStep = AllureTestResult['steps'][number];

export class UnsyncedWriter implements Writer {
  private made = false;
  private readonly pending = new Set<Promise<void>>();
  private readonly failures: string[] = [];
  constructor(
    private readonly resultsDir: string,
    /** What the reporter knows of a test that allure-playwright does not (its evidence), by result uuid. */
    private readonly facts: (uuid: string) => ResultFacts | undefined = () => undefined,
  ) {}

  /** Waits for the attachments still being written; throws, naming them, if any could not be. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    if (this.failures.length > 0) throw new Error(`Allure attachments not written: ${this.failures.slice(0, 3).join('; ')}`);
  }

  writeResult(result: Parameters<Writer['writeResult']>[0]): void {
    this.json(`${result.uuid}-result.json`, presentResult(result, this.facts(result.uuid)));
  }
  writeGroup(result: Parameters<Writer['writeGroup']>[0]): void {
    this.json(`${result.uuid}-container.json`, result);
  }
  writeAttachment(distFileName: string, content: Buffer): void {
    const path = this.path(distFileName);
    const written: Promise<void> = writeFile(path, content)
      .catch((error: unknown) => {
        this.failures.push(`${distFileName}: ${(error as Error).message}`);
      })
      .finally(() => this.pending.delete(written));
    this.pending.add(written);
  }
  writeAttachmentFromPath(distFileName: string, from: string): void {
    copyFileSync(from, this.path(distFileName));
  }
  writeEnvironmentInfo(info: Parameters<Writer['writeEnvironmentInfo']>[0]): void {
    writeFileSync(this.path('environment.properties'), stringifyEnvInfo(info), 'utf8');
  }
  writeCategoriesDefinitions(categories: Parameters<Writer['writeCategoriesDefinitions']>[0]): void {
    this.json('categories.json', categories);
  }
  writeGlobals(distFileName: string, info: Parameters<Writer['writeGlobals']>[1]): void {
    this.json(distFileName, info);
  }

  private json(name: string, value: unknown): void {
    writeFileSync(this.path(name), JSON.stringify(value), 'utf8');
  }
  private path(name: string): string {
    if (!this.made) mkdirSync(this.resultsDir, { recursive: true });
    this.made = true;
    return join(this.resultsDir, name);
  }
}

/** The name of a passed test's one attachment of all its exchanges (specs/kit/exchange-log.ts). */
export const ALL_EXCHANGES_ATTACHMENT = /^exchanges: \d+$/;
/** An exchange's step ("003 POST /v2/candidates -> 422", src/http/exchange.ts `exchangeTitle`). */
const EXCHANGE_STEP = /^\d{3,} [A-Z]+ /;
/** The mark of the failed exchange's step. */
export const FAILED_MARK = '\u2717';

/** What the test's evidence adds to its Allure result (ConformanceAllureReporter.onTestEnd). */
export interface ResultFacts {
  /** The number within the test of the exchange the failed verdict judged ("005"): the step marked failed. */
  failingExchange?: number;
  /** The one replay command of a failed test, as every report gives it. */
  replay?: string;
  /** The failure's id, the same in every report (`npm run replay -- <id>`). */
  failureId?: string;
  /** A failure the release gate excuses: known (baseline) or expected (an expectation, with its reason and link). */
  excuse?: { verdict: 'known' | 'expected'; message: string; link?: string };
}

/** Playwright's error message repeats the error's name ("CheckError: status: ..."); the report names the check itself. */
const ERROR_NAME = /^(CheckError|Error): /;

/** The stack frames of a trace, without the message it repeats (Allure shows the message above it). */
function framesOf(trace: string | undefined): string | undefined {
  if (!trace) return trace;
  const at = trace.search(/\n\s+at /);
  return at >= 0 ? trace.slice(at + 1) : undefined;
}

/**
 * The result as the report shows it:
 * - the step of the exchange the failed verdict judged (its number, from the evidence) is named
 *   "\u2717 <name>", and only it; without that number, the one exchange step that ends failed. Marked
 *   here: a runtime message sent from the step would rename the runner's latest open step, and a test's
 *   exchange steps all end together;
 * - a passed test's exchanges, attached when the test ends (from a fixture's teardown, which Playwright
 *   files under "After Hooks"), show at the test's own level, first; the steps this empties are dropped;
 * - a failed test's message names its check once (no "CheckError: CheckError:"), its trace holds the
 *   frames alone, and its replay command is a parameter and a block of the description, to copy;
 * - a failure the release gate excuses stays failed, marked known (Allure: accepted, apart from the
 *   failures and from the skips), with the expectation's reason and link.
 */
export function presentResult(result: AllureTestResult, facts: ResultFacts = {}): AllureTestResult {
  const failedN = facts.failingExchange;
  const marked = (name: string | undefined, failed: boolean): boolean =>
    EXCHANGE_STEP.test(name ?? '') && (failedN === undefined ? failed : (name ?? '').startsWith(`${String(failedN).padStart(3, '0')} `));
  const hoisted: AllureTestResult['attachments'] = [];
  const present = (steps: AllureStep[], within: boolean): AllureStep[] =>
    steps.flatMap((step) => {
      const kept = step.attachments.filter((a) => !ALL_EXCHANGES_ATTACHMENT.test(a.name));
      hoisted.push(...step.attachments.filter((a) => ALL_EXCHANGES_ATTACHMENT.test(a.name)));
      const failed = !within && marked(step.name, step.status === 'failed' || step.status === 'broken');
      const shown = {
        ...step,
        name: failed ? `${FAILED_MARK} ${step.name}` : step.name,
        attachments: kept,
        steps: present(step.steps, within || failed),
      };
      const emptied = kept.length < step.attachments.length && kept.length === 0 && shown.steps.length === 0 && !failed;
      return emptied ? [] : [shown];
    });
  const steps = present(result.steps, false).filter(
    (s) => !(s.name === 'After Hooks' && s.steps.length === 0 && s.attachments.length === 0),
  );
  const details = result.statusDetails ?? {};
  const message = facts.excuse ? facts.excuse.message : details.message === undefined ? undefined : details.message.replace(ERROR_NAME, '');
  const statusDetails = {
    ...details,
    ...(message === undefined ? {} : { message }),
    ...(details.trace === undefined ? {} : { trace: framesOf(details.trace) }),
    ...(facts.excuse ? { known: true } : {}),
  };
  const replay = facts.replay;
  return {
    ...result,
    attachments: [...hoisted, ...result.attachments],
    steps,
    statusDetails,
    ...(replay ? { parameters: [...result.parameters, { name: 'replay', value: replay }] } : {}),
    ...(replay
      ? { description: `${result.description ? `${result.description}\n\n` : ''}Replay this test:\n\n\`\`\`sh\n${replay}\n\`\`\`\n` }
      : {}),
    ...(facts.excuse?.link ? { links: [...result.links, { name: 'expectation', url: facts.excuse.link }] } : {}),
  };
}

type Options = ConstructorParameters<typeof AllureReporter>[0] & { resultsDir: string };

export default class ConformanceAllureReporter extends AllureReporter {
  private readonly writer: UnsyncedWriter;
  /** The evidence's facts of each test, by Allure result uuid, until its result is written. */
  private readonly facts = new Map<string, ResultFacts>();

  constructor(options: Options) {
    super(options);
    this.writer = new UnsyncedWriter(options.resultsDir, (uuid) => this.facts.get(uuid));
  }

  override onBegin(suite: Suite): void {
    super.onBegin(suite);
    // allure-playwright builds its runtime (and its fsyncing writer) in onBegin; swap the writer.
    const runtime = (this as unknown as { allureRuntime?: { writer: Writer } }).allureRuntime;
    if (!runtime)
      throw new Error('allure-playwright no longer keeps its runtime in `allureRuntime`: update src/reporting/allure-reporter.ts');
    runtime.writer = this.writer;
  }

  override async onEnd(...args: Parameters<AllureReporter['onEnd']>): Promise<void> {
    await super.onEnd(...args);
    await this.writer.flush();
  }

  /**
   * A failed test gets the labels of its failed verdict (check, clause) from its evidence: categories
   * match the labels, never the message; its result marks the exchange the verdict judged and carries
   * the replay; a failure the release gate excuses is labelled known or expected, with why.
   */
  override async onTestEnd(test: TestCase, result: TestResult): Promise<void> {
    // The runner's own test id, the key of this test in conformance.json, JUnit and the HAR.
    const labels = [{ name: 'testId', value: test.id }, ...verdictLabels(test, result)];
    const excuse = gateExcuse(test, result);
    if (excuse) labels.push({ name: 'gate', value: excuse.verdict });
    const internals = this as unknown as {
      allureResultsUuids?: Map<string, string>;
      allureRuntime?: { updateTest(uuid: string, update: (r: { labels: { name: string; value: string }[] }) => void): void };
    };
    const uuid = internals.allureResultsUuids?.get(test.id);
    if (labels.length && uuid && internals.allureRuntime) internals.allureRuntime.updateTest(uuid, (r) => r.labels.push(...labels));
    const evidence = evidenceOf(test, result);
    if (uuid && evidence && result.status !== 'passed' && result.status !== 'skipped')
      this.facts.set(uuid, {
        ...(evidence.failingExchange ? { failingExchange: evidence.failingExchange.n } : {}),
        ...(evidence.replay ? { replay: evidence.replay } : {}),
        ...(evidence.failure ? { failureId: failureIdOf(test) } : {}),
        ...(excuse ? { excuse } : {}),
      });
    await super.onTestEnd(test, result);
    if (uuid) this.facts.delete(uuid);
  }
}

function evidenceOf(test: Pick<TestCase, 'annotations'>, result: Pick<TestResult, 'annotations'>): TestEvidence | null {
  return parseEvidence([...result.annotations, ...test.annotations].find((a) => a.type === EVIDENCE_ANNOTATION)?.description);
}

/** What the release gate says of a failed test's failure, when it does not fail the run. */
function gateExcuse(test: TestCase, result: TestResult): NonNullable<ResultFacts['excuse']> | null {
  if (result.status !== 'failed') return null;
  const failure = evidenceOf(test, result)?.failure;
  if (!failure) return null;
  let inputs;
  try {
    inputs = gateInputs(['rm', 'hr', 'learning']);
  } catch {
    return null; // the conformance reporter ends the run with the configuration error
  }
  const gateFailure = {
    check: failure.check,
    operationId: failure.operationId,
    status: failure.cells[0] ?? null,
    test: test.titlePath().slice(2).join(' > '),
    testId: test.id,
    clause: null,
    message: failure.detail,
  };
  const c = classifyFailure(inputs, gateFailure);
  if (c.verdict === 'expected')
    return {
      verdict: 'expected',
      message: `Expected deviation until ${c.until}: ${c.reason}\n\n${failure.check}: ${failure.detail}`,
      ...(c.link ? { link: c.link } : {}),
    };
  if (c.verdict === 'known') return { verdict: 'known', message: `Known failure (in the baseline): ${failure.check}: ${failure.detail}` };
  return null;
}

/** The labels naming what ended a test that did not pass: the failed check and its clause, the suite's own error, or not judged. */
export function verdictLabels(
  test: Pick<TestCase, 'annotations'>,
  result: Pick<TestResult, 'status' | 'annotations'>,
): { name: string; value: string }[] {
  if (result.status === 'passed' || result.status === 'skipped') return [];
  const evidence = evidenceOf(test, result);
  if (result.status === 'timedOut' || result.status === 'interrupted' || evidence?.notJudged)
    return [{ name: CHECK_LABEL, value: NOT_JUDGED }];
  const failure = evidence?.failure;
  return failure
    ? [
        { name: CHECK_LABEL, value: failure.check },
        { name: 'clause', value: failure.clause },
      ]
    : [{ name: CHECK_LABEL, value: SUITE_ERROR }];
}
