/**
 * The `--help` / `-h` text of every command of the suite: `npm start` (`startHelp`) and each `npm run`
 * script (`commandHelp`), and `parseCliArgs`, the argument parsing they share (lib/usage/): `--help`
 * prints the text and exits 0; an unknown option or a bad value exits 2 with one line that names it and
 * points at `--help` (INTERFACE.md: 2 = cannot start). The variables come from the table
 * (src/config/variables.ts), so a new variable shows up here without touching this file.
 */
import type { ParseArgsConfig } from 'node:util';
import { VARIABLES, type VariableGroup, type VariableSpec } from '../config/variables';
import { REFERENCE_HELP } from '../embedded';
import { columns, HELP_OPTION, parseCommandArgs, renderHelp, wrap, type CommandHelp } from '../../lib/usage/index';

const GROUP_TITLES: Record<VariableGroup, string> = {
  rm: 'Recruitment Marketing API v2 (seed 000)',
  v3: 'HR core and Learning Activities API v3 (seed 001)',
  run: 'Run control',
  network: 'Network (also in lower case; lower case wins)',
  internal: 'Set by the suite for its own processes (no need to set them)',
};

function variableRow(spec: VariableSpec): [string, string] {
  const secret = spec.secret ? ' Secret: redacted in every report and on the console.' : '';
  return [spec.name, `${spec.meaning}. Default: ${spec.default}.${secret}`];
}

/** Every variable of the table, grouped, with its meaning and default. */
export function variablesHelp(groups: readonly VariableGroup[] = ['rm', 'v3', 'run', 'network', 'internal']): string {
  return groups
    .map((group) => `${GROUP_TITLES[group]}\n${columns(VARIABLES.filter((x) => x.group === group).map(variableRow), 4)}`)
    .join('\n\n');
}

export const EXIT_CODES: readonly (readonly [string, string])[] = [
  ['0', 'the target conforms on everything that ran'],
  ['1', 'at least one conformance failure (read reports/conformance.md, then the Allure report)'],
  [
    '2',
    'the run could not start: bad or missing configuration, target unreachable, credentials refused on the very first call, an unknown argument or project, no test matched the selection; one message says what to fix',
  ],
];

/** The report files of a run (INTERFACE.md's table, and what the suite adds). */
export const REPORT_FILES: readonly (readonly [string, string])[] = [
  [
    'reports/conformance.md',
    'the summary for people: operation x documented-status matrix, failures with their check and clause (fits a CI job summary)',
  ],
  ['reports/conformance.json', 'the same, machine-readable (target, seed, totals, operations, failures)'],
  ['reports/allure-report/index.html', 'the Allure HTML report: every test with its HTTP exchanges and a curl replay line'],
  ['reports/allure-results/', 'raw Allure results (npm run report rebuilds the HTML from them)'],
  ['reports/junit.xml', 'JUnit XML for CI systems'],
  ['reports/exchanges.har', "every recorded exchange of the run as HAR 1.2 (open it in a browser's network panel)"],
];

const EVERYDAY: readonly (readonly [string, string])[] = [
  ['npm start', 'the whole suite (against the embedded reference server when no target is set)'],
  ['npm start -- --grep @smoke', 'a quick check of every configured API (under a minute against a remote target)'],
  [
    'npm start -- --operation <operationId>',
    'only the tests that call that catalogue operation (repeatable; a glob such as rm.candidate-tags.*)',
  ],
  ['npm start -- --list', 'the tests a selection would run, without running them'],
  ['npx playwright test --project hr', 'one API (projects: rm, hr, learning)'],
  ['npx playwright test -g "answers 401"', 'tests whose title matches'],
  ['CONFORMANCE_SEED=<seed> npm start', 'the same generated data again (every run prints its seed)'],
  ['CONFORMANCE_BLOB=1 npm start -- --shard=1/2', 'one shard of a split run; then npm run merge-reports -- --out reports shards/'],
  ['npm run reference', 'the reference server alone, as a sandbox (prints its variables)'],
  ['npm test', "the project's own tests"],
];

