/**
 * A target's statement (CONFORMANCE_STATEMENT): for each ambiguous sentence the reading the target
 * implements, and the records it knows. With a statement the checks judge strictly against the
 * declared reading; without one, against the union of the lawful readings. The statement in force
 * is set once per process (the spec fixtures, from the target) and read by the checks.
 */
import { readingsEntry } from './registry';

/** The records a statement may name: the variables of INTERFACE.md they stand for. */
export const STATEMENT_RECORDS = [
  'RM_ARCHIVED_CANDIDATE_ID',
  'RM_ANONYMISED_CANDIDATE_ID',
  'RM_LIST_ID',
  'RM_JOB_ID',
  'RM_RECRUITMENT_EVENT_ID',
  'RM_JOB_APPLICATION_ID',
] as const;
export type StatementRecord = (typeof STATEMENT_RECORDS)[number];

export interface Statement {
  /** Entry id -> the reading id the target implements. */
  readonly readings: Readonly<Record<string, string>>;
  readonly records: Readonly<Partial<Record<StatementRecord, string>>>;
}

export const NO_STATEMENT: Statement = Object.freeze({ readings: Object.freeze({}), records: Object.freeze({}) });

/**
 * Parses a statement's JSON: the problems (each one line, saying what to fix) or the statement.
 * `where` names the file in the problems.
 */
export function parseStatement(
  text: string,
  where: string,
): { statement: Statement; problems: [] } | { statement: null; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { statement: null, problems: [`${where} is not JSON (${(error as Error).message}).`] };
  }
  const problems: string[] = [];
  if (!isObject(raw)) return { statement: null, problems: [`${where} must hold a JSON object with "readings" and "records".`] };
  for (const key of Object.keys(raw))
    if (!['$schema', 'readings', 'records', 'target', 'comment'].includes(key))
      problems.push(`${where}: unknown member "${key}" (allowed: readings, records, target, comment).`);
  const readings: Record<string, string> = {};
  const rawReadings = raw.readings ?? {};
  if (!isObject(rawReadings)) problems.push(`${where}: "readings" must be an object of entry id -> reading id.`);
  else
    for (const [entryId, readingId] of Object.entries(rawReadings)) {
      const entry = readingsEntry(entryId);
      if (!entry) {
        problems.push(`${where}: unknown readings entry "${entryId}" (npm run readings lists them).`);
        continue;
      }
      if (typeof readingId !== 'string' || !entry.readings.some((r) => r.id === readingId)) {
        problems.push(
          `${where}: entry "${entryId}" has no reading ${JSON.stringify(readingId)} (its readings: ${entry.readings.map((r) => r.id).join(', ')}).`,
        );
        continue;
      }
      readings[entryId] = readingId;
    }
  const records: Partial<Record<StatementRecord, string>> = {};
  const rawRecords = raw.records ?? {};
  if (!isObject(rawRecords)) problems.push(`${where}: "records" must be an object of variable name -> value.`);
  else
    for (const [name, value] of Object.entries(rawRecords)) {
      if (!(STATEMENT_RECORDS as readonly string[]).includes(name)) {
        problems.push(`${where}: unknown record "${name}" (allowed: ${STATEMENT_RECORDS.join(', ')}).`);
        continue;
      }
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${where}: record "${name}" must be a non-empty string.`);
        continue;
      }
      records[name as StatementRecord] = value;
    }
  if (problems.length) return { statement: null, problems };
  return { statement: Object.freeze({ readings: Object.freeze(readings), records: Object.freeze(records) }), problems: [] };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

let inForce: Statement = NO_STATEMENT;

/** Sets the statement the checks judge by (NO_STATEMENT: the union of the lawful readings). */
export function setStatementInForce(statement: Statement | null): void {
  inForce = statement ?? NO_STATEMENT;
}

/** The reading the statement in force declares for `entryId`, or null (every lawful reading is accepted). */
export function declaredReading(entryId: string): string | null {
  return inForce.readings[entryId] ?? null;
}
