/**
 * CONFORMANCE_EXPECTATIONS: loads a file of justified, expiring deviations and refuses it (ConfigError,
 * exit 2) when it breaks schemas/expectations.schema.json or names a check, operation, status cell or
 * test the suite does not have. Every problem names the entry's index and field. JSON only: the
 * project has no YAML parser among its dependencies, and a file named .yaml/.yml is refused with that reason.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { catalogue } from '../../../contract/catalogue';
import { CHECK_NAMES, isCheckName } from '../../checks/names';
import { ConfigError } from '../../config/errors';
import { createAjv } from '../../../contract/schemas/ajv';

/** One entry of the file, with its position in `expectations` (0-based). */
export interface Expectation {
  index: number;
  check: string;
  operation: string;
  status?: string;
  test?: string;
  /** The runner's own id of the test (conformance.json tests[].id): names it whatever its title becomes. */
  testId?: string;
  reason: string;
  /** The last day (YYYY-MM-DD, UTC) the entry excuses failures. */
  until: string;
  link?: string;
}

export interface Expectations {
  path: string;
  entries: Expectation[];
}

export interface ExpectationContext {
  /** The titles of the suite's tests (as conformance.json writes tests[].test); null: do not check `test`. */
  knownTests: ReadonlySet<string> | null;
}

export const EXPECTATIONS_SCHEMA_FILE = join(__dirname, '../../../schemas/expectations.schema.json');
/** The form of a status cell key (as in the schema); another form is the schema's problem, not the catalogue's. */
const STATUS_CELL = /^([1-5][0-9][0-9]|[1-5]xx)$/;
const FIELDS = ['check', 'operation', 'status', 'test', 'testId', 'reason', 'until', 'link'] as const;

let validator: ValidateFunction | undefined;
function validate(): ValidateFunction {
  validator ??= createAjv().compile(JSON.parse(readFileSync(EXPECTATIONS_SCHEMA_FILE, 'utf8')) as object);
  return validator;
}

/** Today as YYYY-MM-DD in UTC, the calendar `until` is read in. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Loads and checks the file at `path`; throws one ConfigError listing every problem. */
export function loadExpectations(path: string, context: ExpectationContext): Expectations {
  const fail = (what: string): never => {
    throw new ConfigError(`CONFORMANCE_EXPECTATIONS=${path}: ${what}`);
  };
  if (/\.ya?ml$/i.test(path))
    return fail('YAML is not supported (the suite has no YAML parser); write the file as JSON, see schemas/expectations.schema.json.');
  if (!existsSync(path)) return fail('no such file. Give the path of a JSON file of expectations, or unset the variable.');
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return fail(`not JSON (${(error as Error).message}); see schemas/expectations.schema.json.`);
  }
  const { entries, problems } = checkExpectations(value, context);
  if (problems.length) return fail(problems.join(' '));
  return { path, entries };
}

/** The entries of a parsed file and its problems (each "expectations[i].field: what is wrong."). */
export function checkExpectations(value: unknown, context: ExpectationContext): { entries: Expectation[]; problems: string[] } {
  const v = validate();
  const problems = v(value) ? [] : (v.errors ?? []).map(schemaProblem);
  // The names are checked in every entry that is an object, also when another entry breaks the schema: all problems at once.
  const list: unknown[] = isObject(value) && Array.isArray(value.expectations) ? value.expectations : [];
  const operations = new Map(catalogue().map((op) => [op.id, op]));
  list.forEach((raw, index) => {
    if (!isObject(raw)) return;
    const at = (field: string): string => `expectations[${index}].${field}:`;
    const { check, operation, status, test } = raw;
    if (typeof check === 'string' && check && !isCheckName(check))
      problems.push(`${at('check')} "${check}" is no check of the suite (${Object.keys(CHECK_NAMES).join(', ')}).`);
    const op = typeof operation === 'string' && operation ? operations.get(operation) : undefined;
    if (typeof operation === 'string' && operation && !op)
      problems.push(`${at('operation')} "${operation}" is no catalogue operation (npm run checks lists them).`);
    if (op && typeof status === 'string' && STATUS_CELL.test(status) && !op.responses.some((r) => r.status === status))
      problems.push(
        `${at('status')} ${op.id} has no status cell "${status}" (its cells: ${op.responses.map((r) => r.status).join(', ')}).`,
      );
    if (typeof test === 'string' && test && context.knownTests !== null && !context.knownTests.has(test))
      problems.push(
        `${at('test')} no test of the suite is titled "${test}" (write the title as conformance.json's tests[].test gives it).`,
      );
  });
  if (problems.length) return { entries: [], problems: [...new Set(problems)] };
  const entries = (list as Omit<Expectation, 'index'>[]).map((raw, index): Expectation => ({ index, ...raw }));
  return { entries, problems: [] };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One Ajv error as "expectations[i].field: what is wrong.". */
function schemaProblem(error: ErrorObject): string {
  const where = error.instancePath
    .split('/')
    .slice(1)
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
  const at = (field?: string): string => `${[where, field].filter(Boolean).join('.') || '(the file)'}:`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at(String(params.missingProperty))} missing (required: ${where ? 'check, operation, reason, until' : 'expectations'}).`;
    case 'additionalProperties':
      return `${at(String(params.additionalProperty))} unknown field (the fields are ${where ? FIELDS.join(', ') : 'expectations'}).`;
    case 'format':
    case 'pattern':
      if (where.endsWith('.until')) return `${at()} must be a date YYYY-MM-DD.`;
      if (where.endsWith('.status')) return `${at()} must be a status cell such as "200" or "4xx".`;
      if (where.endsWith('.link')) return `${at()} must be a URL.`;
      return `${at()} ${error.message ?? error.keyword}.`;
    default:
      return `${at()} ${error.message ?? error.keyword}.`;
  }
}