/** `npm start -- --help`. */
export function startHelp(): string {
  return [
    'npm start: the API conformance suite',
    '',
    wrap(
      'Runs every conformance spec of the Recruitment Marketing API v2 and the HR core and Learning Activities API v3 against the configured target (the variables below), or against the embedded reference server when no base URL is set; then writes the reports and prints a short conformance summary. Every failure names the check that failed and quotes the sentence of the seed documents it enforces.',
      0,
    ),
    '',
    'Usage',
    '  npm start [-- <options>]',
    '',
    'Options',
    columns([
      ['-h, --help', 'this text'],
      ['--operation <operationId>', 'only the tests that call that catalogue operation (repeatable; globs such as rm.candidate-tags.*)'],
      ['--list', 'list the selected tests and run none (Playwright)'],
      [
        '--grep, -g <regex> / --project <api>',
        'select by title or tag (@smoke, @property, @stateful, @destructive) / API (rm, hr, learning)',
      ],
      ['--shard=<i>/<n>, --workers <n>', 'split the run over machines / set the workers'],
      [
        'anything else',
        "goes to Playwright's test runner: every option of npx playwright test --help, documented at https://playwright.dev/docs/test-cli",
      ],
    ]),
    '',
    'Exit status (also of npx playwright test)',
    columns(EXIT_CODES),
    '',
    'Reports (under reports/, or CONFORMANCE_REPORTS_DIR)',
    columns(REPORT_FILES),
    '',
    'Variables',
    wrap('The environment, or a .env file in the project root (the environment wins); an empty value counts as unset.', 0),
    '',
    variablesHelp(),
    '',
    'Everyday commands',
    columns(EVERYDAY),
    '',
    wrap(
      'More: README.md, docs/USAGE.md (CI, sharding, politeness, secrets), docs/INTERFACE.md (the binding interface: commands, variables, exit codes, reports).',
      0,
    ),
  ].join('\n');
}

/** The commands with a `--help` of their own (the `npm run` scripts written in TypeScript). */
export type CliName =
  | 'reference'
  | 'persona'
  | 'personas'
  | 'faults'
  | 'bench'
  | 'merge-reports'
  | 'report'
  | 'openapi'
  | 'checks'
  | 'readings'
  | 'statement'
  | 'interface-doc'
  | 'replay'
  | 'package-check'
  | 'judge'
  | 'proxy'
  | 'verify'
  | 'test';

/** A command's help as written here: variables by name (meaning and default from the table) or with a note of their own. */
type HelpEntry = Omit<CommandHelp, 'command' | 'variables'> & { variables?: readonly (string | readonly [string, string])[] };

