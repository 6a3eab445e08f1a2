/**
 * The rules 001 states once for a set of v3 operations, as tables keyed by catalogue operation id
 * (defineRule of ./rules.ts, the mechanism RM's rules share):
 * each rule lists the operations its sentence covers, with what genuinely differs between them (the
 * clause a refusal cites, the fields a record is made or updated with, whether the route must be
 * probed first), and, for every other operation of the catalogue, why the sentence does not cover
 * it. `catalogueRules(api)` throws when an operation of the catalogue is in neither, so a new
 * operation cannot slip past a rule unseen; the valid write of each operation comes from the
 * registry of ./v3-writes.ts, which throws for an operation with a request body it has no write for.
 *
 * specs/hr/catalogue-rules.spec.ts and specs/learning/catalogue-rules.spec.ts declare one test per
 * operation per rule from these tables (the tests of an API stay in its folder: the fault run runs a
 * fault's API folder). The requests are the valid writes of ./v3-writes.ts with one thing changed.
 *
 * Credentials are refused with 401 or 403 (RFC 6750 §3.1, the bearer-token standard 001 §5.1
 * names), never another 4xx: a 404 of a route that is not there proves nothing about credentials.
 * PUT /employee/{employeeId}'s path prefix is not shown (001 §4 Gaps): a probe with the suite's valid
 * token and an empty object first shows whether the route is served at the path the row gives (any
 * answer but 404); only when it is not shown is any 4xx taken as the refusal.
 */
import { recordObservation } from './test-record';
import { fixedBearer } from '../../src/auth/oauth';
import { operation } from '../../contract/catalogue';
import {
  defineRule as defineGenericRule,
  each,
  rulesOf,
  type CatalogueRule,
  type RuleCase as GenericRuleCase,
  type RuleSpec,
} from './rules';
import type { ApiName } from '../../contract/catalogue/types';
import {
  expectArchiveAccepted,
  expectCredentialsRefused,
  expectDocumented,
  expectNoServerError,
  expectNotRefusedForScope,
  expectParentIdUpdateReading,
  expectScopeAccepted,
  expectScopeRefused,
  expectSetup,
  type ClauseOf,
} from '../../src/checks';
import { NO_AUTH, pathOf, type AuthProvider } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { EMPLOYEE_OP, EMPLOYEE_REFERENCE_OP, opClause, POSITION_OP, unitOp, UNIT_LEVELS, type Body, type UnitLevel } from './v3-hr';
import { ACTIVITY_OP } from './v3-learning';
import { phoneNumber, plainPerson } from '../../src/generators/realistic';
import { nextPerson } from './people';
import { expectAccepted, expectRefusalWithMessage, observeOutcome, runExternalId, runTitle, statusOf } from './v3';
import { HR_WRITE_SCOPE, foreignClientToken, invalidTokens, sharedNoWriteToken, sharedSeveralScopesToken } from './v3-token';
import { expectRefusedWriteLeftNothing } from './v3-traces';
import { prepareWrites, sendWrite, type PreparedWrites, type WriteContext } from './v3-writes';

/** What a rule needs of a test: the fixtures of a write and the suite's own token. */
export interface RuleContext extends WriteContext {
  tokens: { token(): Promise<string> };
}

/** One test of the v3 catalogue rules. */
export type RuleCase = GenericRuleCase<RuleContext>;

/** A v3 rule: its table and exclusions over HR's and Learning's catalogues (./rules.ts). */
type V3RuleSpec<E> = RuleSpec<RuleContext, E>;
type V3Rule = CatalogueRule<RuleContext>;
const defineRule = <E>(spec: V3RuleSpec<E>): V3Rule => defineGenericRule(spec);

const UNIT_OPS = UNIT_LEVELS.map(unitOp);
/** The 001 §2 row that makes a level 2-4 unit name its parent. */
const PARENT_ID_CLAUSE = { 2: 'hr.bu.level1ExternalId', 3: 'hr.bu.level2ExternalId', 4: 'hr.bu.level3ExternalId' } as const;

// ---------------------------------------------------------------------------------------------
// Why a sentence does not cover an operation.

const REFERENCE_PAYLOAD =
  '001 §4 Gaps: "Exact path prefix and payload of the employee-by-reference-id operation: not shown": the fields its body requires are not known';
