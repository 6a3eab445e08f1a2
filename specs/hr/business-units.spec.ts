/**
 * HR core business units, levels 1 to 4 (001 §2 Business unit, §3, §4: PUT
 * /hrcore/business-unit/level1 ... /level4). A level-n unit names its parent with
 * level(n-1)ExternalId; a unit referenced by a live lower-level unit cannot be archived.
 *
 * Writes to a level 2-4 unit repeat its parent id: 001 §2 says the parent id is "required when the
 * record is level n" without limiting it to create, so the suite sends it wherever it is lawful
 * under either reading.
 *
 * HR core has no read operation, so the shared write rules of 001 §4 are checked where a later
 * write shows them: an update that leaves the parent id out keeps it (rule 2), so the parent still
 * refuses archive; a refused archive leaves the unit unchanged (001 §3), so it is refused again and
 * still takes a new child.
 *
 * Not ruled, so observed only: whether an archived lower-level unit still "references" its parent
 * (001 §3 does not say), so whether a parent archives once its children are archived; what an
 * unknown parent id does; the refusal's body; a parent id sent as null (rule 2 removes it, but
 * whether a unit of level 2-4 may lose its parent, and whether the parent then archives, is not said).
 *
 * The rules units share with the other HR core records (one PUT creates, updates and archives;
 * externalId and name required; an update of externalId alone refused; the credentials) are tables
 * of specs/hr/catalogue-rules.spec.ts.
 */
import {
  declares,
  test,
  expectArchiveAccepted,
  expectArchiveRefused,
  expectArchiveStringReading,
  expectArchivedChildrenReading,
  expectParentIdUpdateReading,
  expectParentChangeReading,
  expectParentAccepted,
  expectParentRequired,
  expectSomeMessage,
  expectLeftNothing,
  expectStateShownBy,
  type Exchange,
} from '../kit';
import {
  archiveAtEnd,
  createUnit,
  createUnitChain,
  parentsOf,
  hrPut,
  parentField,
  subject,
  unitOp,
  UNIT_LEVELS,
  archiveIfCreated,
  type HrContext,
  type HrRecord,
  type UnitLevel,
  isAccepted,
  observeOutcome,
  runExternalId,
  runTitle,
  statusOf,
} from '../kit/hr';
import { operation } from '../../contract/catalogue';

/** The writes of a chain of units from level 1 down to `level` (createUnitChain). */
const chainOps = (level: UnitLevel): string[] => UNIT_LEVELS.filter((l) => l <= level).map(unitOp);

const PARENT_CLAUSE = { 2: 'hr.bu.level1ExternalId', 3: 'hr.bu.level2ExternalId', 4: 'hr.bu.level3ExternalId' } as const;

/** Archives `unit` (repeating its parent id), marks it archived when the target took it, and observes the status under `intent`. */
async function archiveUnit(ctx: HrContext, unit: HrRecord, intent?: string): Promise<Exchange> {
  const ex = await hrPut(ctx.client, unit.opId, { externalId: unit.externalId, ...unit.keep, archive: true });
  if (isAccepted(ex)) unit.archived = true;
  if (intent !== undefined) observeOutcome(ctx.observe, subject(unit.opId, intent), ex);
  return ex;
}

