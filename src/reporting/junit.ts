/**
 * reports/junit.xml, written from the conformance report (not by Playwright's JUnit reporter): a
 * failed check is a `<failure>` naming the check, quoting its clause and the failing exchange, with
 * the replay command; `<error>` is only for what the suite itself could not do (its own time-out,
 * a bug of the suite); a skipped test is `<skipped message="why">`. CI dashboards then read a red
 * check as a defect of the target and an error as a problem of the run.
 */
import type { ConformanceReport, FailureLine, TestLine } from './conformance-types';

function attr(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\n/g, '&#10;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''); // eslint-disable-line no-control-regex -- not allowed in XML 1.0
}

function text(body: string): string {
  return attr(body)
    .replace(/&#10;/g, '\n')
    .replace(/&quot;/g, '"');
}

function failureText(f: FailureLine): string {
  const lines: string[] = [];
  if (f.clause) lines.push(`required by ${f.clause.seed} ${f.clause.section}: "${f.clause.quote}"`);
  lines.push(f.detail);
  if (f.exchange) {
    lines.push('', `failing exchange ${f.exchange.n}: ${f.exchange.method} ${f.exchange.url}`);
    if (f.exchange.requestBody) lines.push(f.exchange.requestBody);
    lines.push(...f.exchange.response);
  }
  if (f.id) lines.push('', `failure id: ${f.id} (replay it: npm run replay -- ${f.id})`);
  if (f.replay) lines.push(`replay: ${f.replay}`);
  return lines.join('\n');
}

/** What the release gate says of a failure that does not fail the run: known (in the baseline) or expected (with its entry's reason). */
function excused(report: ConformanceReport, f: FailureLine): string | null {
  const g = report.gate;
  if (!g) return null;
  const same = (x: { check: string; operationId: string | null; status: string | null; test: string }): boolean =>
    x.check === f.check && x.operationId === f.operationId && x.status === f.status && x.test === f.test;
  const expected = g.expected.find((x) => same(x.failure));
  if (expected) return `expected deviation until ${expected.expectation.until}: ${expected.expectation.reason} ([${f.check}] ${f.message})`;
  if (g.known.some(same)) return `known failure (in the baseline ${g.baselinePath ?? ''}): [${f.check}] ${f.message}`;
  return null;
}

function testcase(t: TestLine, failure: FailureLine | undefined, reason: string | undefined, excuse: string | null): string {
  // The runner's own test id, as conformance.json's tests[].id and the HAR's pages carry it.
  const open = `    <testcase name="${attr(t.test)}" classname="${attr(t.file ?? t.project)}" time="${((t.ms ?? 0) / 1000).toFixed(3)}"${t.id ? ` id="${attr(t.id)}"` : ''}`;
  if (t.outcome === 'passed') return `${open}/>`;
  let inner = '';
  if (excuse !== null) inner = `<skipped message="${attr(excuse)}"/>`;
  else if (t.outcome === 'failed' && failure)
    inner = `<failure type="${attr(failure.check)}" message="${attr(`[${failure.check}] ${failure.message}`)}">${text(failureText(failure))}</failure>`;
  else if (t.outcome === 'error' && failure)
    inner = `<error type="suite-error" message="${attr(failure.message)}">${text(failureText(failure))}</error>`;
  else if (t.outcome === 'not-judged') inner = `<error type="not-judged" message="${attr(`not judged: ${reason ?? ''}`)}"/>`;
  else if (t.outcome === 'skipped') inner = `<skipped message="${attr(reason ?? 'skipped')}"/>`;
  return `${open}>\n      ${inner}\n    </testcase>`;
}

export function renderJUnit(report: ConformanceReport): string {
  const failures = new Map(report.failures.map((f) => [`${f.project}\u0000${f.test}`, f]));
  const reasons = new Map<string, string>([
    ...(report.skippedTests ?? []).map((s): [string, string] => [s.test, s.reason]),
    ...report.notJudged.map((n): [string, string] => [n.test, n.reason]),
  ]);
  // A failure the gate excuses (known, expected) is written as skipped, with why.
  const cases = report.tests.map((t) => {
    const failure = failures.get(`${t.project}\u0000${t.test}`);
    const excuse = failure ? excused(report, failure) : null;
    return { t, failure, excuse, shown: excuse !== null ? ('skipped' as const) : t.outcome };
  });
  type Case = (typeof cases)[number];
  const count = (list: readonly Case[], outcome: Case['shown'] | readonly Case['shown'][]): number =>
    list.filter((c) => (typeof outcome === 'string' ? c.shown === outcome : outcome.includes(c.shown))).length;
  const seconds = (list: readonly Case[]): string => (list.reduce((a, c) => a + (c.t.ms ?? 0), 0) / 1000).toFixed(3);
  const totals = (list: readonly Case[]): string =>
    `tests="${list.length}" failures="${count(list, 'failed')}" errors="${count(list, ['error', 'not-judged'])}" skipped="${count(list, 'skipped')}" time="${seconds(list)}"`;
  const byProject = new Map<string, Case[]>();
  for (const c of cases) byProject.set(c.t.project, [...(byProject.get(c.t.project) ?? []), c]);
  const suites = [...byProject].map(([project, list]) =>
    [
      `  <testsuite name="${attr(project)}" ${totals(list)}>`,
      ...list.map((c) => testcase(c.t, c.failure, reasons.get(c.t.test), c.excuse)),
      '  </testsuite>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="API conformance (run ${attr(report.runId)}, seed ${report.seed})" ${totals(cases)}>`,
    `  <properties><property name="run id" value="${attr(report.runId)}"/><property name="seed" value="${report.seed}"/><property name="RM v2 target" value="${attr(report.target.rm)}"/><property name="HR / Learning v3 target" value="${attr(report.target.hr)}"/></properties>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
