/**
 * The target: the configured environment (base URLs, credentials, known ids, run controls), read
 * once from the environment exactly as ../shared/INTERFACE.md names it, validated, and frozen.
 * Every problem ends the run before any test with one ConfigError saying what to fix.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseStatement, type Statement } from '../readings';
import { ConfigError, configError } from './errors';
import { EMBEDDED, embeddedUrls } from '../../contract/identity/embedded';
import type { Env } from './env';
import { HR_WRITE_SCOPE } from '../../contract/terms';
import { typoProblems } from './typos';
import { VARIABLES } from './variables';

export interface RmTarget {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  listId: string | null;
  jobId: string | null;
  recruitmentEventId: string | null;
  jobApplicationId: string | null;
  atsIntegrationId: string | null;
  atsCandidateId: string | null;
  /** A candidate known to be archived (RM_ARCHIVED_CANDIDATE_ID): what filter[archived]=true must find. */
  archivedCandidateId: string | null;
  /** A candidate known to be anonymised (RM_ANONYMISED_CANDIDATE_ID): what filter[anonymised]=true must find. */
  anonymisedCandidateId: string | null;
  filterCap: number;
}

export interface V3Target {
  baseUrl: string;
  tenant: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  tokenAuth: 'post' | 'basic';
  scope: string;
  /** A second client of the embedded server, used to prove a token signed for another client is refused. */
  otherClient: { clientId: string; clientSecret: string } | null;
  learningProviderId: number | null;
  learningOwnerId: number | null;
  learningImageTempKey: string | null;
  employeeReferenceId: string | null;
}

export interface RunControls {
  allowDestructive: boolean;
  allowProduction: boolean;
  seed: number;
  numRuns: number;
  runId: string;
  /** Requests per second for the whole run; 0 = unbounded (the embedded server). */
  maxRps: number;
  maxConcurrency: number;
  timeoutMs: number;
  /** Headers a gateway wants on every request to the targets and the token endpoint (CONFORMANCE_EXTRA_HEADERS); the values are secrets. */
  extraHeaders: Readonly<Record<string, string>>;
}

export interface Target {
  /** True when the embedded reference server is the target (of every configured API). */
  embedded: boolean;
  rm: RmTarget | null;
  v3: V3Target | null;
  run: RunControls;
  /** The target's statement (CONFORMANCE_STATEMENT): the readings it declares and the records it knows; null: none. */
  statement: Statement | null;
}

/** Which APIs run and where, decided before the embedded server (if any) is started. */
export interface TargetPlan {
  embedded: boolean;
  rm: boolean;
  v3: boolean;
}

/**
 * Which APIs run where (INTERFACE.md): the embedded reference server only when no variable of
 * either API is set (or CONFORMANCE_EMBEDDED=1 forces it). A credential or id of an API whose base
 * URL is unset or empty, a typo of a known variable, or CONFORMANCE_REQUIRE_TARGET=1 with no base
 * URL, is a ConfigError naming the variable: the run never tests the embedded server by mistake.
 */
export function planTarget(env: Env): TargetPlan {
  const problems = typoProblems(env);
  const forced = env.CONFORMANCE_EMBEDDED === '1';
  const rmSet = nonEmpty(env.RM_BASE_URL);
  const hrSet = nonEmpty(env.HR_BASE_URL);
  if (!forced) {
    for (const [group, baseUrl, set] of [
      ['rm', 'RM_BASE_URL', rmSet],
      ['v3', 'HR_BASE_URL', hrSet],
    ] as const) {
      if (set) continue;
      const orphans = VARIABLES.filter((v) => v.group === group && v.kind === 'target' && nonEmpty(env[v.name])).map((v) => v.name);
      if (orphans.length)
        problems.push(
          `${orphans.join(', ')} ${orphans.length === 1 ? 'is' : 'are'} set but ${baseUrl} is not (or is empty): set ${baseUrl} to the target's base address, or unset ${orphans.join(' and ')} to ${rmSet || hrSet ? 'leave that API out' : 'use the embedded reference server'}.`,
        );
    }
    if (!rmSet && !hrSet && env.CONFORMANCE_REQUIRE_TARGET === '1')
      problems.push(
        "CONFORMANCE_REQUIRE_TARGET=1 but neither RM_BASE_URL nor HR_BASE_URL is set (or they are empty): set the target's base URL (in CI, the variable of the pipeline), or unset CONFORMANCE_REQUIRE_TARGET to run against the embedded reference server.",
      );
  }
  if (problems.length) throw configError(problems);
  if (forced || (!rmSet && !hrSet)) return { embedded: true, rm: true, v3: true };
  return { embedded: false, rm: rmSet, v3: hrSet };
}

