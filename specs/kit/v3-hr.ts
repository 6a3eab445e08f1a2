/**
 * HR core v3 helpers (001 §2, §4): the catalogue operations, record bodies, run-tagged records
 * that archive themselves at the end of the test (children before parents), and the observation
 * of each write's status (001 §4 Gaps: success statuses are not shown).
 *
 * HR core has no read operation, so nothing here reads a record back: what a write did is seen
 * only through the outcome of later writes.
 */
import type { Api } from './api';
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import { expectSetup } from '../../src/checks';
import type { Exchange } from '../../src/http/exchange';
import { isAccepted, observeOutcome, runExternalId, runTitle, statusOf } from './v3';
import { WorkerRecords } from './worker-records';
import { personalEmail, plainPerson } from '../../src/generators/realistic';
import { nextPerson } from './people';

export const EMPLOYEE_OP = 'hr.employee.put';
export const POSITION_OP = 'hr.position.put';
export const EMPLOYEE_REFERENCE_OP = 'hr.employee-reference.put';
export type UnitLevel = 1 | 2 | 3 | 4;
export const UNIT_LEVELS: readonly UnitLevel[] = [1, 2, 3, 4];

export function unitOp(level: UnitLevel): string {
  return `hr.business-unit-level${level}.put`;
}

export type Body = Record<string, unknown>;

/** The 001 §4 Operations row of each HR core operation (its clause id). */
export type HrOpClause = 'hr.op.employee' | 'hr.op.business-unit' | 'hr.op.position' | 'hr.op.employee-reference';

export function opClause(opId: string): HrOpClause {
  if (opId === EMPLOYEE_OP) return 'hr.op.employee';
  if (opId === POSITION_OP) return 'hr.op.position';
  if (opId === EMPLOYEE_REFERENCE_OP) return 'hr.op.employee-reference';
  if (UNIT_LEVELS.some((l) => unitOp(l) === opId)) return 'hr.op.business-unit';
  throw new Error(`not an HR core operation: ${opId}`);
}

/** The field naming a level-n unit's parent (001 §2 Business unit: level1ExternalId for level 2, ...). */
export function parentField(level: UnitLevel): string | null {
  return level === 1 ? null : `level${level - 1}ExternalId`;
}

/** What the helpers work with: the test's `api` fixture (one API's client, the target, the clean-up, the observer). */
export type HrContext = Api;

/** A PUT to a keyed-by-body HR core operation (employee, business unit, position). */
export async function hrPut(hr: ApiClient, opId: string, body: unknown): Promise<Exchange> {
  return hr.call(opId, { body });
}

/** A PUT /employee/{employeeId} (001 §4 Operations: the employee-by-reference-id write). */
export async function employeeReferencePut(hr: ApiClient, employeeId: string, body: unknown): Promise<Exchange> {
  return hr.call(EMPLOYEE_REFERENCE_OP, { params: { employeeId }, body });
}

/** "PUT /hrcore/employee create": the subject of a status observation. */
export function subject(op: OperationSpec | string, intent: string): string {
  const spec = typeof op === 'string' ? operation(op) : op;
  return `${spec.method} ${spec.path} ${intent}`;
}

/** A record the test created. `keep` holds the fields every later write must repeat (a unit's parent id). */
export interface HrRecord {
  opId: string;
  externalId: string;
  keep: Body;
  archived: boolean;
}

/**
 * Registers the archive of `record` at the end of the test (001 §4 Shared write rules 1: externalId
 * and archive), unless the test archived it itself. Records registered later are archived first.
 */
export function archiveAtEnd(ctx: HrContext, record: HrRecord): void {
  ctx.cleanup.add(
    `HR ${record.opId} ${record.externalId}`,
    async () => {
      if (record.archived) return;
      const ex = await hrPut(ctx.client, record.opId, { externalId: record.externalId, ...record.keep, archive: true });
      if (!isAccepted(ex)) throw new Error(`archive answered ${statusOf(ex)}`);
      record.archived = true;
    },
    // Records of one operation archive at once; a unit of another level, or another kind, waits for them.
    `HR ${record.opId}`,
  );
}

