/**
 * HR core, generated (001 §2-§4): a model of a business unit hierarchy (create levels, archive in any
 * order, orphans) checked after every step, and properties over employee and position bodies:
 * every valid create body is accepted (any 2xx); a body missing a field 001 requires is refused with
 * a validation message (001 §4 Shared write rules 4); any other broken rule (a wrong type, a string
 * "true" for a boolean, a malformed date) is not ruled by 001: what the target does is observed.
 *
 * The generated valid bodies are post-processed to be valid for the strictest lawful server: no
 * references to records that may not exist, short plain words, the usual forms of e-mail, phone,
 * state and country code, an fte within (0, 1], real calendar dates without a time part (001 §8:
 * "field length bounds: not shown"; a server may bound what 001 types only). The same body with its
 * values as generated is sent as well, and what the target does with it is observed.
 */
import {
  declares,
  test,
  expectArchiveAccepted,
  expectArchiveRefused,
  expectArchivedChildrenReading,
  expectUnruledReading,
  type Exchange,
  expectDocumented,
  expectNoServerError,
  expectParentAccepted,
  expectParentRequired,
  expectSomeMessage,
  type ClauseOf,
  type InvalidCase,
  checkProperty,
  modelCommands,
  invalidBodies,
  isRecord,
  restoreAt,
  validBodies,
  withoutKeys,
  withoutNulls,
  type Json,
  drawOf,
  personAt,
  personalEmail,
  phoneNumber,
  plainPerson,
} from '../kit';
import {
  expectRefusalWithMessage,
  isAccepted,
  observeOutcome,
  outcomeOf,
  runExternalId,
  runTitle,
  type Observe,
  archiveAtEnd,
  archiveIfCreated,
  EMPLOYEE_OP,
  hrPut,
  parentField,
  POSITION_OP,
  subject,
  unitOp,
  UNIT_LEVELS,
  type HrContext,
  type HrRecord,
  type UnitLevel,
} from '../kit/hr';
import fc from 'fast-check';
import { operation } from '../../contract/catalogue';

interface Model {
  created: boolean[];
  archived: boolean[];
  /** A lower-level unit was ever created under the unit (an archived child may or may not still reference it: 001 §3 does not say). */
  hadChild: boolean[];
}

interface Real {
  ctx: HrContext;
  ids: string[];
  records: (HrRecord | null)[];
}

const idx = (level: UnitLevel): number => level - 1;
const keepOf = (real: Real, level: UnitLevel): Json => {
  const field = parentField(level);
  return field ? { [field]: real.ids[idx(level) - 1] } : {};
};
const PARENT_CLAUSE: Record<UnitLevel, ClauseOf<'hierarchy'>> = {
  1: 'hr.bu.externalId',
  2: 'hr.bu.level1ExternalId',
  3: 'hr.bu.level2ExternalId',
  4: 'hr.bu.level3ExternalId',
};

/** Create a unit under its live parent: accepted (001 §2: level N>1 names its parent). */
class CreateUnit implements fc.AsyncCommand<Model, Real> {
  constructor(readonly level: UnitLevel) {}
  check = (m: Readonly<Model>): boolean => {
    const parent = idx(this.level) - 1;
    return !m.created[idx(this.level)] && (this.level === 1 || (m.created[parent] === true && !m.archived[parent]));
  };
  async run(m: Model, r: Real): Promise<void> {
    const keep = keepOf(r, this.level);
    const ex = await hrPut(r.ctx.client, unitOp(this.level), {
      externalId: r.ids[idx(this.level)],
      name: runTitle(r.ctx.target, `model unit ${this.level}`),
      ...keep,
    });
    const record: HrRecord = { opId: unitOp(this.level), externalId: r.ids[idx(this.level)] ?? '', keep, archived: false };
    if (isAccepted(ex)) archiveAtEnd(r.ctx, record);
    if (this.level === 1) expectDocumented(ex, operation(unitOp(this.level)), '2xx', { schema: false });
    else expectParentAccepted(ex, PARENT_CLAUSE[this.level], `${parentField(this.level) ?? ''} names the live parent`);
    r.records[idx(this.level)] = record;
    m.created[idx(this.level)] = true;
    if (this.level > 1) m.hadChild[idx(this.level) - 1] = true;
  }
  toString = (): string => `create level ${this.level}`;
}