for (const level of UNIT_LEVELS) {
  const opId = unitOp(level);
  const field = parentField(level);

  test.describe(`business unit level ${level}`, () => {
    if (field && level > 1) {
      const clause = PARENT_CLAUSE[level as 2 | 3 | 4];
      test(
        `level ${level}: a unit without its parent id (${field}), with it null, or naming only a higher level, is refused with a validation message; with its live parent's id it is created`,
        declares(`${opId} 2xx`, `${opId} 4xx`),
        async ({ api, hr, target, observe, unitParents }) => {
          const op = operation(opId);
          const ctx = api;
          const parents = await parentsOf(ctx, level, unitParents);
          const parent = parents[level - 2];
          if (!parent) return;
          const why = `${field} is required when the record is level ${level}`;
          // Without the parent id; with it null (a field sent as null is removed, 001 §4 rule 2: on a create, nothing
          // is given); with only the ids of higher levels (001 §2 names the direct parent's field for each level).
          const higher = Object.fromEntries(parents.slice(0, -1).map((unit, i) => [`level${i + 1}ExternalId`, unit.externalId]));
          const cases: { intent: string; fields: Record<string, unknown> }[] = [
            { intent: `create without ${field}`, fields: {} },
            { intent: `create with ${field} null`, fields: { [field]: null } },
            ...(level > 2 ? [{ intent: `create with only the ids of higher levels, not ${field}`, fields: higher }] : []),
          ];
          for (const [index, { intent, fields }] of cases.entries()) {
            const externalId = runExternalId(target, `bu${level}`);
            const body = { externalId, name: runTitle(target, `level ${level} unit, ${intent}`), ...fields };
            const ex = await hrPut(hr, opId, body);
            archiveIfCreated(ctx, ex, opId, externalId);
            observeOutcome(observe, subject(op, intent), ex);
            expectParentRequired(ex, clause, `${why} (${intent})`);
            expectSomeMessage(ex, 'hr.rule.message', [field]);
            if (index > 0) continue;
            // The refused create left no unit (D69): the same body again is a create without its parent id again, where
            // a unit it left would take it as an update of its name.
            const again = await hrPut(hr, opId, body);
            archiveIfCreated(ctx, again, opId, externalId);
            observeOutcome(observe, subject(op, `${intent}, sent again`), again);
            expectLeftNothing(ex, again, clause, `the same body as an update of a unit the refused create left (${why})`);
          }

          // With its live parent's id, the same create is accepted.
          const externalId = runExternalId(target, `bu${level}`);
          const keep = { [field]: parent.externalId };
          const created = await hrPut(hr, opId, { externalId, name: runTitle(target, `level ${level} unit under its parent`), ...keep });
          archiveIfCreated(ctx, created, opId, externalId, keep);
          observeOutcome(observe, subject(op, `create with ${field}`), created);
          expectParentAccepted(created, clause, `${field} names live level ${level - 1} unit ${parent.externalId}`);

          // A parent id naming no unit: what happens is not said (001 §2 only says the id is required).
          const orphanId = runExternalId(target, `bu${level}`);
          const orphan = await hrPut(hr, opId, {
            externalId: orphanId,
            name: runTitle(target, `level ${level} unit with unknown parent`),
            [field]: runExternalId(target, 'unknown-parent'),
          });
          archiveIfCreated(ctx, orphan, opId, orphanId, { [field]: 'unknown' });
          observeOutcome(observe, subject(op, `create with an unknown ${field}`), orphan);
        },
      );

      test(
        `level ${level}: an update that leaves ${field} out keeps it, so the parent it names still refuses archive`,
        declares(`${opId} 2xx`, `${unitOp((level - 1) as UnitLevel)} 4xx`, ...chainOps(level)),
        async ({ api, hr, target, observe }) => {
          const op = operation(opId);
          const ctx = api;
          const chain = await createUnitChain(ctx, level);
          const unit = chain[level - 1];
          const parent = chain[level - 2];
          if (!unit || !parent) return;

          const updated = await hrPut(hr, opId, { externalId: unit.externalId, name: runTitle(target, `level ${level} unit renamed`) });
          observeOutcome(observe, subject(op, `update without ${field}`), updated);
          // Required on create only, or in every write (D21): taken, or refused with a message naming it.
          expectParentIdUpdateReading(updated, PARENT_CLAUSE[level as 2 | 3 | 4], field);
          if (!isAccepted(updated)) {
            // Whether an update may leave the parent id out is not said (001 §2; D21): nothing to show here.
            observe('other', `${op.method} ${op.path}: note`, `the update without ${field} was refused (${statusOf(updated)})`, op.id);
            return;
          }
          const archived = await archiveUnit(
            ctx,
            parent,
            'archive while a live lower-level unit, updated without its parent id, references it',
          );
          // The update claimed success: a failure is about it, then the archive that showed what it did.
          expectStateShownBy(
            updated,
            archived,
            '4xx',
            'hr.rule.omitted-kept',
            `level ${level} unit ${unit.externalId} was updated without ${field}: the omitted field keeps its value, so it still references ` +
              `level ${level - 1} unit ${parent.externalId}, whose archive must be refused (001 §3)`,
          );
        },
      );

      test(
        `level ${level}: ${field} sent as null in an update is observed; once it is accepted, the parent it named archives`,
        declares(...chainOps(level)),
        async ({ api, hr, observe }) => {
          const ctx = api;
          const chain = await createUnitChain(ctx, level);
          const unit = chain[level - 1];
          const parent = chain[level - 2];
          if (!unit || !parent) return;
          const nulled = await hrPut(hr, opId, { externalId: unit.externalId, [field]: null });
          observeOutcome(observe, subject(opId, `update with ${field} null`), nulled);
          // Whether a unit of level 2-4 may lose its parent is not said: a refusal is observed.
          if (!isAccepted(nulled)) return;
          // Rule 2 removed the parent id; later writes no longer repeat it. The parent is then referenced by no
          // lower-level unit (its only child, live, names it no more), so it archives (001 §3).
          unit.keep = {};
          const archived = await archiveUnit(ctx, parent, 'archive after its only lower-level unit had its parent id removed by null');
          expectStateShownBy(
            nulled,
            archived,
            '2xx',
            'hr.rule.omitted-kept',
            `level ${level} unit ${unit.externalId} had ${field} sent as null, so removed: level ${level - 1} unit ` +
              `${parent.externalId} is referenced by no lower-level unit and archives (001 §3)`,
          );
        },
      );
    }
  });
}