const COMMANDS: Record<Exclude<CliName, 'reference'>, HelpEntry> = {
  persona: {
    summary: 'one persona server alone, as a sandbox',
    usage: ['npm run persona -- <lenient|strict>'],
    what: 'Starts one persona alone, as a sandbox: a whole conforming server of both APIs written from the seed documents alone, at one edge of what they allow (lenient accepts what no sentence refuses; strict refuses what no sentence accepts). Prints the variables that point npm start at it. Stops on Ctrl+C or SIGTERM.',
    options: [HELP_OPTION],
    exits: [
      ['0', 'stopped by a signal, or --help'],
      ['2', 'no persona named, an unknown one, or an unknown option'],
    ],
  },
  personas: {
    summary: 'the whole suite against each persona (must pass)',
    usage: ['npm run personas [-- --only <lenient|strict|frameworks|alternate>]... [--project <rm|hr|learning>]...'],
    what: "Runs the whole suite against each persona (servers/personas/) as an outside target, then RM on two workers; a persona conforms by construction, so every failure is the suite's. Part of npm test.",
    options: [
      ['--only <persona>', 'only that persona (repeatable; default: all four)'],
      ['--project <api>', 'only that API project (repeatable), one run per persona'],
      HELP_OPTION,
    ],
    variables: [['CONFORMANCE_SEED', 'seed of every run. Default: 20261123.'], 'CONFORMANCE_REPORTS_DIR'],
    exits: [
      ['0', 'every run passed with no failure'],
      ['1', 'a run failed (its failures are printed)'],
      ['2', 'an unknown persona or option'],
    ],
  },
  faults: {
    summary: 'the fault run: the suite against the reference server, its variants and its faults',
    usage: [
      'npm run faults [-- --only <name part>] [--parallel <n>] [--no-hints] [--write-hints] [--skip-reference]',
      'npm run mutation ... (the same command, its old name)',
    ],
    what: "The fault run, the last step of npm test: the suite against the reference server (must pass, every documented status covered), against every lawful variant (no failure allowed) and against every fault (must fail by the fault's declared check). Prints a line as each verdict is known, then the table and the two scores, and writes reports/faults.{md,json}.",
    options: [
      ['--only <name part>', 'only the faults and variants whose name contains it'],
      [
        '--parallel <n>',
        'Playwright runs at once (default: CONFORMANCE_FAULT_RUN_PARALLEL, or its old name CONFORMANCE_MUTATION_PARALLEL, else 4)',
      ],
      ['--no-hints', 'no first try on the test that caught a fault last time: every fault gets its whole run'],
      ['--write-hints', 'refresh proof/fault-run/catch-hints.json from this run'],
      ['--skip-reference', 'skip the run against the reference server'],
      HELP_OPTION,
    ],
    variables: [
      ['CONFORMANCE_SEED', 'seed of every run of the fault run. Default: 20261123, so verdicts are reproducible.'],
      ['CONFORMANCE_NUM_RUNS', 'cases per property in each run. Default: 5.'],
      'CONFORMANCE_FAULT_RUN_PARALLEL',
      'CONFORMANCE_REPORTS_DIR',
    ],
    exits: [
      ['0', 'the reference run passed, every fault was caught by its declared check, no variant failed'],
      ['1', 'anything else (see reports/faults.md)'],
      ['2', 'an unknown option or a bad value'],
    ],
  },
  bench: {
    summary: "the suite's speed figures on this machine",
    usage: ['npm run bench [-- --reuse-faults] [--no-far] [--requests <n>]'],
    what: "Measures the suite's speed on this machine: the whole suite against the embedded server (median of 3), against a conforming loopback server and a failing target, one test's fixed cost, worker start-up, the fault run, the whole suite against the reference server behind a proxy answering 50 and 300 ms late (wall time, requests, the longest chain of sequential round trips, the cases each property ran), the generated-only defect 300 ms away, and the HTTP client's overhead against bare undici. Prints the table with each target and writes reports/bench.json. Takes several minutes.",
    options: [
      ['--reuse-faults', 'take the fault run figures from the last reports/faults.json instead of running it'],
      ['--no-far', 'leave out the far-away runs (50 and 300 ms)'],
      ['--requests <n>', 'requests per side of the client overhead measure (default 5000)'],
      HELP_OPTION,
    ],
    variables: ['CONFORMANCE_REPORTS_DIR'],
    exits: [
      ['0', 'measured and written'],
      ['1', 'the bench itself failed'],
      ['2', 'an unknown option or a bad value'],
    ],
  },
  'merge-reports': {
    summary: 'the reports of a sharded run merged into those of one run',
    usage: ['npm run merge-reports -- [--out <dir>] [--no-allure-html] <shard reports dir>...'],
    what: 'Merges the reports of a run split with --shard=i/n into the reports of one run. Each input is the reports folder (CONFORMANCE_REPORTS_DIR) of one shard run with CONFORMANCE_BLOB=1, or a folder holding several (as CI downloads artifacts). The merged conformance.json equals that of an unsharded run.',
    options: [
      ['-o, --out <dir>', 'where the merged reports go (default: CONFORMANCE_REPORTS_DIR, else reports)'],
      ['--no-allure-html', 'do not build the Allure HTML report'],
      HELP_OPTION,
    ],
    variables: ['CONFORMANCE_REPORTS_DIR'],
    exits: [
      ['0', 'the merged run conforms'],
      ['1', 'at least one conformance failure'],
      ['2', 'nothing to merge, or an unknown option'],
    ],
    more: 'docs/USAGE.md, "Sharding and merging".',
  },
  report: {
    summary: 'rebuild the Allure HTML report',
    usage: ['npm run report'],
    what: 'Rebuilds the Allure HTML report (reports/allure-report/index.html) from reports/allure-results, e.g. after merging results by hand. npm start builds it already.',
    options: [HELP_OPTION],
    variables: ['CONFORMANCE_REPORTS_DIR'],
    exits: [
      ['0', 'built'],
      ['1', 'no allure-results (run the suite first)'],
      ['2', 'an unknown option'],
    ],
  },
  openapi: {
    summary: 'write the OpenAPI 3.1 exports to schemas/openapi/',
    usage: ['npm run openapi'],
    what: 'Writes the OpenAPI 3.1 export of each API (rm, hr, learning) to schemas/openapi/, from the schemas and the catalogue. Committed files: run it whenever a schema or the catalogue changes (test/unit/openapi.test.ts compares them). The sandbox serves the same documents at /openapi.',
    options: [HELP_OPTION],
    exits: [
      ['0', 'written'],
      ['2', 'an unknown option'],
    ],
  },
  checks: {
    summary: 'every check with the clauses it cites, and every operation with its documented statuses and the tests behind each',
    usage: ['npm run checks', 'npm run checks -- --json'],
    what: "Lists every check of the registry (its name, what it asserts, the clause ids it may cite, each with its sentence) and every catalogue operation with its documented statuses and the tests that set out to earn each: what each test declares where it is declared (declares(...) in its details, specs/kit/declare.ts), read from Playwright's listing without running a test. npm start -- --operation selects by the same declarations.",
    options: [['--json', 'the same as JSON'], HELP_OPTION],
    exits: [
      ['0', 'listed'],
      ['2', 'an unknown option'],
    ],
  },
  readings: {
    summary: 'every ambiguous sentence the suite has decided, with its lawful readings',
    usage: ['npm run readings', 'npm run readings -- --json'],
    what: "Lists every entry of the readings registry (src/readings): the sentence that admits several readings (its clause, quoted), the decision of schemas/DECISIONS.md, the check that judges it, and each lawful reading with its id, what it means and the frameworks that ship it. The checks accept exactly the union of an entry's readings, or the one reading a statement (CONFORMANCE_STATEMENT) declares.",
    options: [['--json', 'the same as JSON'], HELP_OPTION],
    exits: [
      ['0', 'listed'],
      ['2', 'an unknown option'],
    ],
  },
  statement: {
    summary: 'the statement a run observed: the reading the target took of each ambiguous sentence',
    usage: ['npm run statement -- <conformance.json> [--out <file>]'],
    what: "Writes a statement (schemas/statement.schema.json) from a run's conformance.json: for each ambiguous sentence the run judged, the reading the target took in every judgement (entries where it took none, or several, are listed and left out). Review it, add the records the target knows, commit it, and set CONFORMANCE_STATEMENT to it: the suite then judges strictly against the declared readings.",
    options: [['-o, --out <file>', 'where to write it (default: reports/statement.json)'], HELP_OPTION],
    exits: [
      ['0', 'written'],
      ['2', 'no file given, a file that is no conformance report, or an unknown option'],
    ],
  },
  judge: {
    summary: 'judge recorded exchanges (HAR 1.2) against the documents',
    usage: ['npm run judge -- <file.har>... [--out <dir>]'],
    what: "Judges recorded exchanges (HAR 1.2 as browsers' developer tools, Postman/Newman, mitmproxy, Charles and this suite's own reports/exchanges.har write them; base64 and compressed bodies decoded) with every check that can judge what was recorded: per exchange (no 5xx, the documented success status and body shape, credentials and 401 with its challenge, a candidate without a valid e-mail refused 422, an HR write without externalId refused with a validation message, the token service's answers by RFC 6749 §5.1-5.2) and across the recording (a candidate created is there to read, a tag deleted is no longer listed, the pages of one walk share no record). The per-exchange checks are the same the suite's own run (npm start) applies to every response of every test. Each page of a recording is judged as one test. The API of each exchange comes from RM_BASE_URL, HR_BASE_URL and HR_TOKEN_URL when set, else from the catalogue's paths. Writes a run's reports into the reports folder: conformance.json and .md, junit.xml, exchanges.har, allure-results/ (each page a test, each of its exchanges a step holding the exchange's text and, as sub-steps, the verdicts given on it; a failed page labelled with its failed check and clause, the exchange it judged marked ✗, the sentence quoted) and the Allure HTML report allure-report/index.html built from them; what a recording cannot show is listed as not judged.",
    options: [['-o, --out <dir>', 'where the reports go (default: CONFORMANCE_REPORTS_DIR, else reports)'], HELP_OPTION],
    variables: ['RM_BASE_URL', 'HR_BASE_URL', 'HR_TOKEN_URL', 'CONFORMANCE_REPORTS_DIR', 'CONFORMANCE_HISTORY'],
    exits: [
      ['0', 'every recorded exchange judged conforms'],
      ['1', 'a conformance failure'],
      [
        '2',
        'a file that is no HAR, an entry without a response, a body that does not decode, no exchange of either API, or an unknown option',
      ],
    ],
  },
  proxy: {
    summary: 'a validating reverse proxy on loopback, for testing by hand',
    usage: ['npm run proxy -- [--port <n>] [--out <dir>]'],
    what: "A reverse proxy on 127.0.0.1 for a person testing by hand: point Postman, a browser or the vendor's app at it. /rm/... goes to RM_BASE_URL, /hr/... to HR_BASE_URL, /token to HR_TOKEN_URL. Each exchange passes through unchanged and is judged as it passes by every check that judges one exchange: one console line (✓, or ✗ with the check and the quoted sentence) and a response header x-conformance-verdict naming a failed check and its clause; secrets are redacted as everywhere. On Ctrl-C or SIGTERM the session is judged whole (across its exchanges too) and its reports are written as a run's and as npm run judge writes them: conformance.json/md, junit.xml, exchanges.har (which npm run judge takes again), allure-results/ (the session one test, each exchange a step carrying its verdicts) and the Allure HTML report allure-report/index.html.",
    options: [
      ['--port <n>', 'the port to listen on (default 8480; 0 picks a free one)'],
      ['-o, --out <dir>', "where the session's reports go (default: CONFORMANCE_REPORTS_DIR, else reports)"],
      HELP_OPTION,
    ],
    variables: ['RM_BASE_URL', 'HR_BASE_URL', 'HR_TOKEN_URL', 'CONFORMANCE_REPORTS_DIR', 'CONFORMANCE_HISTORY'],
    exits: [
      ['0', 'stopped, and no verdict failed'],
      ['1', 'stopped, and a verdict failed'],
      ['2', 'no target configured, a port it cannot listen on, or an unknown option'],
    ],
  },
  verify: {
    summary: 'check a certificate: hash, signature, expiry, and its verdicts judged again',
    usage: ['npm run verify -- <certificate.json> [--public-key <pem>]'],
    what: "Checks a certificate written with CONFORMANCE_CERTIFICATE=1: its SHA-256 over the canonical form of its content, its Ed25519 signature when it is signed (and, with --public-key, that it was signed with that key), its expiry, and every verdict of a check that judges recorded exchanges alone, judged again with this suite's checks over the exchanges it carries. Names the run's failures it could not judge again (their checks need requests a recording does not show).",
    options: [['--public-key <pem>', 'the Ed25519 public key the certificate must be signed with'], HELP_OPTION],
    exits: [
      ['0', 'valid'],
      ['1', 'tampered, mismatched, signed with another key, or expired'],
      ['2', 'unreadable: not JSON, not a certificate of this suite, a field missing, or an unknown option'],
    ],
  },
  'package-check': {
    summary: 'the suite as an installed package: pack, install into an empty folder, run',
    usage: ['npm run package-check'],
    what: 'Packs the project (npm pack), installs the tarball into an empty folder (its dependencies from the npm registry) and there runs npx api-conformance-suite --help, then the suite against the embedded reference server and against a target (the reference server as an outside target): each must exit 0 and write reports/conformance.json in that folder. .ci/run calls it after npm test.',
    options: [HELP_OPTION],
    exits: [
      ['0', 'the package installs and runs'],
      ['1', 'a step failed (it is named)'],
      ['2', 'an unknown option'],
    ],
  },
  replay: {
    summary: 'run one failure of the last run again, by its id',
    usage: ['npm run replay -- <failure id> [--from <conformance.json>]'],
    what: "Runs one failure again from what its run recorded (conformance.json failures[].replayPlan: the variables and Playwright's arguments) against the same target, with the secrets read from the environment or .env, never from the report. Works the same from bash, cmd and PowerShell (no VAR=value syntax). The ids are in conformance.json, conformance.md, JUnit, Allure and on the console; a unique prefix will do. Its reports go to reports/replay-<run id>/.",
    options: [['--from <file>', 'the run whose failure to replay (default: reports/conformance.json)'], HELP_OPTION],
    exits: [
      ['0', 'the failure no longer shows'],
      ['1', 'it does (a conformance failure)'],
      ['2', 'no such failure, no report, a secret the replay needs is not set, or an unknown option'],
    ],
  },
  'interface-doc': {
    summary: 'write docs/INTERFACE.md from the registries',
    usage: ['npm run interface-doc'],
    what: 'Writes docs/INTERFACE.md, the binding outer interface (commands, variables, exit codes, report files), from the variables table, the exit codes and report files of --help and what each command owns under reports/. Committed: run it whenever a variable changes (test/unit/interface-doc.test.ts compares).',
    options: [HELP_OPTION],
    exits: [
      ['0', 'written'],
      ['2', 'an unknown option'],
    ],
  },
  test: {
    summary: "the project's own tests",
    usage: ['npm test'],
    what: 'The project\'s own tests, in order: typecheck, lint, format check, unit tests, integration tests, the remote smoke timing, the suite against the two personas, and the fault run (the suite against the reference server, every variant and every fault). Ends with one line "N passed, N failed" over the steps. What .ci/run calls.',
    options: [HELP_OPTION],
    variables: [['CONFORMANCE_QUIET', '1 (the default here): the suite runs of the steps print no per-test lines.']],
    exits: [
      ['0', 'every step passed'],
      ['1', 'a step failed'],
      ['2', 'an unknown option'],
    ],
  },
};