/**
 * Parses the whole target. `embeddedPort` is where the embedded server listens (API_PORT), needed
 * only when the plan is embedded.
 */
export function parseTarget(env: Env, embeddedPort?: number): Target {
  const plan = planTarget(env);
  const problems: string[] = [];
  const p = new Problems(problems);
  let urls: ReturnType<typeof embeddedUrls> | null = null;
  if (plan.embedded) {
    const port = embeddedPort ?? p.int(env, 'API_PORT', undefined, 1);
    if (port === null || port === undefined) {
      throw new ConfigError(
        'The embedded reference server is not running (API_PORT is not set). Run the suite through `npm start` or `npx playwright test`, which start it.',
      );
    }
    urls = embeddedUrls(port);
  }
  const statement = readStatement(env, p);
  // The records a statement knows stand in for their variables where those are unset (the variables win).
  if (statement) env = { ...statement.records, ...Object.fromEntries(Object.entries(env).filter(([, v]) => nonEmpty(v))) };
  const rm = plan.rm ? parseRm(env, p, urls) : null;
  const hr = plan.v3 ? parseV3(env, p, urls) : null;
  const run = parseRun(env, p, plan.embedded, isNear([rm?.baseUrl, hr?.baseUrl, hr?.tokenUrl]));
  if (hr && !plan.embedded && !run.allowProduction && isProductionHost(hr.baseUrl)) {
    problems.push(
      `HR_BASE_URL ${hr.baseUrl} is a production environment ("api." host; 001 §1: production is "api", testing is "apiuat"). The suite creates and archives records: point it at an "apiuat." environment, or set CONFORMANCE_ALLOW_PRODUCTION=1 if you really mean production.`,
    );
  }
  if (problems.length > 0) throw configError(problems);
  return deepFreeze({ embedded: plan.embedded, rm, v3: hr, run, statement });
}

/** CONFORMANCE_STATEMENT: the file read and checked against the readings registry; each problem one line. */
function readStatement(env: Env, p: Problems): Statement | null {
  const path = env.CONFORMANCE_STATEMENT?.trim();
  if (!path) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    p.push(
      `CONFORMANCE_STATEMENT=${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): give the path of the target's statement (npm run statement writes one from a run).`,
    );
    return null;
  }
  const parsed = parseStatement(text, `CONFORMANCE_STATEMENT=${path}`);
  for (const problem of parsed.problems) p.push(problem);
  return parsed.statement;
}

