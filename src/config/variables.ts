/**
 * Every environment variable the suite reads, with what it means and its default: the one table
 * behind `npm start -- --help`, the typo check ("did you mean RM_BASE_URL?") and the rule that an
 * API's credential or id variable needs that API's base URL (INTERFACE.md).
 */

export type VariableGroup = 'rm' | 'v3' | 'run' | 'network' | 'internal';

/**
 * - `base-url`: where an API is; set, it makes that API an outside target.
 * - `target`: a credential or known id of one API's target; meaningless without its base URL.
 * - `control`: a run control, whatever the target.
 */
export type VariableKind = 'base-url' | 'target' | 'control';

export interface VariableSpec {
  readonly name: string;
  readonly group: VariableGroup;
  readonly kind: VariableKind;
  readonly meaning: string;
  readonly default: string;
  /** Its value is a secret: never printed, never written to a report. */
  readonly secret?: boolean;
  /** Where its meaning is written down (INTERFACE.md unless said). */
  readonly documented?: 'INTERFACE.md' | 'README.md' | 'docs/USAGE.md' | 'CONTRIBUTING.md';
}

const v = (
  name: string,
  group: VariableGroup,
  kind: VariableKind,
  meaning: string,
  dflt: string,
  extra: Partial<Pick<VariableSpec, 'secret' | 'documented'>> = {},
): VariableSpec => Object.freeze({ name, group, kind, meaning, default: dflt, ...extra });

