/**
 * A selection that names nothing ends the run with exit 2 and one line (INTERFACE.md: "an unknown
 * argument or project, no test matched the selection"), where Playwright would exit 1 (which means a
 * conformance failure here) with a stack trace:
 *
 * - `--project foo`: Playwright checks the names right after loading the config and throws from its
 *   command line (node_modules/playwright/lib/runner/index.js filterProjects, called by
 *   lib/cli/testActions.js before any reporter exists). `exitOnUnknownProject`, called by the config
 *   once it knows its projects, applies the same rules first (case-insensitive names, `*` wildcards).
 * - `-g "no such title"` (or a file filter that matches nothing): the load task throws "No tests
 *   found", after the global set-up and its teardown; the error reaches reporters at the end of the
 *   run. `SelectionGuard`, a reporter, prints one line and exits 2 there, before any other reporter
 *   prints its summary.
 */
import type { FullConfig, Reporter, Suite, TestError } from '@playwright/test/reporter';

/** The project names given on Playwright's command line: `--project a b`, `--project=a`, repeatable. */
export function projectSelection(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (arg.startsWith('--project=')) out.push(arg.slice('--project='.length));
    else if (arg === '--project') {
      // Variadic (commander's `<project-name...>`): every value up to the next option.
      while (i + 1 < argv.length && !(argv[i + 1] ?? '').startsWith('-')) out.push(argv[++i] ?? '');
    }
  }
  return out;
}

/** Playwright's `*` wildcard, case-insensitive (filterProjects). */
const wildcard = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    'i',
  );

/**
 * The one line for a project selection Playwright would refuse, or null when it is fine: a name that is
 * no project, or wildcards that match none.
 */
export function projectSelectionProblem(selected: readonly string[], projects: readonly string[]): string | null {
  if (selected.length === 0) return null;
  const known = projects.map((p) => p.toLowerCase());
  const list = projects.join(', ');
  const unknown = selected.filter((name) => !name.includes('*') && !known.includes(name.toLowerCase()));
  if (unknown.length)
    return `Unknown project ${unknown.map((n) => `"${n}"`).join(', ')}: the projects are ${list} (npx playwright test --list shows the tests).`;
  const matched = projects.some((p) =>
    selected.some((name) => (name.includes('*') ? wildcard(name).test(p) : name.toLowerCase() === p.toLowerCase())),
  );
  return matched ? null : `No project matches ${selected.map((n) => `"${n}"`).join(', ')}: the projects are ${list}.`;
}

/** True in the process that runs `playwright test` (not in its workers, not for `merge-reports`). */
export function isTestRunner(argv: readonly string[]): boolean {
  return argv[2] === 'test' && /[\\/](?:cli\.js|playwright)$/.test(argv[1] ?? '');
}

/** Called by playwright.config.ts with its project names: a selection naming no project ends the run (exit 2, one line). */
export function exitOnUnknownProject(projects: readonly string[], argv: readonly string[] = process.argv): void {
  if (!isTestRunner(argv)) return;
  const problem = projectSelectionProblem(projectSelection(argv), projects);
  if (problem === null) return;
  console.error(problem);
  process.exit(2);
}

/** The arguments after `test`, for the message: what the user selected with. */
export function selectionArguments(argv: readonly string[]): string {
  return (
    argv
      .slice(3)
      .map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a))
      .join(' ') || 'no arguments'
  );
}

/** The line for "No tests found", or null for any other error. */
export function noTestsLine(error: Pick<TestError, 'message'>, argv: readonly string[]): string | null {
  const message = (error.message ?? '').replace(/^Error: /, '');
  if (!/^No tests found\b/.test(message)) return null;
  return `No test matched the selection (${selectionArguments(argv)}): nothing was checked. npx playwright test --list shows the tests.`;
}

export interface SelectionGuardOptions {
  /** For tests: instead of printing and exiting. */
  exit?: (code: number, line: string) => void;
}

/**
 * The reporter (first in playwright.config.ts's list): "No tests found" becomes one line and exit 2.
 * Playwright gives a reporter errors of the load only once the run ends (its teardown done), so
 * exiting here leaves nothing running.
 */
export default class SelectionGuard implements Reporter {
  private readonly exit: (code: number, line: string) => void;

  constructor(options: SelectionGuardOptions = {}) {
    this.exit =
      options.exit ??
      ((code, line) => {
        console.error(line);
        process.exit(code);
      });
  }

  onBegin(_config: FullConfig, _suite: Suite): void {
    // Nothing: the errors of the load arrive right after this call.
  }

  onError(error: TestError): void {
    const line = noTestsLine(error, process.argv);
    if (line !== null) this.exit(2, line);
  }

  printsToStdio(): boolean {
    return false;
  }
}