function parseRm(env: Env, p: Problems, urls: ReturnType<typeof embeddedUrls> | null): RmTarget {
  const embedded = urls !== null;
  const baseUrl = embedded ? urls.rm : p.url(env, 'RM_BASE_URL', /\/v2$/, 'end with /v2 (000 §1: each region base address ends with /v2)');
  const apiKey = env.RM_API_KEY ?? (embedded ? EMBEDDED.rm.apiKey : p.missing('RM_API_KEY', 'the API key of the RM account (000 §5.2)'));
  const apiSecret =
    env.RM_API_SECRET ?? (embedded ? EMBEDDED.rm.apiSecret : p.missing('RM_API_SECRET', 'the API secret of the RM account (000 §5.2)'));
  const ats = p.pair(env, 'RM_ATS_INTEGRATION_ID', 'RM_ATS_CANDIDATE_ID');
  return {
    baseUrl,
    apiKey,
    apiSecret,
    listId: opt(env.RM_LIST_ID) ?? (embedded ? EMBEDDED.rm.listId : null),
    jobId: opt(env.RM_JOB_ID),
    recruitmentEventId: opt(env.RM_RECRUITMENT_EVENT_ID),
    jobApplicationId: opt(env.RM_JOB_APPLICATION_ID),
    atsIntegrationId: ats?.[0] ?? (embedded ? EMBEDDED.rm.atsIntegrationId : null),
    atsCandidateId: ats?.[1] ?? (embedded ? EMBEDDED.rm.atsCandidateId : null),
    archivedCandidateId: opt(env.RM_ARCHIVED_CANDIDATE_ID) ?? (embedded ? EMBEDDED.rm.archivedCandidateId : null),
    anonymisedCandidateId: opt(env.RM_ANONYMISED_CANDIDATE_ID) ?? (embedded ? EMBEDDED.rm.anonymisedCandidateId : null),
    filterCap: p.int(env, 'RM_FILTER_CAP', 10000, 1) ?? 10000,
  };
}

function parseV3(env: Env, p: Problems, urls: ReturnType<typeof embeddedUrls> | null): V3Target {
  const embedded = urls !== null;
  const baseUrl = embedded ? urls.hr : p.url(env, 'HR_BASE_URL', /\/v3\/[^/]+$/, 'end with /v3/<tenant_id> (001 §1 base address)');
  const tokenUrl =
    embedded && !nonEmpty(env.HR_TOKEN_URL)
      ? urls.token
      : p.url(
          env,
          'HR_TOKEN_URL',
          null,
          '',
          'the OAuth 2.0 token endpoint of this environment (its address is not shown in 001 §5.6, so it must be given)',
        );
  const tokenAuth = env.HR_TOKEN_AUTH ?? 'post';
  if (tokenAuth !== 'post' && tokenAuth !== 'basic') p.push(`HR_TOKEN_AUTH must be "post" or "basic" (got "${tokenAuth}").`);
  const clientId =
    env.HR_CLIENT_ID ?? (embedded ? EMBEDDED.v3.clientId : p.missing('HR_CLIENT_ID', 'the OAuth client id of this environment (001 §5.4)'));
  const clientSecret =
    env.HR_CLIENT_SECRET ??
    (embedded ? EMBEDDED.v3.clientSecret : p.missing('HR_CLIENT_SECRET', 'the OAuth client secret of this environment (001 §5.4)'));
  const scope = (env.HR_SCOPE ?? HR_WRITE_SCOPE).trim();
  if (scope === '') p.push(`HR_SCOPE is empty: give the scopes to ask for, space separated (001 §5.2 requires ${HR_WRITE_SCOPE}).`);
  return {
    baseUrl,
    tenant: decodeURIComponent(baseUrl.slice(baseUrl.lastIndexOf('/') + 1)),
    tokenUrl,
    clientId,
    clientSecret,
    tokenAuth: tokenAuth === 'basic' ? 'basic' : 'post',
    scope,
    otherClient: embedded ? { clientId: EMBEDDED.v3.otherClientId, clientSecret: EMBEDDED.v3.otherClientSecret } : null,
    learningProviderId: p.int(env, 'LEARNING_PROVIDER_ID', embedded ? EMBEDDED.v3.learningProviderId : null, 0),
    learningOwnerId: p.int(env, 'LEARNING_OWNER_ID', embedded ? EMBEDDED.v3.learningOwnerId : null, 0),
    learningImageTempKey: opt(env.LEARNING_IMAGE_TEMP_KEY) ?? (embedded ? EMBEDDED.v3.learningImageTempKey : null),
    employeeReferenceId: opt(env.HR_EMPLOYEE_REFERENCE_ID) ?? (embedded ? EMBEDDED.v3.employeeReferenceId : null),
  };
}