/** A level 2-4 unit without its parent id is refused with a validation message (001 §2, §4 rule 4). */
class CreateOrphan implements fc.AsyncCommand<Model, Real> {
  constructor(readonly level: UnitLevel) {}
  check = (m: Readonly<Model>): boolean => this.level > 1 && !m.created[idx(this.level)];
  async run(_m: Model, r: Real): Promise<void> {
    const ex = await hrPut(r.ctx.client, unitOp(this.level), {
      externalId: r.ids[idx(this.level)],
      name: runTitle(r.ctx.target, `orphan unit ${this.level}`),
    });
    archiveIfCreated(r.ctx, ex, unitOp(this.level), r.ids[idx(this.level)]);
    expectParentRequired(ex, PARENT_CLAUSE[this.level], `a level ${this.level} unit needs ${parentField(this.level) ?? ''}`);
    expectSomeMessage(ex, 'hr.rule.message', [parentField(this.level) ?? '']);
  }
  toString = (): string => `create level ${this.level} without parent`;
}

/**
 * Archive: refused while a live lower-level unit references the unit (001 §3), accepted when no
 * lower-level unit ever referenced it; after its children were archived, observed (not said).
 */
class ArchiveUnit implements fc.AsyncCommand<Model, Real> {
  constructor(readonly level: UnitLevel) {}
  check = (m: Readonly<Model>): boolean => m.created[idx(this.level)] === true && !m.archived[idx(this.level)];
  async run(m: Model, r: Real): Promise<void> {
    const ex = await hrPut(r.ctx.client, unitOp(this.level), {
      externalId: r.ids[idx(this.level)],
      ...keepOf(r, this.level),
      archive: true,
    });
    const child = this.level < 4 ? idx(this.level) + 1 : -1;
    const childLive = child >= 0 && m.created[child] === true && !m.archived[child];
    const accepted = isAccepted(ex);
    if (accepted) {
      m.archived[idx(this.level)] = true;
      const record = r.records[idx(this.level)];
      if (record) record.archived = true;
    }
    if (childLive) {
      expectArchiveRefused(
        ex,
        'hr.state.bu-archive-refused',
        `level ${this.level + 1} unit ${r.ids[child] ?? ''} is live and references it`,
      );
      expectSomeMessage(ex, 'v3.error.validation', ['archive']);
    } else if (!m.hadChild[idx(this.level)]) {
      expectArchiveAccepted(ex, 'hr.state.bu-archive', 'no lower-level unit ever referenced it');
    } else {
      // Whether an archived lower-level unit still references it (001 §3): either reading of D38.
      observeOutcome(r.ctx.observe, subject(unitOp(this.level), 'archive after every lower-level unit referencing it was archived'), ex);
      expectArchivedChildrenReading(ex, 'hr.state.bu-archive-refused');
    }
  }
  toString = (): string => `archive level ${this.level}`;
}

const levels = fc.constantFrom(...UNIT_LEVELS);
const commands = [levels.map((l) => new CreateUnit(l)), levels.map((l) => new CreateOrphan(l)), levels.map((l) => new ArchiveUnit(l))];

const DATE_LAYOUT = /^\d{4}-?\d{2}-?\d{2}/;
const PHONE = /phone$/i;

/**
 * Fixed values of fields whose form every lawful server takes, where a generated string might not be
 * (001 §8: "field length bounds: not shown"; a server may validate them as it likes).
 */
const PLAIN: Readonly<Record<string, string>> = {
  title: 'Dr',
  initials: 'CT',
  countryCode: 'AU',
  state: 'NSW',
  postCode: '2000',
};

/** A short plain word from a generated string: its letters and digits, at most 16, else "Conformance". */
function plainWord(value: string): string {
  const word = value.replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
  return /^[A-Za-z]/.test(word) ? word : `C${word}`.slice(0, 16);
}

/**
 * Values every lawful server takes (001 §2 gives types only, §8 no bounds): short plain words, the
 * common forms of e-mail, phone, state and country code, an fte within (0, 1], base hours within
 * 1-80, real calendar dates in the generated layout (001 allows YYYY-MM-DD and YYYYMMDD).
 */