/**
 * Creates a record as a precondition of a test ('setup': any 2xx, 001 §4 Gaps) and registers its
 * archive. `keep` is merged into the body and repeated in later writes.
 */
export async function createHr(ctx: HrContext, opId: string, externalId: string, fields: Body, keep: Body = {}): Promise<HrRecord> {
  const ex = await hrPut(ctx.client, opId, { externalId, ...keep, ...fields });
  expectSetup(ex, opClause(opId), `creating ${opId} ${externalId} is this test's precondition`);
  observeOutcome(ctx.observe, subject(opId, 'create'), ex);
  const record: HrRecord = { opId, externalId, keep, archived: false };
  archiveAtEnd(ctx, record);
  return record;
}

/** Registers the archive of a record that a write the test expected to be refused created anyway. */
export function archiveIfCreated(ctx: HrContext, ex: Exchange, opId: string, externalId: string | undefined, keep: Body = {}): void {
  if (externalId !== undefined && isAccepted(ex)) archiveAtEnd(ctx, { opId, externalId, keep, archived: false });
}

/**
 * An employee as people are (D64): a person's names in plain letters (001 §2 gives no character rule, and
 * nothing reads them back: names as people have them have a test of their own), and the address the
 * person types, its +tag the externalId (which carries the run id).
 */
export function employeeFields(externalId: string): Body {
  const who = plainPerson(nextPerson());
  return { title: 'Dr', firstName: who.first, lastName: who.last, email: personalEmail(who, externalId) };
}

export function createEmployee(ctx: HrContext, fields: Body = {}): Promise<HrRecord> {
  const externalId = runExternalId(ctx.target, 'emp');
  return createHr(ctx, EMPLOYEE_OP, externalId, { ...employeeFields(externalId), ...fields });
}

export function createPosition(ctx: HrContext, fields: Body = {}): Promise<HrRecord> {
  return createHr(ctx, POSITION_OP, runExternalId(ctx.target, 'pos'), { name: runTitle(ctx.target, 'position'), ...fields });
}

/** Creates a level-`level` unit under `parent` (required for levels 2 to 4, 001 §2). */
export function createUnit(ctx: HrContext, level: UnitLevel, parent: string | null): Promise<HrRecord> {
  const field = parentField(level);
  const keep: Body = field && parent !== null ? { [field]: parent } : {};
  return createHr(ctx, unitOp(level), runExternalId(ctx.target, `bu${level}`), { name: runTitle(ctx.target, `level ${level} unit`) }, keep);
}

/** Creates units of levels 1..depth, each under the previous one. */
export async function createUnitChain(ctx: HrContext, depth: UnitLevel): Promise<HrRecord[]> {
  const chain: HrRecord[] = [];
  for (const level of UNIT_LEVELS) {
    if (level > depth) break;
    chain.push(await createUnit(ctx, level, chain[chain.length - 1]?.externalId ?? null));
  }
  return chain;
}

/** The depth of the parent chain a worker's tests share: a level-4 unit's parents. */
const SHARED_PARENT_DEPTH = 3;

/**
 * Parent units (levels 1 to 3, each under the previous) a worker's tests share where they only name a
 * parent (./worker-records.ts), archived children first at the worker's end. Tests that archive or
 * change a parent make their own (createUnitChain).
 */
export function sharedUnitParents(target: Target): WorkerRecords<HrRecord[]> {
  return new WorkerRecords('HR shared parent units', (client, cleanup) =>
    createUnitChain({ api: 'hr', client, target, cleanup, observe: () => undefined }, SHARED_PARENT_DEPTH),
  );
}

/** The parents of a level-`level` unit: the shared chain's first `level - 1` units, or a chain of the test's own without one. */
export async function parentsOf(ctx: HrContext, level: UnitLevel, shared?: WorkerRecords<HrRecord[]>): Promise<HrRecord[]> {
  if (level === 1) return [];
  if (!shared) return createUnitChain(ctx, (level - 1) as UnitLevel);
  return (await shared.records(ctx.client, ctx.cleanup)).slice(0, level - 1);
}
