/**
 * The shared write rules of the HR core operations: one PUT per record type serving create, update and archive,
 * keyed by the caller's externalId; required fields on create; update needs externalId plus one other field;
 * omitted fields keep their value, null removes, a collection sent replaces the stored one; archive refusals.
 * Document part 4 "Shared write rules" 1-4, part 3 (states and transitions), part 2 (field tables).
 */
import type { PersonaChoices } from './choices';
import { boundProblems, type Bounds } from './bounds';
import { microTimestamp, problem, refuse, refuseValidation, type Problem } from './errors';
import { checkObject, normaliseObject, readBoolean, valueRules, type Schema } from './fields';
import { isJsonObject, type JsonObject, type JsonValue } from './json';
import { mergePatch, withoutKeys } from './merge';
import type { Reply } from './reply';
import type { HrRecord, V3Store } from './store';

export interface HrContext {
  readonly store: V3Store;
  readonly choices: PersonaChoices;
}

/** What distinguishes one HR record type (employee, business unit of a level, position). */
export interface HrRecordType {
  readonly label: string;
  readonly schema: Schema;
  /** Fields besides externalId that a create requires (part 2 "required on create"/"required when"). */
  readonly requiredOnCreate: readonly string[];
  /** Bean Validation bounds (frameworks persona). */
  readonly bounds?: Bounds;
  records(store: V3Store): Map<string, HrRecord>;
  applyDefaults?(fields: JsonObject): void;
  /** Problems with records the request names (a parent business unit, a position...). */
  checkReferences?(body: JsonObject, externalId: string, ctx: HrContext): Problem[];
  /** Why archiving this record is refused (part 3), or null. */
  archiveBlocker?(record: HrRecord, ctx: HrContext): string | null;
}

const KEY = 'externalId';
const ARCHIVE = 'archive';

export function hrSuccess(choices: PersonaChoices, created: boolean, body: JsonObject): Reply {
  if (choices.hr.success === 'empty') return { status: 204 };
  if (choices.hr.success === 'created-else-204') return created ? { status: 201, body } : { status: 204 };
  if (choices.hr.success === 'envelope') {
    const status = typeof body.status === 'string' ? body.status : 'saved';
    return { status: 200, body: { success: true, message: `Record ${status} successfully`, ...body, timestamp: microTimestamp() } };
  }
  return { status: created ? 201 : 200, body };
}

function isMissing(value: JsonValue | undefined, choices: PersonaChoices): boolean {
  if (value === undefined || value === null) return true;
  return choices.lifecycle.emptyRequiredIsMissing && typeof value === 'string' && value.trim() === '';
}

export function writeHrRecord(type: HrRecordType, raw: JsonValue, ctx: HrContext): Reply {
  const { choices } = ctx;
  if (!isJsonObject(raw)) return refuse(choices, 400, [problem('', 'The request body must be a JSON object')]);
  const typeProblems = checkObject(raw, type.schema, valueRules(choices, choices.hr.unknownFields !== 'refuse'));
  const keyProblem = [problem(KEY, 'externalId is required (a non-empty string)')];
  const validKey = (value: JsonValue | undefined): value is string => typeof value === 'string' && value.trim() !== '';
  if (choices.hr.validationRefusal === 'status') {
    if (!validKey(raw[KEY])) return refuse(choices, choices.http.validationStatus, keyProblem);
    if (typeProblems.length > 0) return refuse(choices, choices.http.validationStatus, typeProblems);
  } else if (typeProblems.length > 0) {
    // A value Jackson cannot read is a generic 400 before any validation ("generic HTTP status errors may also occur").
    return refuse(choices, 400, typeProblems);
  }
  const how = { coerce: choices.values.coerceScalars, prune: choices.hr.unknownFields === 'ignore' };
  const body = how.coerce || how.prune ? normaliseObject(raw, type.schema, how) : raw;
  const externalId = body[KEY];
  if (!validKey(externalId)) return refuseValidation(choices, 400, keyProblem);
  if (choices.values.bounds) {
    const bounds = boundProblems(body, type.bounds ?? {});
    if (bounds.length > 0) return refuseValidation(choices, 400, bounds);
  }
  const existing = type.records(ctx.store).get(externalId);
  return existing === undefined ? createRecord(type, body, externalId, ctx) : updateRecord(type, body, existing, ctx);
}

function createRecord(type: HrRecordType, body: JsonObject, externalId: string, ctx: HrContext): Reply {
  const { choices } = ctx;
  const archive = readBoolean(body[ARCHIVE]);
  if (archive === true && choices.lifecycle.archiveMissing === 'refuse') {
    return refuseValidation(choices, 404, [problem(KEY, `No ${type.label} with externalId "${externalId}" exists to archive`)]);
  }
  const problems: Problem[] = [];
  if (Object.keys(body).length === 1 && !choices.hr.allowKeyOnlyCreate) {
    problems.push(problem('', `A new ${type.label} needs at least one field besides externalId`));
  }
  for (const field of type.requiredOnCreate) {
    if (isMissing(body[field], choices)) problems.push(problem(field, `${field} is required to create a ${type.label}`));
  }
  problems.push(...(type.checkReferences?.(body, externalId, ctx) ?? []));
  if (problems.length > 0) return refuseValidation(choices, 400, problems);

  const fields = mergePatch({}, withoutKeys(body, [KEY, ARCHIVE]));
  type.applyDefaults?.(fields);
  type.records(ctx.store).set(externalId, { externalId, fields, archived: archive === true });
  return hrSuccess(choices, true, { externalId, status: archive === true ? 'archived' : 'created' });
}

function updateRecord(type: HrRecordType, body: JsonObject, existing: HrRecord, ctx: HrContext): Reply {
  const { choices } = ctx;
  const { externalId } = existing;
  if (Object.keys(body).length === 1) {
    return refuseValidation(choices, 400, [problem('', 'An update requires externalId plus at least one other field')]);
  }
  const archive = readBoolean(body[ARCHIVE]);
  const problems: Problem[] = [];
  if (!choices.lifecycle.allowRemovingRequired) {
    for (const field of [...type.requiredOnCreate, ARCHIVE]) {
      if (body[field] === null) problems.push(problem(field, `${field} cannot be removed`));
    }
  }
  if (choices.lifecycle.emptyRequiredIsMissing) {
    for (const field of type.requiredOnCreate) {
      if (body[field] !== undefined && isMissing(body[field], choices)) problems.push(problem(field, `${field} must not be empty`));
    }
  }
  if (existing.archived && (archive === false || archive === null) && !choices.lifecycle.allowUnarchive) {
    problems.push(problem(ARCHIVE, `The ${type.label} is archived; leaving the archived state is not supported`));
  }
  problems.push(...(type.checkReferences?.(body, externalId, ctx) ?? []));
  if (problems.length > 0) return refuseValidation(choices, 400, problems);

  if (archive === true && !existing.archived) {
    const blocker = type.archiveBlocker?.(existing, ctx) ?? null;
    if (blocker !== null) return refuseValidation(choices, choices.hr.archiveRefusalStatus, [problem(ARCHIVE, blocker)]);
  }
  const fields = mergePatch(existing.fields, withoutKeys(body, [KEY, ARCHIVE]));
  const archived = archive === undefined ? existing.archived : archive === true;
  type.records(ctx.store).set(externalId, { externalId, fields, archived });
  return hrSuccess(choices, false, { externalId, status: archive === true ? 'archived' : 'updated' });
}
