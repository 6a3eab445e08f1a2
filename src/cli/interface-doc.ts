/**
 * `npm run interface-doc`: writes docs/INTERFACE.md, the suite's binding outer interface (commands,
 * variables, exit codes, report files) as the project keeps it, from the registries themselves: the
 * variables table (src/config/variables.ts), the exit codes and report files of `--help`
 * (src/cli/help.ts) and what the other commands own under reports/ (src/runner/run-info.ts).
 * test/unit/interface-doc.test.ts keeps the committed file equal to this text, and (when the steering
 * interface is beside the project) checks it names every command, variable and report file of it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VARIABLES, type VariableGroup } from '../config/variables';
import { OWNED_ELSEWHERE } from '../runner/run-info';
import { EXIT_CODES, noOptions, REPORT_FILES } from './help';

export const INTERFACE_DOC = 'docs/INTERFACE.md';

/** The commands, as people type them, with what each does. */
export const COMMANDS: readonly (readonly [string, string])[] = [
  [
    'npm start',
    'runs the whole conformance suite against the configured target, or the embedded reference server (both APIs and a token endpoint) when none is set; writes the reports below and prints a short summary',
  ],
  ['npm test', "the project's own tests: static checks, unit and integration tests, the personas, the fault run (what `.ci/run` calls)"],
  [
    'npx playwright test ...',
    'still works directly, with every Playwright option (`--project`, `--grep @smoke`, `--shard`, `--repeat-each`, ...)',
  ],
  ['npm start -- --help', 'what the suite does, every variable below with its default, the exit codes and the report files; exit 0'],
  [
    'npm start -- --operation <operationId>',
    'only the tests that call that catalogue operation (repeatable; a glob such as `rm.candidate-tags.*`)',
  ],
  [
    'npm run checks',
    'every check with the clauses it cites, and every operation with its documented statuses and the tests that cover each (`-- --json`)',
  ],
  ['npm run readings', 'every ambiguous sentence the suite has decided, with its clause and the lawful readings it accepts (`-- --json`)'],
  [
    'npm run statement -- <conformance.json> [--out FILE]',
    'writes the statement (readings and known records) a run observed, default `reports/statement.json`',
  ],
  [
    'npm run diff -- <a.json> <b.json>',
    "what changed between two runs' `conformance.json` (cells, failures, observations), also as `reports/diff.{md,json}`; exit 1 when b has a failure a does not",
  ],
  [
    'npm run replay -- <failure id>',
    're-runs one failure of the last run (ids in `conformance.json` `failures[].id` and in every report) against the same target, secrets from the environment or `.env`; exit as a run',
  ],
  [
    'npm run judge -- <file.har>...',
    'judges recorded exchanges (HAR 1.2) against the documents with every check that can judge recorded traffic; writes the reports below; exit 0/1 as a run, 2 for an unreadable file or no exchange of either API',
  ],
  [
    'npm run proxy -- [--port N]',
    "a validating reverse proxy on loopback to the configured targets (`/rm/...` to `RM_BASE_URL`, `/hr/...` to `HR_BASE_URL`, `/token` to `HR_TOKEN_URL`): each exchange passes unchanged, is judged as it passes (a console line, an `x-conformance-verdict` response header naming a failed check), and the session's reports are written on SIGTERM or Ctrl-C; exit 1 if any verdict failed",
  ],
  [
    'npm run verify -- <certificate.json>',
    "checks a certificate's hash and signature, re-judges its recorded exchanges and compares the verdicts; exit 0 valid, 1 tampered, mismatched or expired, 2 unreadable",
  ],
  ['npm run merge-reports -- [--out DIR] <shard dirs>', 'the reports of a sharded run merged into those of one run'],
  ['npm run report', 'rebuilds the Allure HTML report from `reports/allure-results`'],
  ['npm run reference', 'the embedded reference server alone, as a sandbox'],
];

