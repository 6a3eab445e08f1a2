/**
 * The release gate for people: the Markdown sections of conformance.md (new, known, expected, fixed,
 * unused, expired) and the console lines of the run's summary.
 */
import type { ExpiredExpectation, GateResult, UnusedExpectation } from './classify';
import type { Expectation } from './expectations';
import { describeKey } from './failure-key';
import type { GateFailure } from './types';

/** Lines per console group before "and N more". */
const CONSOLE_MAX = 10;

export function gateVerdict(result: GateResult): string {
  if (result.exitCode === 0) return 'passes';
  const why = [
    result.new.length ? `${result.new.length} new failure(s)` : '',
    result.expired.length ? `${result.expired.length} expired expectation(s)` : '',
  ].filter(Boolean);
  return `fails (${why.join(', ')})`;
}

export function gateCounts(result: GateResult): string {
  return `${result.new.length} new, ${result.known.length} known, ${result.expected.length} expected, ${result.fixed.length} fixed, ${result.unused.length} unused, ${result.expired.length} expired`;
}

/** The "Release gate" part of conformance.md. */
export function renderGateMarkdown(result: GateResult): string {
  const out: string[] = [`## Release gate: ${gateVerdict(result)}`, ''];
  out.push(
    `- baseline: ${result.baselinePath ? `\`${result.baselinePath}\`` : 'none (CONFORMANCE_BASELINE unset)'}`,
    `- expectations: ${result.expectationsPath ? `\`${result.expectationsPath}\`` : 'none (CONFORMANCE_EXPECTATIONS unset)'}`,
    `- ${gateCounts(result)}`,
  );
  if (result.notRun.length)
    out.push(`- ${result.notRun.length} baseline failure(s) not judged: their tests did not run in this run (still in the baseline)`);
  out.push('');
  const expiredOf = (f: GateFailure): ExpiredExpectation | undefined => result.expired.find((x) => x.failures.includes(f));
  section(out, 'New failures (they fail the run)', result.new, (f) => {
    const lines = failureLines(f);
    const ex = expiredOf(f);
    if (ex)
      lines.push(
        `  - was expected until ${ex.expectation.until} by ${entryName(ex.expectation)} ("${one(ex.expectation.reason)}"), which has expired`,
      );
    return lines;
  });
  section(out, 'Known failures (in the baseline; they do not fail the run)', result.known, failureLines);
  section(out, 'Expected deviations (they do not fail the run)', result.expected, ({ failure, expectation }) => [
    ...failureLines(failure),
    `  - expected until ${expectation.until} by ${entryName(expectation)}: ${one(expectation.reason)}${expectation.link ? ` (${expectation.link})` : ''}`,
  ]);
  section(out, 'Fixed since the baseline: remove it from the baseline', result.fixed, (f) => [
    `- ${code(describeKey(f))}: failed in the baseline, its test ran and no longer fails so; remove it from the baseline`,
  ]);
  section(out, 'Unused expectations', result.unused, (u) => [
    `- ${entryName(u.expectation)} ${code(entryKey(u.expectation))}: ${unusedWhy(u)}`,
  ]);
  section(out, 'Expired expectations (they fail the run)', result.expired, ({ expectation, failures }) => [
    `- ${entryName(expectation)} ${code(entryKey(expectation))}: expired after ${expectation.until}; reason given: ${one(expectation.reason)}${expectation.link ? ` (${expectation.link})` : ''}`,
    `  - ${failures.length ? `matched ${failures.length} failure(s) of this run, now counted as failures` : 'matched nothing in this run'}: fix the target, or extend \`until\` with a reason, or delete the entry`,
  ]);
  return out.join('\n');
}

/** The gate's lines for the console summary: one verdict line, then what fails the run and what to tidy. */
export function gateConsoleLines(result: GateResult): string[] {
  const lines = [`Release gate: ${gateVerdict(result).toUpperCase()}  (${gateCounts(result)})`];
  const group = <T>(label: string, list: readonly T[], line: (x: T) => string): void => {
    for (const x of list.slice(0, CONSOLE_MAX)) lines.push(`  ${label.padEnd(8)} ${line(x)}`);
    if (list.length > CONSOLE_MAX) lines.push(`  ${label.padEnd(8)} ... and ${list.length - CONSOLE_MAX} more (conformance.md)`);
  };
  group('new', result.new, describeKey);
  group(
    'expired',
    result.expired,
    (x) => `${entryName(x.expectation)} ${entryKey(x.expectation)}: expired after ${x.expectation.until} (${one(x.expectation.reason)})`,
  );
  group('known', result.known, describeKey);
  group('expected', result.expected, (x) => `${describeKey(x.failure)} (until ${x.expectation.until}: ${one(x.expectation.reason)})`);
  group('fixed', result.fixed, (f) => `${describeKey(f)}: remove it from the baseline`);
  group('unused', result.unused, (u) => `${entryName(u.expectation)} ${entryKey(u.expectation)}: ${unusedWhy(u)}`);
  return lines;
}

function section<T>(out: string[], title: string, list: readonly T[], lines: (x: T) => string[]): void {
  if (list.length === 0) return;
  out.push(`### ${title} (${list.length})`, '');
  for (const x of list) out.push(...lines(x));
  out.push('');
}

function failureLines(f: GateFailure): string[] {
  const lines = [`- ${code(describeKey(f))}: ${one(f.message).slice(0, 300)}`];
  if (f.clause) lines.push(`  - required by ${f.clause.seed} ${f.clause.section}: "${one(f.clause.quote)}"`);
  return lines;
}

function unusedWhy(u: UnusedExpectation): string {
  return u.ran
    ? 'matched nothing, although what it names ran: the deviation is gone, delete the entry'
    : 'matched nothing: what it names did not run in this run';
}

const entryName = (e: Expectation): string => `expectations[${e.index}]`;
const entryKey = (e: Expectation): string =>
  `[${e.check}] ${[e.operation, e.status].filter(Boolean).join(' ')}${e.test ? `: ${e.test}` : ''}`;
const one = (text: string): string => text.replace(/\s+/g, ' ').trim();
const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;