test.describe('business unit hierarchy', () => {
  test(
    'a unit referenced by a live lower-level unit refuses archive and stays unchanged; unreferenced units archive @stateful',
    declares(
      'hr.business-unit-level1.put 2xx',
      'hr.business-unit-level1.put 4xx',
      'hr.business-unit-level2.put 2xx',
      'hr.business-unit-level2.put 4xx',
      'hr.business-unit-level3.put 2xx',
      'hr.business-unit-level3.put 4xx',
      'hr.business-unit-level4.put 2xx',
    ),
    async ({ api, hr, target, observe }) => {
      const ctx = api;
      const chain = await createUnitChain(ctx, 4);
      const extras: HrRecord[] = [];

      // Parents first: each is referenced by the live unit one level below.
      for (const [index, unit] of chain.entries()) {
        const child = chain[index + 1];
        if (!child) continue;
        const what = `level ${index + 1} unit ${unit.externalId} is referenced by live level ${index + 2} unit ${child.externalId}`;
        const ex = await archiveUnit(ctx, unit, 'archive while a live lower-level unit references it');
        expectArchiveRefused(ex, 'hr.state.bu-archive-refused', what);
        // "request refused" (001 §3), and a refusal "returns a validation message in the response" (001 §7.1).
        expectSomeMessage(ex, 'v3.error.validation', ['archive']);

        // "unchanged": asked again, it is still refused; and it still takes a new child. A trace is the refused archive's.
        const again = await archiveUnit(ctx, unit, 'archive asked again while still referenced');
        expectStateShownBy(
          ex,
          again,
          '4xx',
          'hr.state.bu-archive-refused',
          `asked again: ${what}, so the refused request must have left it unchanged`,
        );
        const childLevel = (index + 2) as UnitLevel;
        const childField = parentField(childLevel) ?? '';
        const extra: HrRecord = {
          opId: unitOp(childLevel),
          externalId: runExternalId(target, `bu${childLevel}`),
          keep: { [childField]: unit.externalId },
          archived: false,
        };
        const created = await hrPut(hr, extra.opId, {
          externalId: extra.externalId,
          name: runTitle(target, `level ${childLevel} unit`),
          ...extra.keep,
        });
        if (isAccepted(created)) {
          archiveAtEnd(ctx, extra);
          extras.push(extra);
        }
        observeOutcome(observe, subject(extra.opId, 'create under a unit whose archive was refused'), created);
        expectStateShownBy(
          ex,
          created,
          '2xx',
          'hr.state.bu-archive-refused',
          `the refused archive left ${unit.externalId} unchanged (live), so a new child is created under it`,
        );
      }

      // A unit that no lower-level unit has ever referenced archives (001 §3). Whether an archived
      // lower-level unit still references its parent is not said: those archives are observed.
      const leaves = new Set([chain[3], ...extras].filter((u): u is HrRecord => u !== undefined));
      for (const unit of [...extras].reverse().concat([...chain].reverse())) {
        const leaf = leaves.has(unit);
        const ex = await archiveUnit(
          ctx,
          unit,
          leaf ? 'archive of a unit no lower-level unit references' : 'archive after every lower-level unit referencing it was archived',
        );
        if (leaf) expectArchiveAccepted(ex, 'hr.state.bu-archive', `${unit.externalId} was never referenced by a lower-level unit`);
        // Whether an archived lower-level unit still references it (D38): archived, or refused with a message.
        else expectArchivedChildrenReading(ex, 'hr.state.bu-archive-refused');
      }
    },
  );

  test(
    'a level 1 unit is still refused archiving while one of its two children is live',
    declares('hr.business-unit-level1.put 2xx', 'hr.business-unit-level1.put 4xx', 'hr.business-unit-level2.put 2xx'),
    async ({ api }) => {
      const ctx = api;
      const parent = await createUnit(ctx, 1, null);
      const first = await createUnit(ctx, 2, parent.externalId);
      const second = await createUnit(ctx, 2, parent.externalId);

      const firstArchived = await archiveUnit(ctx, first, 'archive of a unit no lower-level unit references');
      expectArchiveAccepted(firstArchived, 'hr.state.bu-archive', 'a level 2 unit no lower-level unit references');

      const refused = await archiveUnit(ctx, parent, 'archive while one child of two is live');
      expectArchiveRefused(refused, 'hr.state.bu-archive-refused', `level 2 unit ${second.externalId} is live and still references it`);
      expectSomeMessage(refused, 'v3.error.validation', ['archive']);

      const secondArchived = await archiveUnit(ctx, second);
      expectArchiveAccepted(secondArchived, 'hr.state.bu-archive', 'a level 2 unit no lower-level unit references');

      // Whether archived children still reference it is not said (001 §3): either reading of D38.
      const after = await archiveUnit(ctx, parent, 'archive after both children were archived');
      expectArchivedChildrenReading(after, 'hr.state.bu-archive-refused');
    },
  );

  test(
    'a unit moved to another live parent: taken or refused with a message; taken, the new parent refuses archive and the old one archives',
    declares('hr.business-unit-level1.put 2xx', 'hr.business-unit-level1.put 4xx', 'hr.business-unit-level2.put 2xx'),
    async ({ api, hr, observe }) => {
      const ctx = api;
      const from = await createUnit(ctx, 1, null);
      const to = await createUnit(ctx, 1, null);
      const unit = await createUnit(ctx, 2, from.externalId);
      const moved = await hrPut(hr, unit.opId, { externalId: unit.externalId, level1ExternalId: to.externalId });
      observeOutcome(observe, subject(unit.opId, 'update naming another live level 1 unit as its parent'), moved);
      // Whether a parent id may change is not said (D93): taken, or refused with a message naming it.
      if (!expectParentChangeReading(moved, 'hr.bu.level1ExternalId', 'level1ExternalId')) return;
      unit.keep = { level1ExternalId: to.externalId };
      // Taken: the unit names the new parent (001 §4 rule 2 keeps only what is omitted), so the new parent is referenced by a
      // live lower-level unit and the old one by none (001 §3). The update claimed the move: a failure is about it, then the archive.
      const toArchived = await archiveUnit(ctx, to, 'archive of the unit a live lower-level unit was moved to');
      expectStateShownBy(
        moved,
        toArchived,
        '4xx',
        'hr.state.bu-archive-refused',
        `level 2 unit ${unit.externalId} was moved to level 1 unit ${to.externalId}, which it now references`,
      );
      const fromArchived = await archiveUnit(ctx, from, 'archive of the unit a live lower-level unit was moved from');
      expectStateShownBy(
        moved,
        fromArchived,
        '2xx',
        'hr.state.bu-archive',
        `level 2 unit ${unit.externalId}, its only lower-level unit, was moved away to level 1 unit ${to.externalId}`,
      );
    },
  );

  test(
    'archive sent as the string "true" (a form the document says appears in use) archives no unit a live lower-level unit references',
    declares('hr.business-unit-level1.put 2xx', 'hr.business-unit-level1.put 4xx', 'hr.business-unit-level2.put 2xx'),
    async ({ api, hr, observe }) => {
      const ctx = api;
      // 001 §2: "archive | boolean (a string form of true or false also appears in use)": read as the flag, the
      // archive of a referenced unit is refused (001 §3); refused as a form this target does not take, it is refused too.
      const [parent, child] = await createUnitChain(ctx, 2);
      if (!parent || !child) return;
      const referenced = await hrPut(hr, parent.opId, { externalId: parent.externalId, archive: 'true' });
      observeOutcome(
        observe,
        subject(parent.opId, 'archive sent as the string "true" while a live lower-level unit references it'),
        referenced,
      );
      if (isAccepted(referenced)) parent.archived = true;
      expectArchiveRefused(
        referenced,
        'hr.bu.archive',
        `archive is "true", a form in use for true, and live level 2 unit ${child.externalId} references level 1 unit ${parent.externalId}`,
      );

      // Unreferenced: accepting (archived) or refusing the string form is lawful (001 §2 types archive as boolean), the
      // same way as on the referenced unit (D22: the string is the flag, or the string form is refused).
      const unit = await createUnit(ctx, 1, null);
      const ex = await hrPut(hr, unit.opId, { externalId: unit.externalId, archive: 'true' });
      observeOutcome(observe, subject(unit.opId, 'archive sent as the string "true"'), ex);
      if (isAccepted(ex)) unit.archived = true;
      expectArchiveStringReading(referenced, ex, 'hr.bu.archive');
    },
  );
});
