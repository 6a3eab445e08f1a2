/**
 * HR core, generated (001 §2-§4): a model of a business unit hierarchy (create levels, archive in any
 * order, orphans) checked after every step, and properties over employee and position bodies:
 * every valid create body is accepted (any 2xx); every body breaking one rule is refused with a
 * validation message (001 §4 Shared write rules 4, §7.1).
 */
import fc from 'fast-check';
import { test } from '../fixtures';
import { expectDocumented } from '../../src/checks';
import { operation } from '../../src/catalogue';
import { checkProperty, modelCommands } from '../support/property';
import { invalidBodies, isRecord, restoreAt, validBodies, withoutKeys, withoutNulls, type Json } from '../support/generated';
import { expectRefusalWithMessage, is2xx, runExternalId, runTitle } from '../support/v3';
import { archiveAtEnd, EMPLOYEE_OP, hrPut, parentField, POSITION_OP, unitOp, UNIT_LEVELS, type HrContext, type HrRecord, type UnitLevel } from '../support/v3-hr';

interface Model {
  created: boolean[];
  archived: boolean[];
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

/** Create a unit under its live parent: accepted (001 §2: level N>1 names its parent). */
class CreateUnit implements fc.AsyncCommand<Model, Real> {
  constructor(readonly level: UnitLevel) {}
  check = (m: Readonly<Model>): boolean => !m.created[idx(this.level)] && (this.level === 1 || (m.created[idx(this.level) - 1] === true && !m.archived[idx(this.level) - 1]));
  async run(m: Model, r: Real): Promise<void> {
    const keep = keepOf(r, this.level);
    const ex = await hrPut(r.ctx.hr, unitOp(this.level), { externalId: r.ids[idx(this.level)], name: runTitle(r.ctx.target, `model unit ${this.level}`), ...keep });
    expectDocumented(ex, operation(unitOp(this.level)), '2xx', { statusCheck: 'hierarchy', schema: false });
    const record: HrRecord = { opId: unitOp(this.level), externalId: r.ids[idx(this.level)] ?? '', keep, archived: false };
    r.records[idx(this.level)] = record;
    archiveAtEnd(r.ctx, record);
    m.created[idx(this.level)] = true;
  }
  toString = (): string => `create level ${this.level}`;
}

/** A level 2-4 unit without its parent id is refused (001 §2), and nothing is created. */
class CreateOrphan implements fc.AsyncCommand<Model, Real> {
  constructor(readonly level: UnitLevel) {}
  check = (m: Readonly<Model>): boolean => this.level > 1 && !m.created[idx(this.level)];
  async run(_m: Model, r: Real): Promise<void> {
    const ex = await hrPut(r.ctx.hr, unitOp(this.level), { externalId: r.ids[idx(this.level)], name: runTitle(r.ctx.target, `orphan unit ${this.level}`) });
    expectRefusalWithMessage(ex, 'hierarchy', '001 §2 Business unit', `a level ${this.level} unit needs ${parentField(this.level) ?? ''}`);
  }
  toString = (): string => `create level ${this.level} without parent`;
}

/** Archive: refused while a live lower-level unit references the unit (001 §3), accepted otherwise. */
class ArchiveUnit implements fc.AsyncCommand<Model, Real> {
  constructor(readonly level: UnitLevel) {}
  check = (m: Readonly<Model>): boolean => m.created[idx(this.level)] === true && !m.archived[idx(this.level)];
  async run(m: Model, r: Real): Promise<void> {
    const ex = await hrPut(r.ctx.hr, unitOp(this.level), { externalId: r.ids[idx(this.level)], ...keepOf(r, this.level), archive: true });
    const childLive = this.level < 4 && m.created[idx(this.level) + 1] === true && !m.archived[idx(this.level) + 1];
    if (childLive) {
      expectRefusalWithMessage(ex, 'hierarchy', '001 §3', `level ${this.level + 1} unit ${r.ids[idx(this.level) + 1] ?? ''} still references it`);
    } else {
      expectDocumented(ex, operation(unitOp(this.level)), '2xx', { statusCheck: 'hierarchy', schema: false });
      m.archived[idx(this.level)] = true;
      const record = r.records[idx(this.level)];
      if (record) record.archived = true;
    }
  }
  toString = (): string => `archive level ${this.level}`;
}

const levels = fc.constantFrom(...UNIT_LEVELS);
const commands = [levels.map((l) => new CreateUnit(l)), levels.map((l) => new CreateOrphan(l)), levels.map((l) => new ArchiveUnit(l))];

const DATE_LAYOUT = /^\d{4}-?\d{2}-?\d{2}/;

/** Real calendar dates in the generated layout (001 §2: YYYY-MM-DD or YYYYMMDD); the schema's pattern also admits 2021-02-31. */
function realDates(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => realDates(v));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, realDates(v, k)]));
  if (typeof value === 'string' && /date/i.test(key) && DATE_LAYOUT.test(value)) return value.includes('-') ? '2024-03-15' : '20240315';
  return value;
}

