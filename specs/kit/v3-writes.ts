/**
 * One valid write per v3 operation, keyed by its catalogue id: the path parameters and the body of a
 * request that creates a fresh run-tagged record, with its parents made once beforehand, so that a
 * test sending it can only be refused for what it changes on purpose (the credentials, a field it
 * leaves out). An operation of the catalogue with a request body but no entry here is a suite error:
 * `prepareWrites` throws, so a new operation cannot be sent an empty body by the catalogue-wide rules.
 */
import { operation } from '../../contract/catalogue';
import type { OperationSpec } from '../../contract/catalogue/types';
import type { Target } from '../../src/config/target';
import type { ApiClient, CallSpec } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import type { Cleanup } from '../../src/runner/cleanup';
import {
  archiveAtEnd,
  parentsOf,
  EMPLOYEE_OP,
  EMPLOYEE_REFERENCE_OP,
  employeeFields,
  parentField,
  POSITION_OP,
  subject as hrSubject,
  unitOp,
  UNIT_LEVELS,
  type Body,
  type HrContext,
  type HrRecord,
  type UnitLevel,
} from './v3-hr';
import {
  ACTIVITY_OP,
  activityBody,
  archiveIfCreated as archiveActivityIfCreated,
  providerField,
  type LearningContext,
} from './v3-learning';
import { isAccepted, runExternalId, runTitle, type Observe } from './v3';
import type { WorkerRecords } from './worker-records';

/** What a write needs of a test: the client of the operation's API, the target, the clean-up and `observe`. */
export interface WriteContext {
  client: ApiClient;
  target: Target;
  cleanup: Cleanup;
  observe: Observe;
  /** The worker's shared parent units (the unitParents fixture); without them a unit's test makes its own. */
  unitParents?: WorkerRecords<HrRecord[]>;
}

/** One valid write: the operation's path parameters, the body, and how to archive what it created if the target took it. */
export interface PreparedWrite {
  params: Record<string, string>;
  /** The body; none for an operation without a request body. */
  body?: Body;
  /** The body's fields a later write of the same record repeats (a unit's parent id). */
  keep: Body;
  /** Registers the archive, at the end of the test, of what the write created if the target took it. */
  onAccepted: (ex: Exchange) => void;
  /** Says the test archived the record itself, so the clean-up leaves it. */
  markArchived: () => void;
  /**
   * How a later write shows what this write left had it been refused (001 has no read operation, D69):
   * `update`, a body that updates the record had the write left it, and is a create missing a field a
   * create requires had it not; `bare`, externalId alone, compared with the same of a fresh id (a record
   * whose create requires nothing else); null, no write shows it.
   */
  trace: Trace;
}

export type Trace = { kind: 'update'; body: Body } | { kind: 'bare'; externalId: string } | null;

export interface PreparedWrites {
  /** A fresh valid write (a new record each call). */
  next: () => PreparedWrite;
  /** Why the write cannot be made fully valid on this target, or null. */
  note: string | null;
  /** The subject a status observation of this operation is recorded under, for an intent ("with no token"). */
  subject: (intent: string) => string;
}

const hrCtx = (ctx: WriteContext): HrContext => ({
  api: 'hr',
  client: ctx.client,
  target: ctx.target,
  cleanup: ctx.cleanup,
  observe: ctx.observe,
});
const learningCtx = (ctx: WriteContext): LearningContext => ({
  api: 'learning',
  client: ctx.client,
  target: ctx.target,
  cleanup: ctx.cleanup,
  observe: ctx.observe,
});

/** Writes of a keyed-by-body HR core record: `fields` besides externalId, `keep` repeated by later writes. */
function hrRecordWrites(
  ctx: WriteContext,
  opId: string,
  kind: string,
  fields: (externalId: string) => Body,
  keep: Body = {},
  again: ((externalId: string) => Body) | null = null,
): PreparedWrites {
  return {
    next: () => {
      const externalId = runExternalId(ctx.target, kind);
      let record: HrRecord | null = null;
      return {
        params: {},
        body: { externalId, ...fields(externalId), ...keep },
        keep,
        onAccepted: (ex) => {
          if (record || !isAccepted(ex)) return;
          record = { opId, externalId, keep, archived: false };
          archiveAtEnd(hrCtx(ctx), record);
        },
        markArchived: () => {
          if (record) record.archived = true;
        },
        trace: again ? { kind: 'update', body: { externalId, ...again(externalId), ...keep } } : { kind: 'bare', externalId },
      };
    },
    note: null,
    subject: (intent) => hrSubject(opId, intent),
  };
}