const LEARNING_NOT_HR =
  'the shared write rules are those of the service (001 §4 "Shared write rules (the service)"); the learning create requires ' +
  'its own four fields (specs/learning/activities.spec.ts), and its externalId is a path segment';
const LEARNING_SCOPE = '001 §5.5: "Scope required for learning operations: not shown."';

/** A record a test made as its precondition ('setup': any 2xx), archived at the end of the test. */
interface MadeRecord {
  externalId: unknown;
  /** Sends an update of the record: its externalId and `fields`; the status is observed under `intent`. */
  update: (fields: Body, intent: string) => Promise<Exchange>;
}

/** Creates a record of `opId` from its valid write (./v3-writes.ts) with `fields` added. */
async function createRecord(ctx: RuleContext, opId: string, fields: Body = {}): Promise<MadeRecord> {
  const writes = await prepareWrites(ctx, opId);
  const write = writes.next();
  const body = { ...write.body, ...fields };
  const created = await sendWrite(ctx, opId, write, { body });
  expectSetup(created, opClause(opId), `creating ${opId} ${String(body.externalId)} is this test's precondition`);
  observeOutcome(ctx.observe, writes.subject('create'), created);
  return {
    externalId: body.externalId,
    update: async (update, intent) => {
      const ex = await ctx.client.call(opId, { params: write.params, body: { externalId: body.externalId, ...update } });
      observeOutcome(ctx.observe, writes.subject(intent), ex);
      return ex;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The rules.

interface ValidationEntry {
  clause: ClauseOf<'validation'>;
  why: string;
}

/**
 * A valid write without `field`, which 001 §2 requires, is refused with a validation message (001 §4
 * Shared write rules 1, 4; D68: one naming the field, or stating the rule). Without externalId nothing
 * the target might have made can be archived; without another field, what it made is archived at the
 * end, and the refused create must have left nothing: written again without its name, it is a create
 * without name again (D69).
 */
function requiredFieldRule(field: 'externalId' | 'name', spec: Omit<V3RuleSpec<ValidationEntry>, 'run' | 'title' | 'earns'>): V3Rule {
  const intent = field === 'externalId' ? 'create without externalId' : `create without ${field}`;
  return defineRule<ValidationEntry>({
    ...spec,
    earns: ['4xx'],
    title: () =>
      (field === 'externalId'
        ? 'refuses a body without externalId, or with it null'
        : `refuses a create without ${field}, or with it null`) + ', with a validation message',
    run: async (ctx, op, { clause, why }) => {
      const writes = await prepareWrites(ctx, op.id);
      // Left out, and sent as null: 001 §4 rule 2 "a field sent as null is removed", so on a create nothing is given.
      for (const value of [undefined, null] as const) {
        const write = writes.next();
        const body: Body = { ...write.body };
        if (value === undefined) delete body[field];
        else body[field] = value;
        const ex =
          field === 'externalId'
            ? await ctx.client.call(op.id, { params: write.params, body })
            : await sendWrite(ctx, op.id, write, { body });
        const sent = value === undefined ? intent : `create with ${field} null`;
        observeOutcome(ctx.observe, writes.subject(sent), ex);
        expectRefusalWithMessage(
          ex,
          clause,
          'hr.rule.message',
          [field],
          value === undefined ? why : `${why}; sent as null, it is not given`,
        );
        // The refused create left no record (D69): written again without its name, it is a create without name again.
        if (field === 'name' && value === undefined)
          await expectRefusedWriteLeftNothing(
            ctx,
            op.id,
            writes,
            write,
            ex,
            op.id === POSITION_OP ? 'hr.position.name' : 'hr.bu.name',
            why,
          );
      }
    },
  });
}

/** 001 §2 Employee "externalId: string; required in every request", Business unit and Position "externalId: string; required". */
const withoutExternalId = requiredFieldRule('externalId', {
  describe: 'every HR core write: externalId is required, with a validation message (001 §2, §4 Shared write rules 1, 4)',
  table: {
    [EMPLOYEE_OP]: { clause: 'hr.employee.externalId', why: 'externalId is required in every request' },
    ...each(UNIT_OPS, { clause: 'hr.bu.externalId', why: 'externalId is required' }),
    [POSITION_OP]: { clause: 'hr.position.externalId', why: 'externalId is required' },
  },
  excluded: { [EMPLOYEE_REFERENCE_OP]: REFERENCE_PAYLOAD, [ACTIVITY_OP]: LEARNING_NOT_HR },
});

/** 001 §2 Business unit and Position: "name: string; required on create". */
const withoutName = requiredFieldRule('name', {
  describe:
    'every HR core create of a record with a name: name is required on create, with a validation message (001 §2, §4 Shared write rules 1, 4)',
  table: {
    ...each(UNIT_OPS, { clause: 'hr.bu.name', why: 'name is required on create' }),
    [POSITION_OP]: { clause: 'hr.position.name', why: 'name is required on create' },
  },
  excluded: {
    [EMPLOYEE_OP]: '001 §2 Employee has no name field: externalId is the only field it requires',
    [EMPLOYEE_REFERENCE_OP]: REFERENCE_PAYLOAD,
    [ACTIVITY_OP]: LEARNING_NOT_HR,
  },
});

interface LifecycleEntry {
  /** The record, as the title names it. */
  what: string;
  smoke: boolean;
  /** Fields the create adds to the valid write (./v3-writes.ts). */
  created: Body;
  /** Fields the update sends besides externalId (and the fields the record repeats). */
  updated: (ctx: RuleContext) => Body;
  /** An update without the fields the record repeats, judged by the readings of D21. */
  bare?: (ctx: RuleContext) => Body;
  /** The parent id a level 2-4 unit repeats, and its clause. */
  parent?: { field: string; clause: ClauseOf<'hierarchy'> };
  /** An update without name, which 001 §2 requires on create only: the parent id the record repeats is its other field. */
  withoutName?: boolean;
  /** How the archive is checked: as the catalogue documents the operation (any 2xx), or by the record's archive rule. */
  archive: 'documented' | { clause: ClauseOf<'hierarchy'>; why: string };
}

const unitLifecycle = (level: UnitLevel): LifecycleEntry => ({
  what: `a level ${level} business unit`,
  smoke: level === 1,
  created: {},
  updated: (ctx) => ({ name: runTitle(ctx.target, `level ${level} unit renamed`) }),
  // Whether an update may leave the parent id out is not said (001 §2): either reading of D21.
  ...(level > 1
    ? {
        bare: (ctx: RuleContext) => ({ name: runTitle(ctx.target, `level ${level} unit renamed again`) }),
        parent: { field: `level${level - 1}ExternalId`, clause: PARENT_ID_CLAUSE[level as 2 | 3 | 4] },
        withoutName: true,
      }
    : {}),
  // No lower-level unit references it: it archives (001 §3).
  archive: { clause: 'hr.state.bu-archive', why: 'no lower-level business unit references it' },
});

/**
 * 001 §1 "One PUT operation per record type serves all three intents, keyed by the caller's own
 * `externalId`", §3 (archive), §4 Shared write rules 1. Success statuses and bodies are not shown
 * (001 §4 Gaps): any 2xx with any body, the exact status observed.
 */
const lifecycle = defineRule<LifecycleEntry>({
  describe: 'every HR core record: one PUT creates, updates and archives it (001 §1, §3, §4 Shared write rules 1)',
  earns: ['2xx'],
  title: ({ what, smoke }) => `creates, updates and archives ${what}: 2xx each${smoke ? ' @smoke' : ''}`,
  table: {
    [EMPLOYEE_OP]: {
      what: 'an employee',
      smoke: true,
      created: {
        initials: 'C',
        workPhone: phoneNumber('AU', 1, 'fixed').e164,
        location: { postCode: '2000', state: 'NSW', countryCode: 'AU' },
      },
      updated: () => ({ firstName: plainPerson(nextPerson()).first }),
      archive: 'documented',
    },
    ...Object.fromEntries(UNIT_LEVELS.map((level) => [unitOp(level), unitLifecycle(level)])),
    [POSITION_OP]: {
      what: 'a position',
      smoke: true,
      created: { fte: 1, baseHours: 38 },
      updated: (ctx) => ({ name: runTitle(ctx.target, 'position renamed') }),
      archive: 'documented',
    },
  },
  excluded: {
    [EMPLOYEE_REFERENCE_OP]:
      "001 §4: it sets the caller's externalId on an employee made at offer acceptance; it neither creates nor archives " +
      '(specs/hr/employee-reference.spec.ts)',
    [ACTIVITY_OP]:
      'the learning statuses are documented (001 §4: 201 on create, 200 on update and archive): specs/learning/activities.spec.ts',
  },
  run: async (ctx, op, entry) => {
    const writes = await prepareWrites(ctx, op.id);
    const write = writes.next();
    const body = { ...write.body, ...entry.created };
    const put = async (fields: Body, intent: string, keep = write.keep): Promise<Exchange> => {
      const ex = await ctx.client.call(op.id, { params: write.params, body: { externalId: body.externalId, ...fields, ...keep } });
      observeOutcome(ctx.observe, writes.subject(intent), ex);
      return ex;
    };

    const created = await sendWrite(ctx, op.id, write, { body });
    observeOutcome(ctx.observe, writes.subject('create'), created);
    expectDocumented(created, op, '2xx', { schema: false });

    const updated = await put(entry.updated(ctx), 'update');
    expectDocumented(updated, op, '2xx', { schema: false });
    if (entry.withoutName) {
      // "name | string; required on create" (001 §2); "update requires `externalId` plus at least one other field" (§4 rule 1).
      const unnamed = await put({}, 'update without name (the parent id its other field)');
      expectAccepted(unnamed, 'hr.rule.required', 'name is required on create only; an update needs externalId plus one other field');
    }
    if (entry.bare && entry.parent) {
      // The parent id required on create only, or in every write (D21): taken, or refused with a message naming it.
      const bare = await put(entry.bare(ctx), 'update without the parent id', {});
      expectParentIdUpdateReading(bare, entry.parent.clause, entry.parent.field);
    }

    const archived = await put({ archive: true }, 'archive');
    if (entry.archive === 'documented') expectDocumented(archived, op, '2xx', { schema: false });
    else expectArchiveAccepted(archived, entry.archive.clause, entry.archive.why);
    write.markArchived();
  },
});

/** 001 §4 Shared write rules 1 ("update requires `externalId` plus at least one other field") and 4. */
const updateWithOnlyExternalId = defineRule<null>({
  describe: 'every HR core update: externalId plus at least one other field, with a validation message (001 §4 Shared write rules 1, 4)',
  earns: ['4xx'],
  title: () => 'refuses an update with only externalId (the record exists), with a validation message',
  table: each([EMPLOYEE_OP, ...UNIT_OPS, POSITION_OP], null),
  excluded: {
    [EMPLOYEE_REFERENCE_OP]: REFERENCE_PAYLOAD,
    [ACTIVITY_OP]: '001 §4 Learning update rules: "send only the fields that change"; the body carries no externalId (it is in the path)',
  },
  run: async (ctx, op) => {
    const record = await createRecord(ctx, op.id);
    const ex = await record.update({}, 'update with only externalId');
    expectRefusalWithMessage(
      ex,
      'hr.rule.required',
      'hr.rule.message',
      ['externalId'],
      'an update needs externalId plus at least one other field',
    );
  },
});

interface NullEntry {
  /** The fields the record is created with and the update then sends as null. */
  fields: Body;
  /** Other fields the record is created with. */
  alsoCreated?: Body;
}

/** 001 §4 Shared write rules 2: "a field sent as null is removed" (no read operation: only that the update is accepted). */
const nullRemoves = defineRule<NullEntry>({
  describe: 'every HR core update: a field sent as null is removed (001 §4 Shared write rules 2)',
  earns: ['2xx'],
  title: ({ fields }) => `accepts ${Object.keys(fields).join(' and ')} sent as null in an update (removes): 2xx`,
  table: {
    [EMPLOYEE_OP]: {
      fields: { mobilePhone: phoneNumber('AU', 2, 'mobile').e164, homePhone: phoneNumber('AU', 3, 'fixed').e164 },
      alsoCreated: {
        ineligibleForPerformanceReview: { ineligibleForPerformance: true, ineligibilityReason: 'Conformance test record' },
        succession: { employeeCritical: false },
      },
    },
    [POSITION_OP]: { fields: { vacantDate: '2030-01-31', fte: 1 } },
  },
  excluded: {
    ...each(
      UNIT_OPS,
      '001 §2 Business unit has no optional field to remove: name is required on create, and what a parent id sent as null does ' +
        '(whether a unit of level 2-4 may lose its parent) is not said: observed in business-units.spec.ts',
    ),
    [EMPLOYEE_REFERENCE_OP]: REFERENCE_PAYLOAD,
    [ACTIVITY_OP]:
      'the learning sentence is another (001 §4 Learning update rules, with its status 200): specs/learning/activities.spec.ts',
  },
  run: async (ctx, op, { fields, alsoCreated }) => {
    const record = await createRecord(ctx, op.id, { ...alsoCreated, ...fields });
    const nulls = Object.fromEntries(Object.keys(fields).map((k) => [k, null]));
    const ex = await record.update(nulls, 'update with fields sent as null');
    expectAccepted(ex, 'hr.rule.omitted-kept', 'a field sent as null is removed');
  },
});

interface CollectionEntry {
  /** What the title says the operation accepts. */
  accepts: string;
  /** Updates whose outcome is observed only (accepted or refused, never a server error), sent first. */
  observed?: (ctx: RuleContext) => { body: Body; intent: string }[];
  /** Updates that must be taken; `clause` where another rule than rule 3 says so. */
  updates: { body: Body; intent: string; why: string; clause?: ClauseOf<'status'> }[];
}

/**
 * 001 §4 Shared write rules 3: "A collection sent in an update replaces the stored collection. For the
 * employee, an empty array removes all its values; for the position, null removes the collection."
 */
const collectionsReplaced = defineRule<CollectionEntry>({
  describe: 'every HR core update: a collection sent replaces the stored one (001 §4 Shared write rules 3)',
  earns: ['2xx'],
  title: ({ accepts }) => `accepts ${accepts}: 2xx`,
  table: {
    [EMPLOYEE_OP]: {
      accepts: 'an empty access.secondaryTeamExternalIds (clears), and the collection sent as null (removes)',
      updates: [
        {
          body: { access: { secondaryTeamExternalIds: [] } },
          intent: 'update with access.secondaryTeamExternalIds []',
          why: 'for the employee, an empty array removes all its values',
        },
        {
          // Rule 2 removes any field sent as null; rule 3 names the empty array besides, not instead (D19).
          body: { access: { secondaryTeamExternalIds: null } },
          intent: 'update with access.secondaryTeamExternalIds null',
          why: 'a field sent as null is removed (001 §4 rule 2), a collection as well',
          clause: 'hr.rule.omitted-kept',
        },
      ],
    },
    [POSITION_OP]: {
      accepts: 'genericList replaced by a new array and genericList null (removes)',
      // genericList entries name generic-list records this API cannot create: a refusal of invented
      // ids is lawful, so a non-empty list is only observed, and so is an entry with one of its two ids.
      observed: (ctx) => [
        {
          body: {
            genericList: [
              { genericListTypeExternalId: runExternalId(ctx.target, 'glt'), genericListValueExternalId: runExternalId(ctx.target, 'glv') },
            ],
          },
          intent: 'update with a genericList of ids the suite invented',
        },
        {
          body: { genericList: [{ genericListTypeExternalId: runExternalId(ctx.target, 'glt') }] },
          intent: 'update with a genericList entry naming its type only',
        },
      ],
      updates: [
        {
          body: { genericList: [] },
          intent: 'update with genericList []',
          why: 'a collection sent in an update replaces the stored collection',
        },
        { body: { genericList: null }, intent: 'update with genericList null', why: 'for the position, null removes the collection' },
      ],
    },
  },
  excluded: {
    ...each(UNIT_OPS, '001 §2 Business unit has no collection field'),
    [EMPLOYEE_REFERENCE_OP]: REFERENCE_PAYLOAD,
    [ACTIVITY_OP]: LEARNING_NOT_HR,
  },
  run: async (ctx, op, { observed, updates }) => {
    const record = await createRecord(ctx, op.id);
    for (const { body, intent } of observed?.(ctx) ?? []) {
      const ex = await record.update(body, intent);
      // 001 §2 types the entries, no more: accepted or refused, a server error is neither.
      expectNoServerError(ex, 'hr.position.genericList');
    }
    for (const { body, intent, why, clause } of updates) {
      const ex = await record.update(body, intent);
      expectAccepted(ex, clause ?? 'hr.rule.collections', why);
    }
  },
});

interface DateEntry {
  /** The date field, as the title names it. */
  field: string;
  dates: readonly string[];
  /** Makes the records a write needs once; then sends one write carrying `date` in the field. */
  writes: (ctx: RuleContext) => Promise<(date: string) => Promise<Exchange>>;
}

/** 001 §2: "Dates are ISO-8601 (`YYYY-MM-DD` or `YYYYMMDD`); any time part sent in a date field is ignored." */
const dateForms = defineRule<DateEntry>({
  describe: 'every date field: YYYY-MM-DD or YYYYMMDD, a time part ignored (001 §2)',
  earns: ['2xx'],
  // The employee carries a position reference: the position is made first.
  alsoCalls: (_entry, op) => (op.id === EMPLOYEE_OP ? [POSITION_OP] : []),
  title: ({ field }) => `accepts ${field} as YYYY-MM-DD, YYYYMMDD and with a time part: 2xx`,
  table: {
    [EMPLOYEE_OP]: {
      field: 'position.startDate',
      dates: ['2024-03-01', '20240402', '2024-05-03T09:30:00'],
      writes: async (ctx) => {
        const position = await createRecord(ctx, POSITION_OP);
        const employee = await createRecord(ctx, EMPLOYEE_OP);
        return (startDate) =>
          employee.update({ position: { externalId: position.externalId, startDate } }, `update with position.startDate ${startDate}`);
      },
    },
    [POSITION_OP]: {
      field: 'vacantDate',
      dates: ['2030-01-31', '20300131', '2030-01-31T09:30:00'],
      writes: async (ctx) => {
        const writes = await prepareWrites(ctx, POSITION_OP);
        return async (vacantDate) => {
          const write = writes.next();
          const body = { ...write.body, name: runTitle(ctx.target, `position vacant ${vacantDate}`), vacant: true, vacantDate };
          const ex = await sendWrite(ctx, POSITION_OP, write, { body });
          observeOutcome(ctx.observe, writes.subject(`create with vacantDate ${vacantDate}`), ex);
          return ex;
        };
      },
    },
  },
  excluded: {
    ...each(UNIT_OPS, '001 §2 Business unit has no date field'),
    [EMPLOYEE_REFERENCE_OP]: REFERENCE_PAYLOAD,
    [ACTIVITY_OP]: '001 §2 Learning activity lists no date field',
  },
  run: async (ctx, _op, { dates, writes }) => {
    const write = await writes(ctx);
    for (const date of dates) {
      const ex = await write(date);
      expectAccepted(ex, 'v3.dates', 'dates are YYYY-MM-DD or YYYYMMDD; a time part is ignored');
    }
  },
});

interface CredentialEntry {
  clause: ClauseOf<'auth-enforced'>;
  /** The route is probed with a valid token first: its path prefix is not shown (001 §4 Gaps). */
  probe: boolean;
}

const refusalText = (probe: boolean): string => (probe ? '401 or 403 where the route is shown' : '401 or 403');
const HR_TOKEN: CredentialEntry = { clause: 'v3.auth.token', probe: false };

/**
 * 001 §5.1: the service operations need an OAuth 2.0 bearer token (JWT). 001 §5.5 ("Scope required
 * for learning operations: not shown.") says the learning operations need a scope, so a token; which
 * scope is not said, so for learning only the token itself is checked.
 */
const invalidCredentials = defineRule<CredentialEntry>({
  describe: 'every operation: a bearer token (001 §5.1, §5.5)',
  earns: ['4xx'],
  title: ({ probe }) =>
    `refuses no token (also on a body missing its required fields), a malformed token and forged tokens (${refusalText(probe)}) @smoke`,
  table: {
    ...each([EMPLOYEE_OP, ...UNIT_OPS, POSITION_OP], HR_TOKEN),
    [EMPLOYEE_REFERENCE_OP]: { ...HR_TOKEN, probe: true },
    [ACTIVITY_OP]: { clause: 'learning.auth.scope', probe: false },
  },
  excluded: {},
  run: async (ctx, op, entry) => {
    const real = await ctx.tokens.token();
    // The token is what the operation needs first (001 §5.1): without one, a body that would be refused for
    // its fields (an empty object: no externalId, no required create field) is refused for the credentials.
    const credentials: Credential[] = [
      { what: 'no token', auth: NO_AUTH },
      { what: 'no token and an empty object for a body', auth: NO_AUTH, body: {} },
      ...invalidTokens(real).map(({ what, token }) => ({ what, auth: fixedBearer(token) })),
    ];
    await expectRefusedFor(ctx, op.id, credentials, { refused: 'token', ...entry });
  },
});

/** Observed only: 001 §5.4 issues credentials "per environment", not per tenant, so no sentence refuses such a token. */
const foreignToken = defineRule<null>({
  describe: "every operation: a token of another tenant's client (observed, 001 §5.4)",
  earns: [],
  title: () => "with a token issued to another tenant's client is observed",
  table: each([EMPLOYEE_OP, ...UNIT_OPS, POSITION_OP, EMPLOYEE_REFERENCE_OP, ACTIVITY_OP], null),
  excluded: {},
  run: async (ctx, op) => {
    const token = await foreignClientToken(ctx.target);
    await expectRefusedFor(ctx, op.id, [{ what: "a token of another tenant's client", auth: fixedBearer(token) }], null);
  },
});

/** 001 §5.2: "The token request must ask for the scope `Public.HrCore.Write`". */
const withoutWriteScope = defineRule<{ probe: boolean }>({
  describe: `every HR core operation: a token with ${HR_WRITE_SCOPE} (001 §5.2)`,
  earns: ['4xx'],
  title: ({ probe }) => `refuses every token without ${HR_WRITE_SCOPE} it can obtain (${refusalText(probe)})`,
  table: { ...each([EMPLOYEE_OP, ...UNIT_OPS, POSITION_OP], { probe: false }), [EMPLOYEE_REFERENCE_OP]: { probe: true } },
  excluded: { [ACTIVITY_OP]: LEARNING_SCOPE },
  run: async (ctx, op, { probe }) => {
    if (!ctx.target.v3) return;
    const noWrite = await sharedNoWriteToken(ctx.target.v3, ctx.target);
    if (noWrite.kind === 'none') {
      // Lawful: the client cannot obtain such a token at all, so the rule holds vacuously.
      ctx.observe('token', `token without ${HR_WRITE_SCOPE}`, `${noWrite.reason} (${noWrite.attempts.join('; ')})`);
      recordObservation('other', `${op.method} ${op.path}: note`, `scope rule holds vacuously: ${noWrite.reason}`, op.id);
      return;
    }
    for (const { scope, granted } of noWrite.tokens) {
      ctx.observe(
        'token',
        `token without ${HR_WRITE_SCOPE}`,
        `issued for scope "${scope}"${granted ? `, granting "${granted.join(' ')}"` : ''}`,
      );
    }
    const credentials: Credential[] = noWrite.tokens.map(({ token, scope }) => ({
      what: `a token for "${scope}" only`,
      auth: fixedBearer(token),
    }));
    await expectRefusedFor(ctx, op.id, credentials, { refused: 'scope', clause: 'v3.auth.scope', probe });
  },
});

/**
 * 001 §5.2: "several scopes are requested as a space-separated list": such a token still serves
 * every HR core operation. PUT /employee/{employeeId} is sent an empty object: a real write would
 * change an employee the suite did not create.
 */
const severalScopes = defineRule<{ write: 'create' | 'empty object' }>({
  describe: `every HR core operation: a token asked for with several scopes (001 §5.2)`,
  earns: ['2xx'],
  title: () => `accepts a token asked for with several space-separated scopes, ${HR_WRITE_SCOPE} among them`,
  table: {
    ...each([EMPLOYEE_OP, ...UNIT_OPS, POSITION_OP], { write: 'create' as const }),
    [EMPLOYEE_REFERENCE_OP]: { write: 'empty object' },
  },
  excluded: { [ACTIVITY_OP]: LEARNING_SCOPE },
  run: async (ctx, op, { write }) => {
    if (!ctx.target.v3) return;
    const several = await sharedSeveralScopesToken(ctx.target.v3, ctx.target);
    if (several.kind === 'refused') {
      // RFC 6749 §5.2 lets a token endpoint refuse a scope it does not know (invalid_scope): observed.
      ctx.observe('token', `token for several scopes "${several.scope}"`, `refused: HTTP ${several.status} ${several.error}`);
      const description = `the token endpoint refused "${several.scope}" (HTTP ${several.status} ${several.error})`;
      recordObservation('other', `${op.method} ${op.path}: note`, description, op.id);
      return;
    }
    const granted = several.granted ? `granted "${several.granted.join(' ')}"` : 'granted scope not stated';
    ctx.observe('token', `token for several scopes "${several.scope}"`, granted);
    const auth = fixedBearer(several.token);
    const why = `the token was asked for with the scopes "${several.scope}" (space-separated, ${HR_WRITE_SCOPE} among them)`;
    const writes = await prepareWrites(ctx, op.id);
    if (write === 'empty object') {
      // An empty object (it sets nothing) may be refused for its payload (not shown, 001 §4 Gaps), never for the token's scope.
      const ex = await sendWrite(ctx, op.id, writes.next(), { body: {}, auth });
      observeOutcome(ctx.observe, writes.subject('empty object with a token for several scopes'), ex);
      expectNotRefusedForScope(ex, 'v3.auth.scope', `refused for its credentials: ${why}`);
      return;
    }
    const ex = await sendWrite(ctx, op.id, writes.next(), { auth });
    observeOutcome(ctx.observe, writes.subject('create with a token for several scopes'), ex);
    expectScopeAccepted(ex, 'v3.auth.scope', why);
  },
});

const RULES: readonly V3Rule[] = [
  lifecycle,
  withoutExternalId,
  withoutName,
  updateWithOnlyExternalId,
  nullRemoves,
  collectionsReplaced,
  dateForms,
  invalidCredentials,
  foreignToken,
  withoutWriteScope,
  severalScopes,
];

/** The rules that cover an operation of `api`, each with one case per operation it covers. */
export function catalogueRules(api: ApiName): { describe: string; cases: RuleCase[] }[] {
  return rulesOf(RULES, api);
}

// ---------------------------------------------------------------------------------------------
// Credentials.

/**
 * Whether the operation is served at the path the catalogue gives (PUT /employee/{employeeId}: its
 * prefix is not shown, 001 §4 Gaps): the suite's valid token and an empty object, which sets
 * nothing, answered by anything but a 404.
 */
async function routeShown(ctx: RuleContext, opId: string, writes: PreparedWrites, params: Record<string, string>): Promise<boolean> {
  const ex = await ctx.client.call(opId, { params, body: {} });
  observeOutcome(ctx.observe, writes.subject('empty object with a valid token (route probe)'), ex);
  const shown = (ex.response?.status ?? 404) !== 404;
  if (!shown) {
    const op = operation(opId);
    recordObservation(
      'other',
      `${op.method} ${op.path}: note`,
      `${op.method} ${pathOf(op, params)} with a valid token answered ${statusOf(ex)}: the route is not shown at this path ` +
        '(001 §4 Gaps), so any 4xx is taken as the refusal',
      op.id,
    );
  }
  return shown;
}

type Refusal =
  | { refused: 'token'; clause: ClauseOf<'auth-enforced'>; probe: boolean }
  | { refused: 'scope'; clause: ClauseOf<'scope'>; probe: boolean };

/** Credentials to send, and the body instead of the valid write's (`body`), when one is given. */
interface Credential {
  what: string;
  auth: AuthProvider;
  body?: Body;
}

/** Sends one fresh valid write of `opId` per credential; each must be refused as `refusal` says (null: observed only). */
async function expectRefusedFor(ctx: RuleContext, opId: string, credentials: Credential[], refusal: Refusal | null): Promise<void> {
  const writes = await prepareWrites(ctx, opId);
  if (writes.note) recordObservation('other', `${opId}: note`, writes.note, opId);
  let shown: boolean | null = refusal?.probe ? null : true;
  for (const [index, { what, auth, body }] of credentials.entries()) {
    const write = writes.next();
    if (shown === null) shown = await routeShown(ctx, opId, writes, write.params);
    const ex = await sendWrite(ctx, opId, write, body === undefined ? { auth } : { auth, body });
    observeOutcome(ctx.observe, writes.subject(`with ${what}`), ex);
    if (refusal === null) continue;
    // Where the route is not shown at this path (001 §4 Gaps), a 404 may mean this target serves it elsewhere: any 4xx.
    const how = { why: `sent with ${what}`, routeShown: shown };
    if (refusal.refused === 'scope') expectScopeRefused(ex, refusal.clause, how);
    else expectCredentialsRefused(ex, refusal.clause, how);
    // The first write refused for its credentials (a valid write without a token) was not made (001 §5.1; D69).
    if (refusal.refused === 'token' && index === 0 && body === undefined) {
      const clause = opId === ACTIVITY_OP ? 'learning.auth.scope' : 'v3.auth.token';
      await expectRefusedWriteLeftNothing(ctx, opId, writes, write, ex, clause, `the write was sent with ${what}`);
    }
  }
}