/** References to records that may not exist on the target are left out: the document promises nothing about them. */
function sendable(body: Json, externalId: string, keepPath = ''): Json {
  const cleaned = withoutKeys(withoutNulls(body), (k) => (k !== 'externalId' && /ExternalIds?$/.test(k)) || ['access', 'position', 'businessUnit', 'genericList', 'products', 'archive'].includes(k));
  const out = realDates(cleaned) as Json;
  if (keepPath !== '/externalId') out.externalId = externalId;
  if (typeof out.name === 'string' && keepPath !== '/name') out.name = `${externalId} ${out.name.slice(0, 16)}`;
  if (keepPath !== '') restoreAt(out, body, keepPath);
  return out;
}

test.describe('HR core, generated @property @stateful', () => {
  test('a business unit hierarchy follows the model: parents required, archive refused while a live child references it', async ({ hr, target, covers, cleanup, observe }) => {
    for (const level of UNIT_LEVELS) covers(unitOp(level), '2xx', '4xx');
    const ctx: HrContext = { hr, target, cleanup, observe };
    await checkProperty({
      name: 'business unit hierarchy model',
      target,
      numRuns: Math.min(target.run.numRuns, 15),
      arbitrary: modelCommands(commands, 12),
      predicate: async (cmds) => {
        const ids = UNIT_LEVELS.map((l) => runExternalId(target, `model-bu${l}`));
        await fc.asyncModelRun(() => ({ model: { created: [false, false, false, false], archived: [false, false, false, false] }, real: { ctx, ids, records: [null, null, null, null] } }), cmds);
      },
    });
  });

  for (const [opId, schema, kind] of [[EMPLOYEE_OP, 'hr/employee-create.json', 'emp'], [POSITION_OP, 'hr/position-create.json', 'pos']] as const) {
    test(`${operation(opId).path}: every valid create body is accepted, every body breaking one rule is refused with a message`, async ({ hr, target, covers, cleanup, observe }) => {
      covers(opId, '2xx', '4xx');
      const ctx: HrContext = { hr, target, cleanup, observe };
      await checkProperty({
        name: `${opId} valid create bodies`,
        target,
        arbitrary: validBodies(schema, (b) => b).map((b) => sendable(b, runExternalId(target, `gen-${kind}`))),
        predicate: async (body) => {
          const ex = await hrPut(hr, opId, body);
          if (is2xx(ex)) archiveAtEnd(ctx, { opId, externalId: String(body.externalId), keep: {}, archived: false });
          expectDocumented(ex, operation(opId), '2xx', { schema: false });
        },
      });
      await checkProperty({
        name: `${opId} invalid create bodies`,
        target,
        arbitrary: invalidBodies(schema).filter((c) => isRecord(c.value)),
        predicate: async (invalid) => {
          const externalId = runExternalId(target, `bad-${kind}`);
          const body = sendable(invalid.value as Json, externalId, invalid.instancePath + (invalid.missingProperty ? `/${invalid.missingProperty}` : ''));
          const ex = await hrPut(hr, opId, body);
          if (is2xx(ex)) archiveAtEnd(ctx, { opId, externalId, keep: {}, archived: false });
          expectRefusalWithMessage(ex, 'validation', '001 §4 Shared write rules 4', invalid.rule);
        },
      });
    });
  }
});
