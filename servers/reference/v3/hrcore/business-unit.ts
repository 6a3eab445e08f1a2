/**
 * PUT /hrcore/business-unit/level1 .. /level4 (001 §2 Business unit, §3, §4).
 *
 * - name is required on create; a level N unit (N > 1) requires level(N-1)ExternalId on create
 *   (001 §2; schemas/DECISIONS.md D21: later writes may leave it out).
 * - Choice (001 is silent): the parent id must name an existing, live unit of level N-1 whenever it
 *   is sent; other level ids a unit carries (e.g. level1ExternalId on a level 3 unit) are stored
 *   as sent.
 * - Archiving a unit that a live lower-level unit references (through any levelNExternalId) is
 *   refused with a validation message; once those units are archived, it succeeds (001 §3 does not
 *   say whether an archived unit still references its parent; the variant
 *   hr.variant.bu-archived-children-block takes the other reading).
 * - archive may be a boolean or its string form "true" / "false" (001 §2).
 */
import { send, type Ctx } from '../../http-kit';
import type { FieldError, Rules } from '../fields';
import type { V3FaultName } from '../faults';
import { on } from '../../switches';
import { isObject, type JsonObject } from '../json';
import { json } from '../respond';
import { isArchived, type Planned, type RecordKind } from '../write-rules';
import { LEVELS, type HrStore, type Level } from './store';
import { hrWrite } from './write';

const text = 'string' as const;

export const BUSINESS_UNIT_RULES: Rules = {
  externalId: text,
  name: text,
  archive: 'booleanish',
  level1ExternalId: text,
  level2ExternalId: text,
  level3ExternalId: text,
};

export const parentField = (level: Level): string | null => (level === 1 ? null : `level${level - 1}ExternalId`);

export function businessUnitKind(level: Level): RecordKind {
  const parent = parentField(level);
  return { label: `business unit (level ${level})`, rules: BUSINESS_UNIT_RULES, required: parent ? ['name', parent] : ['name'] };
}

const PARENT_FAULTS: Record<Level, V3FaultName | null> = {
  1: null,
  2: 'hr.bu.level2-parent-not-required',
  3: 'hr.bu.level3-parent-not-required',
  4: 'hr.bu.level4-parent-not-required',
};

/** The live (or, under the archived-children-block variant, any) lower-level units that reference `externalId` of `level`. */
export function referrers(
  store: HrStore,
  level: Level,
  externalId: string,
  countArchived: boolean,
): Array<{ level: Level; externalId: string }> {
  const field = `level${level}ExternalId`;
  return LEVELS.filter((l) => l > level).flatMap((l) =>
    [...store.units[l].values()]
      .filter((u) => u[field] === externalId && (countArchived || !isArchived(u)))
      .map((u) => ({ level: l, externalId: String(u.externalId) })),
  );
}

function parentErrors(ctx: Ctx, store: HrStore, level: Level, plan: Planned): FieldError[] {
  const field = parentField(level);
  if (!field) return [];
  const value = plan.fields[field];
  if (typeof value !== 'string' || (plan.intent !== 'create' && plan.existing?.[field] === value)) return [];
  // The fault looks a level 4 parent up two levels up instead of one.
  const parentLevel = (level === 4 && on(ctx.behaviour, 'hr.bu.level4-parent-looked-up-at-level2') ? 2 : level - 1) as Level;
  const parent = store.units[parentLevel].get(value);
  if (!parent) return [{ field, message: `${field} "${value}" does not name a business unit of level ${level - 1}` }];
  if (isArchived(parent)) return [{ field, message: `${field} "${value}" names an archived business unit of level ${level - 1}` }];
  return [];
}

function archiveErrors(ctx: Ctx, store: HrStore, level: Level, plan: Planned): FieldError[] {
  if (plan.intent !== 'archive' || isArchived(plan.existing) || on(ctx.behaviour, 'hr.bu.archive-referenced-accepted')) return [];
  if (level === 2 && on(ctx.behaviour, 'hr.bu.level2-referenced-archive-accepted')) return [];
  const found = on(ctx.behaviour, 'hr.bu.archive-refused-when-any-lower-unit')
    ? LEVELS.filter((l) => l > level).flatMap((l) =>
        [...store.units[l].values()].filter((u) => !isArchived(u)).map((u) => ({ level: l, externalId: String(u.externalId) })),
      )
    : referrers(store, level, plan.externalId, on(ctx.behaviour, 'hr.variant.bu-archived-children-block'));
  // The fault counts archived lower-level units as references, and refuses (without a message, bareRefusal) for them.
  if (
    found.length === 0 &&
    on(ctx.behaviour, 'hr.bu.archive-after-children-no-message') &&
    referrers(store, level, plan.externalId, true).length > 0
  )
    return [
      { field: 'archive', message: `Business unit "${plan.externalId}" cannot be archived: archived lower-level units reference it` },
    ];
  if (found.length === 0) return [];
  const names = found
    .slice(0, 5)
    .map((r) => `level ${r.level} business unit "${r.externalId}"`)
    .join(', ');
  // The fault archives first and checks the references afterwards, without undoing the archive.
  if (on(ctx.behaviour, 'hr.bu.refused-archive-applied') && plan.existing) {
    store.units[level].set(plan.externalId, { ...plan.existing, archive: true });
  }
  return [
    { field: 'archive', message: `Business unit "${plan.externalId}" (level ${level}) cannot be archived: it is referenced by ${names}` },
  ];
}