function conservativeValues(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => conservativeValues(v));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, conservativeValues(v, k)]));
  if (typeof value === 'string' && /date/i.test(key) && DATE_LAYOUT.test(value)) return value.includes('-') ? '2024-03-15' : '20240315';
  if (typeof value === 'number' && key === 'fte') return Math.max(0.1, Math.round(Math.min(Math.abs(value), 1) * 100) / 100);
  if (typeof value === 'number' && key === 'baseHours') return Math.max(1, Math.round(Math.min(Math.abs(value), 80) * 100) / 100);
  if (typeof value === 'number') return Math.round(Math.min(Math.abs(value), 1000) * 100) / 100;
  if (typeof value === 'string' && PLAIN[key] !== undefined) return PLAIN[key];
  // A real number of the Australian plan (the location's country), a mobile for mobilePhone, else a fixed line (D64).
  if (typeof value === 'string' && PHONE.test(key))
    return phoneNumber('AU', drawOf(value), key === 'mobilePhone' ? 'mobile' : 'fixed').e164;
  // A person's names in plain letters (D64: names as people have them are sent in a test of their own).
  if (typeof value === 'string' && key === 'firstName') return plainPerson(personAt(drawOf(value))).first;
  if (typeof value === 'string' && key === 'lastName') return plainPerson(personAt(drawOf(value))).last;
  if (typeof value === 'string') return plainWord(value);
  return value;
}

/** References to records that may not exist on the target (the document promises nothing about them), and the archive flag. */
const leftOut = (k: string): boolean =>
  (k !== 'externalId' && /ExternalIds?$/.test(k)) ||
  ['access', 'position', 'businessUnit', 'genericList', 'products', 'archive'].includes(k);

/**
 * A generated valid body as generated (references and nulls left out, the run's externalId set): its
 * values may be long, exotic, zero or outside bounds a server may lawfully set, so what the target
 * does with it is observed, never judged.
 */
function asGenerated(body: Json, externalId: string): Json {
  const out = withoutKeys(withoutNulls(body), leftOut);
  out.externalId = externalId;
  if (Object.keys(out).length < 2) out.firstName = plainPerson(personAt(drawOf(externalId))).first;
  return out;
}

/**
 * A generated body made sendable: references to records that may not exist on the target are left
 * out (the document promises nothing about them), values made sane, the run's externalId and a
 * run-tagged name set. `keepPath` is the spot of an invalid case's broken rule, restored as generated.
 */
function sendable(body: Json, externalId: string, keepPath = ''): Json {
  const out = conservativeValues(withoutKeys(withoutNulls(body), leftOut)) as Json;
  if (keepPath !== '/externalId') out.externalId = externalId;
  if (typeof out.name === 'string' && keepPath !== '/name') out.name = `${externalId} ${out.name.slice(0, 16)}`;
  if (typeof out.email === 'string' && keepPath !== '/email')
    out.email = personalEmail(plainPerson(personAt(drawOf(out.email))), externalId);
  if (keepPath !== '') restoreAt(out, body, keepPath);
  // An employee create of `externalId` alone: 001 §4 rule 1 names no other create field, but an
  // update "requires externalId plus at least one other field", so a lawful server may refuse it.
  else if (Object.keys(out).length < 2) out.firstName = plainPerson(personAt(drawOf(externalId))).first;
  return out;
}

/**
 * The clause that requires a refusal of `invalid`, or null when 001 does not rule the broken rule.
 * Only a missing field 001 requires is ruled: externalId on every record (001 §2), name on the
 * create of a position (001 §2), each with a validation message (001 §4 Shared write rules 4).
 */
function refusalClause(opId: string, invalid: InvalidCase): ClauseOf<'validation'> | null {
  if (invalid.keyword !== 'required' || invalid.instancePath !== '') return null;
  if (invalid.missingProperty === 'externalId') return opId === EMPLOYEE_OP ? 'hr.employee.externalId' : 'hr.position.externalId';
  if (invalid.missingProperty === 'name' && opId === POSITION_OP) return 'hr.position.name';
  return null;
}

/**
 * A create breaking a rule 001 does not tie to a refusal: its status observed, and judged by the
 * readings of D32 (taken, or refused; a server error is neither).
 */
function judgeUnruled(observe: Observe, opId: string, invalid: InvalidCase, ex: Exchange): void {
  const spot = invalid.instancePath === '' ? '(root)' : invalid.instancePath.replace(/\/\d+(?=\/|$)/g, '/n');
  observe('status', subject(opId, `create breaking a rule 001 does not rule (${invalid.keyword} at ${spot})`), outcomeOf(ex));
  expectUnruledReading(ex, 'v3.error.validation', fieldsOf(invalid), invalid.rule);
}