/**
 * A target on this machine or a private network (loopback, RFC 1918, link-local, `localhost`) is a
 * sandbox, not a production system to protect: it gets the embedded server's pace and case counts.
 */
export function isNear(urls: readonly (string | undefined)[]): boolean {
  const hosts = urls
    .filter((u): u is string => typeof u === 'string')
    .flatMap((u) => {
      try {
        return [new URL(u).hostname.replace(/^\[|\]$/g, '').toLowerCase()];
      } catch {
        return ['unparseable.invalid'];
      }
    });
  return hosts.length > 0 && hosts.every(isNearHost);
}

function isNearHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (!v4) return /^f[cd][0-9a-f]{2}:/.test(host) || host.startsWith('fe80:');
  const [a, b] = [Number(v4[1]), Number(v4[2])];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

/**
 * Requests in flight at once against the embedded server or a loopback / private-network sandbox:
 * enough for a far sandbox's 16 workers to keep three each (a property's lanes, a rule's refusals).
 */
export const NEAR_MAX_CONCURRENCY = 48;

function parseRun(env: Env, p: Problems, embedded: boolean, near: boolean): RunControls {
  const runId = env.CONFORMANCE_RUN_ID ?? `cr${randomBytes(4).toString('hex')}`;
  if (!/^[A-Za-z0-9-]{1,24}$/.test(runId))
    p.push(
      `CONFORMANCE_RUN_ID must be 1-24 letters, digits or dashes, since it goes into e-mail local parts and external ids (got "${runId}").`,
    );
  return {
    // Against its own throw-away server the suite may do anything (INTERFACE.md).
    allowDestructive: embedded || flag(env, 'CONFORMANCE_ALLOW_DESTRUCTIVE', p),
    allowProduction: flag(env, 'CONFORMANCE_ALLOW_PRODUCTION', p),
    seed: p.int(env, 'CONFORMANCE_SEED', Math.floor(Math.random() * 2 ** 31), -(2 ** 31)) ?? 0,
    numRuns: p.int(env, 'CONFORMANCE_NUM_RUNS', embedded || near ? 25 : 5, 1) ?? 1,
    runId: runId.toLowerCase(),
    maxRps: p.num(env, 'CONFORMANCE_MAX_RPS', embedded || near ? 0 : 10, 0),
    maxConcurrency: p.int(env, 'CONFORMANCE_MAX_CONCURRENCY', embedded || near ? NEAR_MAX_CONCURRENCY : 4, 1) ?? 4,
    timeoutMs: p.int(env, 'CONFORMANCE_TIMEOUT_MS', embedded ? 5000 : 15000, 100) ?? 15000,
    extraHeaders: readExtraHeaders(env.CONFORMANCE_EXTRA_HEADERS, p),
  };
}