export const VARIABLES: readonly VariableSpec[] = Object.freeze([
  // Recruitment Marketing API v2 (000)
  v('RM_BASE_URL', 'rm', 'base-url', 'base address of the RM v2 target, ending with /v2', 'unset: the embedded reference server'),
  v('RM_API_KEY', 'rm', 'target', 'API key (HTTP basic user, with x-hmac-date)', "the reference server's built-in pair", { secret: true }),
  v('RM_API_SECRET', 'rm', 'target', 'API secret (HTTP basic password)', "the reference server's built-in pair", { secret: true }),
  v('RM_LIST_ID', 'rm', 'target', 'a static list the suite may add and remove its own candidates to', 'first list from GET /lists'),
  v('RM_JOB_ID', 'rm', 'target', 'a known job to read', 'discovered from GET /jobs; skipped with a reason if none'),
  v('RM_RECRUITMENT_EVENT_ID', 'rm', 'target', 'a known recruitment event to read', 'discovered; skipped with a reason if none'),
  v('RM_JOB_APPLICATION_ID', 'rm', 'target', 'a known job application whose events to read', 'discovered; skipped with a reason if none'),
  v(
    'RM_ATS_INTEGRATION_ID',
    'rm',
    'target',
    'an ATS integration whose candidate may be queued for anonymisation',
    'unset: success path skipped',
  ),
  v(
    'RM_ATS_CANDIDATE_ID',
    'rm',
    'target',
    "that candidate's id in the ATS (goes with RM_ATS_INTEGRATION_ID)",
    'unset: success path skipped',
  ),
  v('RM_ARCHIVED_CANDIDATE_ID', 'rm', 'target', 'a candidate known to be archived, for filter[archived]', 'unset: that check skipped', {
    documented: 'README.md',
  }),
  v(
    'RM_ANONYMISED_CANDIDATE_ID',
    'rm',
    'target',
    'a candidate known to be anonymised, for filter[anonymised]',
    'unset: that check skipped',
    {
      documented: 'README.md',
    },
  ),
  v('RM_FILTER_CAP', 'rm', 'target', 'the record cap for numeric pagination with a filter', '10000'),
  // HR core and Learning API v3 (001)
  v(
    'HR_BASE_URL',
    'v3',
    'base-url',
    'base address including the tenant, ending with /v3/<tenant_id>',
    'unset: the embedded reference server',
  ),
  v('HR_TOKEN_URL', 'v3', 'target', 'OAuth 2.0 token endpoint (client credentials grant)', "the reference server's"),
  v('HR_CLIENT_ID', 'v3', 'target', 'OAuth client id', "the reference server's built-in pair", { secret: true }),
  v('HR_CLIENT_SECRET', 'v3', 'target', 'OAuth client secret', "the reference server's built-in pair", { secret: true }),
  v('HR_TOKEN_AUTH', 'v3', 'target', 'client authentication at the token endpoint: post (form fields) or basic', 'post'),
  v('HR_SCOPE', 'v3', 'target', 'scopes asked for, space separated', 'Public.HrCore.Write'),
  v(
    'HR_EMPLOYEE_REFERENCE_ID',
    'v3',
    'target',
    'a platform reference id for PUT /employee/{employeeId}',
    'unset: that success path skipped',
  ),
  v('LEARNING_PROVIDER_ID', 'v3', 'target', 'the provider id issued at registration', "the reference server's"),
  v('LEARNING_OWNER_ID', 'v3', 'target', 'the owner id issued at registration', "the reference server's"),
  v('LEARNING_IMAGE_TEMP_KEY', 'v3', 'target', 'an image key in temporary storage', 'unset: only the "Image does not exist" path runs'),
  v(
    'LEARNING_PROVIDER_FIELD',
    'v3',
    'target',
    "the name of the activity's provider object (001 §2 hides it)",
    'tries provider, service, theService',
    {
      documented: 'README.md',
    },
  ),
  // Run controls
  v('CONFORMANCE_EMBEDDED', 'run', 'control', '1: the embedded reference server for both APIs, whatever else is set', 'unset'),
  v('CONFORMANCE_REQUIRE_TARGET', 'run', 'control', '1: no base URL set is an error (exit 2) instead of the embedded server', 'unset'),
  v('CONFORMANCE_ALLOW_DESTRUCTIVE', 'run', 'control', '1: operations that cannot be undone are allowed on the target', 'unset'),
  v('CONFORMANCE_ALLOW_PRODUCTION', 'run', 'control', '1: an HR_BASE_URL on a production ("api.") host is allowed', 'unset', {
    documented: 'docs/USAGE.md',
  }),
  v('CONFORMANCE_SEED', 'run', 'control', 'seed of every generator; printed by every run, for replays', 'random'),
  v('CONFORMANCE_NUM_RUNS', 'run', 'control', 'cases per property', '25 near, 5 against a public host'),
  v('CONFORMANCE_RUN_ID', 'run', 'control', 'tag on every record the suite creates (1-24 letters, digits, dashes)', 'random'),
  v('CONFORMANCE_MAX_RPS', 'run', 'control', 'requests per second for the whole run (0 = unbounded)', '0 near, 10 against a public host'),
  v('CONFORMANCE_MAX_CONCURRENCY', 'run', 'control', 'requests in flight at once', '48 near, 4 against a public host', {
    documented: 'docs/USAGE.md',
  }),
  v('CONFORMANCE_TIMEOUT_MS', 'run', 'control', 'time-out of one request, in ms', '5000 embedded, 15000 otherwise'),
  v(
    'CONFORMANCE_WORKERS',
    'run',
    'control',
    'Playwright workers (a positive integer)',
    '2, shared by the API projects; 8 against a far target, 16 at 100 ms or more',
    {
      documented: 'docs/USAGE.md',
    },
  ),
  v('CONFORMANCE_EXTRA_HEADERS', 'run', 'control', 'headers a gateway wants on every request (Name: value; ... or JSON)', 'unset', {
    secret: true,
    documented: 'README.md',
  }),
  v('CONFORMANCE_GREP', 'run', 'control', 'CI template only: a --grep for a pipeline started by hand', 'unset', {
    documented: 'docs/USAGE.md',
  }),
  v('CONFORMANCE_BASELINE', 'run', 'control', "an earlier run's conformance.json: its failures are known, not new", 'unset'),
  v('CONFORMANCE_EXPECTATIONS', 'run', 'control', 'a file of justified, expiring deviations', 'unset'),
  v(
    'CONFORMANCE_STATEMENT',
    'run',
    'control',
    "the target's statement (JSON, schemas/statement.schema.json): the reading it implements of each ambiguous sentence (npm run readings) and the records it knows; the suite then judges strictly against the declared readings",
    'unset: every lawful reading is accepted',
  ),
  v(
    'CONFORMANCE_DOCUMENTS_DIR',
    'run',
    'control',
    "where the project's own tests (npm test) find the two API documents, to prove quotes word for word; absent: those tests are skipped with one line",
    '../shared/seeds',
  ),
  v(
    'CONFORMANCE_STANDARDS_DIR',
    'run',
    'control',
    "where the project's own tests find the texts of the standards the documents invoke (rfc6749.txt, rfc6750.txt, rfc7519.txt, rfc9110.txt), to prove their quotes word for word; absent: those tests are skipped with one line",
    '../standards',
  ),
  v(
    'CONFORMANCE_CERTIFICATE',
    'run',
    'control',
    '1: also write reports/certificate.json (suite version, document hashes, statement, targets, run id, times, expiry, verdicts with the redacted exchanges they rest on, a SHA-256 over a canonical form); npm run verify checks it',
    'unset',
  ),
  v(
    'CONFORMANCE_SIGNING_KEY',
    'run',
    'control',
    'path of an Ed25519 private key (PEM): the certificate is signed and carries the public key',
    'unset: unsigned',
  ),
  v('CONFORMANCE_HISTORY', 'run', 'control', 'a history file kept between runs, for Allure trends', 'unset'),
  v('CONFORMANCE_REPORTS_DIR', 'run', 'control', 'where the reports go', 'reports', { documented: 'docs/USAGE.md' }),
  v('CONFORMANCE_QUIET', 'run', 'control', '1: no per-test lines on the console', 'unset', { documented: 'docs/USAGE.md' }),
  v('CONFORMANCE_VERBOSE', 'run', 'control', '1: every exchange of a failed test on the console', 'unset', { documented: 'docs/USAGE.md' }),
  v('CONFORMANCE_BLOB', 'run', 'control', '1: also write a blob report, for merge-reports of shards', 'unset', {
    documented: 'docs/USAGE.md',
  }),
  v('CONFORMANCE_LEAN', 'run', 'control', '1: only conformance.json (no Allure, JUnit, exchange attachments)', 'unset', {
    documented: 'docs/USAGE.md',
  }),
  v('CONFORMANCE_REPLAY_PATH', 'run', 'control', "a property's shrunk case to replay (printed by a failure)", 'unset', {
    documented: 'README.md',
  }),
  v('CONFORMANCE_REPLAY_COMMANDS', 'run', 'control', "a model's shrunk commands to replay (printed by a failure)", 'unset', {
    documented: 'README.md',
  }),
  v(
    'CONFORMANCE_REPLAY_PROPERTY',
    'run',
    'control',
    'the property whose case is replayed; the others of its test stand aside (printed by a failure)',
    'unset',
    {
      documented: 'README.md',
    },
  ),
  v(
    'CONFORMANCE_SLOW',
    'run',
    'control',
    "1: also the tests that wait out a token's lifetime (over 20 s, tagged @slow)",
    'unset: skipped',
    {
      documented: 'docs/USAGE.md',
    },
  ),
  v(
    'PW_KEEP_WORKER_ON_FAILURE',
    'run',
    'control',
    "0: a new worker after every failed test (Playwright's default)",
    '1: a failed check keeps its worker',
    {
      documented: 'README.md',
    },
  ),
  v(
    'PW_TS_CJS_ONLY',
    'run',
    'control',
    "0: Playwright's workers start its ESM loader thread too (patches/playwright+1.65.1.patch)",
    '1: TypeScript through the require hooks alone',
    {
      documented: 'README.md',
    },
  ),
  v(
    'PW_RUN_FIRST_TAG',
    'run',
    'control',
    'tests with this tag start first (patches/playwright+1.65.1.patch); empty: the file order',
    '@property against a far target, else unset',
    {
      documented: 'README.md',
    },
  ),
  v('CI', 'run', 'control', 'set by CI systems: progress as a line every few seconds, test.only refused', 'unset', {
    documented: 'docs/USAGE.md',
  }),
  v('REFERENCE_PORT', 'run', 'control', 'port of the sandbox, npm run reference (0: a free port)', '0', { documented: 'docs/USAGE.md' }),
  v('CONFORMANCE_COMPILE_CACHE', 'run', 'control', '0: no V8 code cache for the run', 'on', { documented: 'docs/USAGE.md' }),
  v('CONFORMANCE_COMPILE_CACHE_DIR', 'run', 'control', 'where the V8 code cache lives', 'node_modules/.cache/conformance-compile-cache', {
    documented: 'docs/USAGE.md',
  }),
  v('CONFORMANCE_FAULT_RUN_PARALLEL', 'run', 'control', 'fault run: Playwright runs at once', '4', { documented: 'CONTRIBUTING.md' }),
  v('CONFORMANCE_MUTATION_PARALLEL', 'run', 'control', 'the old name of CONFORMANCE_FAULT_RUN_PARALLEL, still read', '4', {
    documented: 'CONTRIBUTING.md',
  }),
  // The network (read by undici's EnvHttpProxyAgent)
  v('HTTPS_PROXY', 'network', 'control', 'proxy for https targets (and the token endpoint)', 'unset', {
    secret: true,
    documented: 'README.md',
  }),
  v('HTTP_PROXY', 'network', 'control', 'proxy for http targets', 'unset', { secret: true, documented: 'README.md' }),
  v('NO_PROXY', 'network', 'control', 'hosts reached directly', 'unset', { documented: 'README.md' }),
  v(
    'NODE_EXTRA_CA_CERTS',
    'network',
    'control',
    "a PEM file of a company CA for TLS to the target or proxy (Node's own)",
    "Node's CA list",
    {
      documented: 'README.md',
    },
  ),
  // Set by the suite for its own processes; a user has no reason to set them
  v(
    'CONFORMANCE_RTT_MS',
    'internal',
    'control',
    'the round trip to the target measured when the run is laid out (handed to its workers)',
    'measured',
  ),
  v('API_PORT', 'internal', 'control', 'port of the embedded reference server (set by the global set-up)', 'set by the run'),
  v('REFERENCE_FAULTS', 'internal', 'control', 'faults the embedded reference server is started with (the fault run)', 'unset', {
    documented: 'CONTRIBUTING.md',
  }),
  v('REFERENCE_VARIANTS', 'internal', 'control', 'variants the embedded reference server is started with (the fault run)', 'unset', {
    documented: 'CONTRIBUTING.md',
  }),
  v('REFERENCE_INSTANCES_FILE', 'internal', 'control', 'many reference servers in one run (the fault run)', 'unset', {
    documented: 'CONTRIBUTING.md',
  }),
]);

const BY_NAME = new Map(VARIABLES.map((x) => [x.name, x]));

export function variable(name: string): VariableSpec | undefined {
  return BY_NAME.get(name);
}

/** The prefixes whose unknown names are typos the run refuses (INTERFACE.md). */
export const OWNED_PREFIXES = ['RM_', 'HR_', 'LEARNING_', 'CONFORMANCE_'] as const;
