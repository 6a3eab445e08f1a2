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
  if (f.replay) lines.push('', `replay: ${f.replay}`);
  return lines.join('\n');
}

function testcase(t: TestLine, failure: FailureLine | undefined, reason: string | undefined): string {
  const open = `    <testcase name="${attr(t.test)}" classname="${attr(t.file ?? t.project)}" time="${((t.ms ?? 0) / 1000).toFixed(3)}"`;
  if (t.outcome === 'passed') return `${open}/>`;
  let inner = '';
  if (t.outcome === 'failed' && failure)
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
  const byProject = new Map<string, TestLine[]>();
  for (const t of report.tests) byProject.set(t.project, [...(byProject.get(t.project) ?? []), t]);
  const count = (list: readonly TestLine[], outcome: TestLine['outcome'] | readonly TestLine['outcome'][]): number =>
    list.filter((t) => (typeof outcome === 'string' ? t.outcome === outcome : outcome.includes(t.outcome))).length;
  const seconds = (list: readonly TestLine[]): string => (list.reduce((a, t) => a + (t.ms ?? 0), 0) / 1000).toFixed(3);
  const suites = [...byProject].map(([project, tests]) =>
    [
      `  <testsuite name="${attr(project)}" tests="${tests.length}" failures="${count(tests, 'failed')}" errors="${count(tests, ['error', 'not-judged'])}" skipped="${count(tests, 'skipped')}" time="${seconds(tests)}">`,
      ...tests.map((t) => testcase(t, failures.get(`${t.project}\u0000${t.test}`), reasons.get(t.test))),
      '  </testsuite>',
    ].join('\n'),
  );
  const all = report.tests;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="API conformance (run ${attr(report.runId)}, seed ${report.seed})" tests="${all.length}" failures="${count(all, 'failed')}" errors="${count(all, ['error', 'not-judged'])}" skipped="${count(all, 'skipped')}" time="${seconds(all)}">`,
    `  <properties><property name="run id" value="${attr(report.runId)}"/><property name="seed" value="${report.seed}"/><property name="RM v2 target" value="${attr(report.target.rm)}"/><property name="HR / Learning v3 target" value="${attr(report.target.hr)}"/></properties>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