/** Which required fields the blind-written faults stop checking for this body. */
function blindRelaxed(ctx: Ctx, level: Level, body: unknown): string[] {
  const b = ctx.behaviour;
  const relaxed: string[] = [];
  if (level > 1 && on(b, 'hr.bu.name-required-at-level1-only')) relaxed.push('name');
  if (!isObject(body)) return relaxed;
  // The fault tests `'level1ExternalId' in body`, so a null passes.
  if (level === 2 && on(b, 'hr.bu.level2-null-parent-accepted') && 'level1ExternalId' in body) relaxed.push('level1ExternalId');
  // The fault is content with any higher-level id.
  if (level === 3 && on(b, 'hr.bu.level3-any-parent-accepted') && typeof body.level1ExternalId === 'string')
    relaxed.push('level2ExternalId');
  return relaxed;
}

/** The record stored, under the faults that store something else than the plan. */
function blindPrepare(ctx: Ctx, plan: Planned): JsonObject {
  const b = ctx.behaviour;
  // The fault keeps the parent ids set on create when an update names another parent (the move answered 200 all the same).
  if (on(b, 'hr.bu.parent-change-ignored') && plan.existing && plan.intent === 'update') {
    const kept = { ...plan.next };
    for (const l of LEVELS) {
      const field = `level${l}ExternalId`;
      const old = plan.existing[field];
      if (typeof plan.fields[field] === 'string' && typeof old === 'string') kept[field] = old;
    }
    return kept;
  }
  if (on(b, 'hr.bu.null-parent-kept') && plan.existing) {
    const kept = { ...plan.next };
    for (const l of LEVELS) {
      const field = `level${l}ExternalId`;
      const old = plan.existing[field];
      if (plan.fields[field] === null && old !== undefined) kept[field] = old;
    }
    return kept;
  }
  return plan.next;
}

/** The faults that refuse without any message (D21, D22, D38 readings: a refusal carries a validation message). */
function bareRefusal(ctx: Ctx, level: Level, errors: readonly FieldError[]): boolean {
  const b = ctx.behaviour;
  const body = isObject(ctx.body) ? ctx.body : {};
  const parent = parentField(level);
  if (on(b, 'hr.bu.archive-string-refused-bare') && typeof body.archive === 'string') return true;
  if (on(b, 'hr.bu.update-without-parent-no-message') && parent && errors.some((e) => e.field === parent && /every write/.test(e.message)))
    return true;
  return (
    on(b, 'hr.bu.archive-after-children-no-message') && errors.some((e) => e.field === 'archive' && /archived lower-level/.test(e.message))
  );
}

export function businessUnitHandler(store: HrStore, level: Level): (ctx: Ctx) => void {
  const kind = businessUnitKind(level);
  // Under the archive-string-ignored fault, archive is read as a plain string: "true" is no archive.
  const stringArchive: RecordKind = { ...kind, rules: { ...kind.rules, archive: 'string' } };
  // Under the string-refused variant archive is a JSON boolean only (D22 string-refused).
  const booleanArchive: RecordKind = { ...kind, rules: { ...kind.rules, archive: 'boolean' } };
  return (ctx) => {
    const b = ctx.behaviour;
    if (level === 4 && on(b, 'hr.bu.level4-route-missing')) return json(ctx, 404, { message: `No operation at ${ctx.path}` });
    const body = ctx.body;
    const relaxed: string[] = blindRelaxed(ctx, level, body);
    const parentFault = PARENT_FAULTS[level];
    if (parentFault && on(b, parentFault)) relaxed.push(parentField(level) ?? '');
    if (on(b, 'hr.bu.create-without-name-accepted')) relaxed.push('name');
    hrWrite(
      { ...ctx, body },
      {
        kind:
          on(b, 'hr.bu.archive-string-ignored') && isObject(body) && typeof body.archive === 'string'
            ? stringArchive
            : on(b, 'hr.variant.bu-archive-string-refused') || on(b, 'hr.bu.archive-string-refused-bare')
              ? booleanArchive
              : kind,
        find: (id) => store.units[level].get(id),
        relaxed: { required: relaxed, externalId: level > 1 && on(b, 'hr.bu.externalid-not-required') },
        keepRefused: on(b, 'hr.bu.refused-create-stored'),
        check: (plan) => {
          if (plan.intent === 'update' && plan.fields.name === undefined && on(b, 'hr.bu.update-requires-name'))
            return [{ field: 'name', message: `name is required to write a ${kind.label}` }];
          // The variant requires the parent id in every write but an archive (D21 every-write).
          const parent = parentField(level);
          const everyWrite = on(b, 'hr.variant.bu-parent-id-every-write') || on(b, 'hr.bu.update-without-parent-no-message');
          if (parent && plan.intent === 'update' && plan.fields[parent] === undefined && everyWrite)
            return [{ field: parent, message: `${parent} is required in every write of a ${kind.label}` }];
          return [...parentErrors(ctx, store, level, plan), ...archiveErrors(ctx, store, level, plan)];
        },
        prepare: (plan) => blindPrepare(ctx, plan),
        answerRefusal: (errors) => {
          if (bareRefusal(ctx, level, errors)) {
            send(ctx, 400);
            return true;
          }
          if (on(b, 'hr.bu.archive-refusal-empty') && errors.some((e) => e.field === 'archive' && /cannot be archived/.test(e.message))) {
            send(ctx, 400);
            return true;
          }
          if (
            on(b, 'hr.bu.archive-refusal-reason-phrase') &&
            errors.some((e) => e.field === 'archive' && /cannot be archived/.test(e.message))
          ) {
            json(ctx, 409, { status: 409, error: 'Conflict' });
            return true;
          }
          if (on(b, 'hr.bu.missing-fields-no-message') && errors.some((e) => /is required to create/.test(e.message))) {
            json(ctx, 400, { errors: [] });
            return true;
          }
          return false;
        },
        store: (plan, record: JsonObject) => store.units[level].set(plan.externalId, record),
      },
    );
  };
}