/** Headers the suite sets itself or that would change what a request means; a gateway header cannot replace them. */
const RESERVED_HEADERS = new Set([
  'authorization',
  'accept',
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * CONFORMANCE_EXTRA_HEADERS: `Name: value` pairs separated by new lines or `;`, or a JSON object
 * `{"Name": "value"}` (for a value with a `;`). Returns the headers and the problems found; the
 * problems never quote a value, since the values are secrets (a subscription key, a tenant).
 */
export function parseExtraHeaders(raw: string | undefined): { headers: Record<string, string>; problems: string[] } {
  const headers: Record<string, string> = {};
  const problems: string[] = [];
  const text = raw?.trim() ?? '';
  if (text === '') return { headers, problems };
  const what = 'CONFORMANCE_EXTRA_HEADERS';
  let pairs: [string, unknown][] = [];
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push(
        `${what} starts with "{" but is not a JSON object: give {"Name": "value", ...} or Name: value pairs separated by ";" or new lines.`,
      );
      return { headers, problems };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      problems.push(`${what} must be a JSON object of header names to values.`);
      return { headers, problems };
    }
    pairs = Object.entries(parsed);
  } else {
    const entries = text
      .split(/[;\r\n]+/)
      .map((e) => e.trim())
      .filter(Boolean);
    entries.forEach((entry, i) => {
      const colon = entry.indexOf(':');
      if (colon < 0) {
        problems.push(`${what} entry ${i + 1} has no ":" (expected Name: value, pairs separated by ";" or new lines).`);
        return;
      }
      pairs.push([entry.slice(0, colon).trim(), entry.slice(colon + 1).trim()]);
    });
  }
  const seen = new Set<string>();
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name)) {
      problems.push(`${what}: "${name.slice(0, 40)}" is not a header name (letters, digits and !#$%&'*+.^_\`|~- only).`);
    } else if (RESERVED_HEADERS.has(lower)) {
      const why =
        lower === 'authorization'
          ? 'credentials come from RM_API_KEY/RM_API_SECRET and the HR token, and some checks send none'
          : 'the suite or the HTTP layer sets it';
      problems.push(`${what}: ${name} cannot be given there (${why}).`);
    } else if (seen.has(lower)) {
      problems.push(`${what}: ${name} is given twice.`);
    } else if (typeof value !== 'string' && typeof value !== 'number') {
      problems.push(`${what}: the value of ${name} must be a string.`);
    } else if (String(value).trim() === '') {
      problems.push(`${what}: ${name} has no value.`);
    } else if (/[\0\r\n]/.test(String(value))) {
      problems.push(`${what}: the value of ${name} contains a line break or NUL.`);
    } else {
      seen.add(lower);
      headers[name] = String(value).trim();
    }
  }
  return { headers, problems };
}

function readExtraHeaders(raw: string | undefined, p: Problems): Record<string, string> {
  const { headers, problems } = parseExtraHeaders(raw);
  for (const problem of problems) p.push(problem);
  return headers;
}

export function isProductionHost(baseUrl: string): boolean {
  return new URL(baseUrl).hostname.startsWith('api.');
}

/** Collects every problem so the one message names them all. */
class Problems {
  constructor(private readonly list: string[]) {}
  push(message: string): void {
    this.list.push(message);
  }
  missing(name: string, what: string): string {
    this.push(`${name} is not set: give ${what}.`);
    return '';
  }
  url(env: Env, name: string, shape: RegExp | null, shapeText: string, what = ''): string {
    const raw = env[name]?.trim();
    if (!raw) return this.missing(name, what || 'a base URL');
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      this.push(`${name} is not a URL: "${raw}".`);
      return '';
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') this.push(`${name} must be an http or https URL (got "${raw}").`);
    const clean = raw.replace(/\/+$/, '');
    if (shape && !shape.test(new URL(clean).pathname)) this.push(`${name} must ${shapeText} (got "${raw}").`);
    return clean;
  }
  int<T extends number | null | undefined>(env: Env, name: string, fallback: T, min: number): number | T {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) {
      this.push(`${name} must be an integer >= ${min} (got "${raw}").`);
      return fallback;
    }
    return value;
  }
  num(env: Env, name: string, fallback: number, min: number): number {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min) {
      this.push(`${name} must be a number >= ${min} (got "${raw}").`);
      return fallback;
    }
    return value;
  }
  pair(env: Env, a: string, b: string): [string, string] | null {
    const va = opt(env[a]);
    const vb = opt(env[b]);
    if ((va === null) !== (vb === null)) {
      this.push(`${a} and ${b} go together: set both or neither.`);
      return null;
    }
    return va !== null && vb !== null ? [va, vb] : null;
  }
}

function flag(env: Env, name: string, p: Problems): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  p.push(`${name} must be 1 or unset (got "${raw}").`);
  return false;
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

function opt(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