/** A level-`level` unit, under the worker's shared chain of parents (001 §2: levels 2 to 4 name their parent). */
function unitWrites(level: UnitLevel) {
  return async (ctx: WriteContext): Promise<PreparedWrites> => {
    const parents = await parentsOf(hrCtx(ctx), level, ctx.unitParents);
    const field = parentField(level);
    const keep: Body = field ? { [field]: parents[parents.length - 1]?.externalId } : {};
    // Written again without its name: an update (its parent id, or archive false at level 1) of a unit the write left, a create without name otherwise.
    const again = (): Body => (field ? {} : { archive: false });
    return hrRecordWrites(ctx, unitOp(level), `bu${level}`, () => ({ name: runTitle(ctx.target, `level ${level} unit`) }), keep, again);
  };
}

type Preparer = (ctx: WriteContext) => Promise<PreparedWrites>;

/** The registry: a valid write of each v3 operation, by catalogue id. */
const WRITES: Readonly<Record<string, Preparer>> = {
  [EMPLOYEE_OP]: async (ctx) => hrRecordWrites(ctx, EMPLOYEE_OP, 'emp', (externalId) => employeeFields(externalId)),
  ...Object.fromEntries(UNIT_LEVELS.map((level) => [unitOp(level), unitWrites(level)])),
  // fte besides name: without its name the body is still a create with a field, not externalId alone (001 §4 rule 1).
  [POSITION_OP]: async (ctx) =>
    hrRecordWrites(
      ctx,
      POSITION_OP,
      'pos',
      () => ({ name: runTitle(ctx.target, 'position'), fte: 1 }),
      {},
      () => ({ fte: 1 }),
    ),
  [EMPLOYEE_REFERENCE_OP]: async (ctx) => {
    const hr = ctx.target.v3;
    const known = hr?.employeeReferenceId && ctx.target.run.allowDestructive ? hr.employeeReferenceId : null;
    const note = known
      ? null
      : 'HR_EMPLOYEE_REFERENCE_ID is unset or CONFORMANCE_ALLOW_DESTRUCTIVE is off: the request names an unknown reference id, ' +
        'so a refusal may also come from the unknown id';
    return {
      next: () => ({
        params: { employeeId: known ?? runExternalId(ctx.target, 'unknown-ref') },
        body: { externalId: runExternalId(ctx.target, 'emp-ref') },
        keep: {},
        onAccepted: () => undefined,
        markArchived: () => undefined,
        // The payload is not shown (001 §4 Gaps): no later write shows what this one left.
        trace: null,
      }),
      note,
      subject: (intent) => hrSubject(EMPLOYEE_REFERENCE_OP, intent),
    };
  },
  [ACTIVITY_OP]: async (ctx) => {
    const field = await providerField(learningCtx(ctx));
    return {
      next: () => {
        const externalId = runExternalId(ctx.target, 'act');
        return {
          params: { externalId },
          body: activityBody(ctx.target, field, 'private'),
          keep: {},
          onAccepted: (ex) => archiveActivityIfCreated(learningCtx(ctx), ex, externalId, 'private'),
          markArchived: () => undefined,
          // A title alone: an update of an activity the write left, a create without its other required fields otherwise.
          trace: { kind: 'update', body: { title: runTitle(ctx.target, 'activity written again') } },
        };
      },
      note: null,
      subject: (intent) => `PUT activity create ${intent}`,
    };
  },
};

/**
 * Prepares valid writes of `opId` that each create a fresh record (parents made once beforehand).
 * Throws for an operation with a request body, or path parameters, that the registry has no write for.
 */
export async function prepareWrites(ctx: WriteContext, opId: string): Promise<PreparedWrites> {
  const preparer = WRITES[opId];
  if (preparer) return preparer(ctx);
  const op: OperationSpec = operation(opId);
  if (op.requestBody || op.pathParams.length > 0)
    throw new Error(`no example write of ${opId} (it has a request body or path parameters): add one to WRITES in specs/kit/v3-writes.ts`);
  return {
    next: () => ({ params: {}, keep: {}, onAccepted: () => undefined, markArchived: () => undefined, trace: null }),
    note: null,
    subject: (intent) => `${op.method} ${op.path} ${intent}`,
  };
}

/** Sends `write` (`init` may replace its body or credentials) and registers the archive of what it created. */
export async function sendWrite(
  ctx: WriteContext,
  opId: string,
  write: PreparedWrite,
  init: Omit<CallSpec, 'params'> = {},
): Promise<Exchange> {
  const ex = await ctx.client.call(opId, { params: write.params, body: write.body, ...init });
  write.onAccepted(ex);
  return ex;
}