/** The fields an invalid case's broken rule is about: the names on its path, and the property it misses. */
function fieldsOf(invalid: InvalidCase): string[] {
  const names = invalid.instancePath.split('/').filter((p) => p !== '' && !/^\d+$/.test(p));
  return invalid.missingProperty ? [...names, invalid.missingProperty] : names;
}

test.describe('HR core, generated @property @stateful', () => {
  test(
    'a business unit hierarchy follows the model: parents required, archive refused while a live child references it',
    declares(
      'hr.business-unit-level1.put 2xx',
      'hr.business-unit-level1.put 4xx',
      'hr.business-unit-level2.put 2xx',
      'hr.business-unit-level2.put 4xx',
      'hr.business-unit-level3.put 2xx',
      'hr.business-unit-level3.put 4xx',
      'hr.business-unit-level4.put 2xx',
      'hr.business-unit-level4.put 4xx',
    ),
    async ({ hr, target, cleanup, observe }) => {
      const ctx: HrContext = { api: 'hr', client: hr, target, cleanup, observe };
      await checkProperty({
        name: 'business unit hierarchy model',
        target,
        numRuns: Math.min(target.run.numRuns, 15),
        arbitrary: modelCommands(commands, 12),
        predicate: async (cmds) => {
          const ids = UNIT_LEVELS.map((l) => runExternalId(target, `model-bu${l}`));
          const model: Model = {
            created: [false, false, false, false],
            archived: [false, false, false, false],
            hadChild: [false, false, false, false],
          };
          await fc.asyncModelRun(() => ({ model, real: { ctx, ids, records: [null, null, null, null] } }), cmds);
        },
      });
    },
  );

  for (const [opId, schema, kind] of [
    [EMPLOYEE_OP, 'hr/employee-create.json', 'emp'],
    [POSITION_OP, 'hr/position-create.json', 'pos'],
  ] as const) {
    test(
      `${operation(opId).path}: every valid create body is accepted, every body missing a required field is refused with a message`,
      declares(`${opId} 2xx`, `${opId} 4xx`),
      async ({ hr, target, cleanup, observe }) => {
        const ctx: HrContext = { api: 'hr', client: hr, target, cleanup, observe };
        await checkProperty({
          name: `${opId} valid create bodies`,
          target,
          arbitrary: validBodies(schema, (b) => b),
          predicate: async (generated) => {
            const body = sendable(generated, runExternalId(target, `gen-${kind}`));
            const ex = await hrPut(hr, opId, body);
            archiveIfCreated(ctx, ex, opId, String(body.externalId));
            expectDocumented(ex, operation(opId), '2xx', { schema: false });
            // The same body with its values as generated: lengths, characters and numbers 001 does not bound (§8).
            const raw = asGenerated(generated, runExternalId(target, `raw-${kind}`));
            const rawEx = await hrPut(hr, opId, raw);
            archiveIfCreated(ctx, rawEx, opId, String(raw.externalId));
            observe('status', subject(opId, 'create with generated values as they come (001 §8: bounds not shown)'), outcomeOf(rawEx));
            // Accepted or refused as the target's bounds say; a server error is neither.
            expectNoServerError(rawEx, opId === EMPLOYEE_OP ? 'hr.op.employee' : 'hr.op.position');
          },
        });
        await checkProperty({
          name: `${opId} invalid create bodies`,
          target,
          arbitrary: invalidBodies(schema).filter((c) => isRecord(c.value)),
          predicate: async (invalid) => {
            const externalId = runExternalId(target, `bad-${kind}`);
            const body = sendable(
              invalid.value as Json,
              externalId,
              invalid.instancePath + (invalid.missingProperty ? `/${invalid.missingProperty}` : ''),
            );
            const ex = await hrPut(hr, opId, body);
            archiveIfCreated(ctx, ex, opId, typeof body.externalId === 'string' ? body.externalId : undefined);
            const clause = refusalClause(opId, invalid);
            if (clause) expectRefusalWithMessage(ex, clause, 'hr.rule.message', [invalid.missingProperty ?? ''], invalid.rule);
            else judgeUnruled(observe, opId, invalid, ex);
          },
        });
      },
    );
  }
});