const GROUPS: readonly (readonly [VariableGroup, string])[] = [
  ['rm', 'Recruitment Marketing API v2 (document 000)'],
  ['v3', 'HR core and Learning API v3 (document 001)'],
  ['run', 'Run control'],
  ['network', 'Network (also in lower case; lower case wins)'],
  ['internal', 'Set by the suite for its own processes (no need to set them)'],
];

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function table(header: readonly [string, string], rows: readonly (readonly [string, string])[], code = true): string[] {
  return [`| ${header[0]} | ${header[1]} |`, '|---|---|', ...rows.map(([a, b]) => `| ${code ? `\`${cell(a)}\`` : cell(a)} | ${cell(b)} |`)];
}

export function interfaceDoc(): string {
  const lines: string[] = [
    '# The suite\u2019s outer interface (binding)',
    '',
    'How people and CI machines drive the conformance suite: the commands, the variables, the exit codes and',
    'the report files. Other tools depend on these names: they are added to, never renamed. Generated by',
    '`npm run interface-doc` from the registries the code reads (`src/config/variables.ts`, `src/cli/help.ts`,',
    '`src/runner/run-info.ts`); `test/unit/interface-doc.test.ts` keeps this file equal to them.',
    '',
    '## Commands (from the project root, after `npm ci`)',
    '',
    ...table(['command', 'what it does'], COMMANDS),
    '',
    'The project is also an installable package (`npm pack`): its command `api-conformance-suite` runs what `npm start`',
    'runs, with the same arguments, variables, exit codes and reports, from the folder it is called in.',
    '',
    '## Exit status of `npm start` (and of `npx playwright test`)',
    '',
    ...table(['status', 'meaning'], EXIT_CODES),
    '',
    'A run that ran no test never reports that the target conforms. An empty variable counts as unset.',
    '',
    '## Variables (the environment, or a `.env` file in the project root; the environment wins)',
  ];
  for (const [group, title] of GROUPS) {
    const rows = VARIABLES.filter((v) => v.group === group).map((v): readonly [string, string] => [
      v.name,
      `${v.meaning}. Default: ${v.default}.${v.secret ? ' Secret: never printed, never in a report.' : ''}`,
    ]);
    lines.push('', `### ${title}`, '', ...table(['variable', 'meaning and default'], rows));
  }
  lines.push(
    '',
    'With neither `RM_BASE_URL` nor `HR_BASE_URL` set, and no other variable of either API set, both APIs run against',
    'the embedded reference server. A non-empty credential or id variable of an API whose base URL is unset or empty',
    'is a configuration error (exit 2 naming the variable), and so is an unknown `RM_*`, `HR_*`, `LEARNING_*` or',
    '`CONFORMANCE_*` name close to a known one (a typo). With only one base URL set, only that API\u2019s specs run, and',
    'the other\u2019s are reported as skipped ("not configured"). `CONFORMANCE_EMBEDDED=1` forces the embedded server.',
    '',
    '## Reports (under `reports/`, or `CONFORMANCE_REPORTS_DIR`; never committed)',
    '',
    ...table(['path', 'content'], REPORT_FILES),
    '',
    'A run replaces its own files and removes what other commands wrote about an earlier run (`diff.{md,json}`,',
    '`statement.json`). Other commands write into folders named by the command that owns them:',
    '',
    ...table(
      ['folder', 'owner'],
      OWNED_ELSEWHERE.map((o): readonly [string, string] => [
        typeof o.name === 'string' ? `reports/${o.name}/` : 'reports/replay-<run id>/',
        o.owner,
      ]),
    ),
    '',
    '`reports/conformance.json` holds at least `target` (`rm`, `hr`: a base URL, `embedded` or `not configured`),',
    '`seed`, `runId`, `totals` (`passed`, `failed`, `skipped`, `notJudged`), `operations` (per catalogue operation its',
    '`statuses`: every documented status, each `passed`, `failed`, `skipped` or `not-covered`, with `evidence`),',
    '`failures` (each with its `check`, `test` and `clause`: `seed`, `section`, `quote` word for word, and the',
    '`replay` command), `readings` (per ambiguous sentence, the readings the target was seen to take), `tests`,',
    '`observations`. Secrets (API secret, client secret, tokens, Authorization headers) never appear in any file',
    'under `reports/`.',
    '',
  );
  return lines.join('\n');
}

function main(): void {
  noOptions('interface-doc');
  writeFileSync(join(__dirname, '../..', INTERFACE_DOC), interfaceDoc());
  console.log(`${INTERFACE_DOC} written`);
}

if (require.main === module) main();