const COMMAND_NAMES: Record<CliName, string> = {
  reference: 'npm run reference',
  persona: 'npm run persona',
  personas: 'npm run personas',
  faults: 'npm run faults',
  bench: 'npm run bench',
  'merge-reports': 'npm run merge-reports',
  report: 'npm run report',
  openapi: 'npm run openapi',
  checks: 'npm run checks',
  readings: 'npm run readings',
  statement: 'npm run statement',
  'interface-doc': 'npm run interface-doc',
  replay: 'npm run replay',
  'package-check': 'npm run package-check',
  judge: 'npm run judge',
  proxy: 'npm run proxy',
  verify: 'npm run verify',
  test: 'npm test',
};

/** The help of a command, with the variables it names looked up in the table. */
export function helpOf(name: CliName): CommandHelp {
  if (name === 'reference') return REFERENCE_HELP;
  const entry = COMMANDS[name];
  const variables = (entry.variables ?? []).map((v): readonly [string, string] => {
    if (typeof v !== 'string') return v;
    const spec = VARIABLES.find((x) => x.name === v);
    if (!spec) throw new Error(`the help of ${name} names ${v}, which src/config/variables.ts does not hold`);
    return variableRow(spec);
  });
  return { ...entry, command: COMMAND_NAMES[name], variables };
}

/** `npm run <name> -- --help`. */
export function commandHelp(name: CliName): string {
  return renderHelp(helpOf(name));
}

/** parseArgs for the command `name`: `--help` prints its help (exit 0); an argument error is one line (exit 2). */
export function parseCliArgs<T extends ParseArgsConfig>(name: CliName, config: T, argv: readonly string[] = process.argv.slice(2)) {
  return parseCommandArgs(helpOf(name), config, argv);
}

/** For a command that takes no option: `--help` prints its text, anything else is an error (exit 2). */
export function noOptions(name: CliName, argv: readonly string[] = process.argv.slice(2)): void {
  parseCliArgs(name, { options: {}, strict: true }, argv);
}

export { wantsHelp, argumentError, usageError } from '../../lib/usage/index';
