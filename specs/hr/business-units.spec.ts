/**
 * HR core business units, levels 1 to 4 (001 §2 Business unit, §3, §4: PUT
 * /hrcore/business-unit/level1 ... /level4). A level-n unit names its parent with
 * level(n-1)ExternalId; a unit referenced by a live lower-level unit cannot be archived.
 *
 * Writes to a level 2-4 unit repeat its parent id: 001 §2 says the parent id is "required when the
 * record is level n" without limiting it to create, so the suite sends it wherever it is lawful
 * under either reading.
 */
import { test } from '../fixtures';
import { expectDocumented, expectNoServerError } from '../../src/checks';
import { archiveAtEnd, createUnit, createUnitChain, hrPut, parentField, subject, unitOp, UNIT_LEVELS, archiveIfCreated, type HrRecord, type UnitLevel } from '../support/v3-hr';
import { expectAccepted, expectRefusal, expectRefusalWithMessage, is2xx, observeOutcome, runExternalId, runTitle } from '../support/v3';

for (const level of UNIT_LEVELS) {
  const opId = unitOp(level);
  const field = parentField(level);

  test.describe(`business unit level ${level}`, () => {
    test(`level ${level}: create, update and archive succeed (2xx each)${level === 1 ? ' @smoke' : ''}`, async ({ hr, target, cleanup, covers, observe }) => {
      const op = covers(opId, '2xx');
      const ctx = { hr, target, cleanup, observe };
      const parents = level > 1 ? await createUnitChain(ctx, (level - 1) as UnitLevel) : [];
      const keep = field ? { [field]: parents[parents.length - 1]?.externalId } : {};
      const externalId = runExternalId(target, `bu${level}`);
      const record: HrRecord = { opId, externalId, keep, archived: false };

      const created = await hrPut(hr, opId, { externalId, name: runTitle(target, `level ${level} unit`), ...keep });
      if (is2xx(created)) archiveAtEnd(ctx, record);
      observeOutcome(observe, subject(op, 'create'), created);
      expectDocumented(created, op, '2xx', { schema: false });

      const updated = await hrPut(hr, opId, { externalId, name: runTitle(target, `level ${level} unit renamed`), ...keep });
      observeOutcome(observe, subject(op, 'update'), updated);
      expectDocumented(updated, op, '2xx', { schema: false });

      if (field) {
        // Whether an update may leave the parent id out is not said (001 §2): observed only.
        const bare = await hrPut(hr, opId, { externalId, name: runTitle(target, `level ${level} unit renamed again`) });
        observeOutcome(observe, subject(op, 'update without the parent id'), bare);
      }

      const archived = await hrPut(hr, opId, { externalId, ...keep, archive: true });
      observeOutcome(observe, subject(op, 'archive'), archived);
      expectDocumented(archived, op, '2xx', { schema: false });
      record.archived = true;
    });

    test(`level ${level}: a create without name, or without externalId, is refused with a validation message`, async ({ hr, target, cleanup, covers, observe }) => {
      const op = covers(opId, '4xx');
      const ctx = { hr, target, cleanup, observe };
      const parents = level > 1 ? await createUnitChain(ctx, (level - 1) as UnitLevel) : [];
      const keep = field ? { [field]: parents[parents.length - 1]?.externalId } : {};

      const externalId = runExternalId(target, `bu${level}`);
      const noName = await hrPut(hr, opId, { externalId, ...keep });
      archiveIfCreated(ctx, noName, opId, externalId, keep);
      observeOutcome(observe, subject(op, 'create without name'), noName);
      expectRefusalWithMessage(noName, 'validation', '001 §2 Business unit; §4 Shared write rules 1, 4', 'name is required on create');

      const noId = await hrPut(hr, opId, { name: runTitle(target, `level ${level} unit without id`), ...keep });
      observeOutcome(observe, subject(op, 'create without externalId'), noId);
      expectRefusalWithMessage(noId, 'validation', '001 §2 Business unit; §4 Shared write rules 1, 4', 'externalId is required');
    });

    test(`level ${level}: an update with only externalId is refused with a validation message`, async ({ hr, target, cleanup, covers, observe }) => {
      const op = covers(opId, '4xx');
      const chain = await createUnitChain({ hr, target, cleanup, observe }, level);
      const unit = chain[chain.length - 1];
      if (!unit) return;
      const ex = await hrPut(hr, opId, { externalId: unit.externalId });
      observeOutcome(observe, subject(op, 'update with only externalId'), ex);
      expectRefusalWithMessage(ex, 'validation', '001 §4 Shared write rules 1, 4', 'an update needs externalId plus at least one other field');
    });

    if (field) {
      test(`level ${level}: a unit without its parent id (${field}) is refused with a validation message`, async ({ hr, target, cleanup, covers, observe }) => {
        const op = covers(opId, '4xx');
        const ctx = { hr, target, cleanup, observe };
        const externalId = runExternalId(target, `bu${level}`);
        const ex = await hrPut(hr, opId, { externalId, name: runTitle(target, `level ${level} unit without parent`) });
        archiveIfCreated(ctx, ex, opId, externalId);
        observeOutcome(observe, subject(op, `create without ${field}`), ex);
        expectRefusalWithMessage(ex, 'hierarchy', '001 §2 Business unit', `${field} is required when the record is level ${level}`);

        // A parent id naming no unit: what happens is not said (001 §2 only says the id is required).
        const orphanId = runExternalId(target, `bu${level}`);
        const orphan = await hrPut(hr, opId, { externalId: orphanId, name: runTitle(target, `level ${level} unit with unknown parent`), [field]: runExternalId(target, 'unknown-parent') });
        archiveIfCreated(ctx, orphan, opId, orphanId, { [field]: 'unknown' });
        observeOutcome(observe, subject(op, `create with an unknown ${field}`), orphan);
      });
    }
  });
}

test.describe('business unit hierarchy', () => {
  test('a unit referenced by a live lower-level unit cannot be archived; archived children first, every level then archives @stateful', async ({ hr, target, cleanup, covers, observe }) => {
    for (const level of UNIT_LEVELS) covers(unitOp(level), level < 4 ? '4xx' : '2xx');
    for (const level of UNIT_LEVELS) if (level < 4) covers(unitOp(level), '2xx');
    const chain = await createUnitChain({ hr, target, cleanup, observe }, 4);
    const archive = (unit: HrRecord) => hrPut(hr, unit.opId, { externalId: unit.externalId, ...unit.keep, archive: true });

    // Parents first: each is referenced by the live unit one level below.
    for (const [index, unit] of chain.entries()) {
      const child = chain[index + 1];
      if (!child) continue;
      const ex = await archive(unit);
      if (is2xx(ex)) unit.archived = true;
      observeOutcome(observe, subject(unit.opId, 'archive while a live lower-level unit references it'), ex);
      expectRefusalWithMessage(ex, 'hierarchy', '001 §3 Business unit: referenced by a lower-level business unit -> unchanged, request refused', `level ${index + 1} unit ${unit.externalId} is referenced by live level ${index + 2} unit ${child.externalId}`);
    }

    // Children first: once nothing live references a unit, it archives.
    for (const unit of [...chain].reverse()) {
      const ex = await archive(unit);
      observeOutcome(observe, subject(unit.opId, 'archive after its children were archived'), ex);
      expectAccepted(ex, '001 §3 Business unit: not referenced by a lower-level business unit -> archived', `${unit.externalId}: every lower-level unit that referenced it is archived`, 'hierarchy');
      unit.archived = true;
    }
  });

  test('a level 1 unit is still refused archiving while one of two children is live, and archives once both are', async ({ hr, target, cleanup, covers, observe }) => {
    const op = covers(unitOp(1), '4xx', '2xx');
    const ctx = { hr, target, cleanup, observe };
    const parent = await createUnit(ctx, 1, null);
    const first = await createUnit(ctx, 2, parent.externalId);
    const second = await createUnit(ctx, 2, parent.externalId);
    const archive = (unit: HrRecord) => hrPut(hr, unit.opId, { externalId: unit.externalId, ...unit.keep, archive: true });

    const firstArchived = await archive(first);
    expectAccepted(firstArchived, '001 §3 Business unit', 'a level 2 unit no lower-level unit references', 'hierarchy');
    first.archived = true;

    const refused = await archive(parent);
    if (is2xx(refused)) parent.archived = true;
    observeOutcome(observe, subject(op, 'archive while one child of two is live'), refused);
    expectRefusal(refused, 'hierarchy', '001 §3 Business unit: referenced by a lower-level business unit -> request refused', `level 2 unit ${second.externalId} still references it`);

    const secondArchived = await archive(second);
    expectAccepted(secondArchived, '001 §3 Business unit', 'a level 2 unit no lower-level unit references', 'hierarchy');
    second.archived = true;
    const accepted = await archive(parent);
    expectAccepted(accepted, '001 §3 Business unit', 'both children are archived, as the later writes show: the unit now archives', 'state');
    parent.archived = true;
  });

  test('archive sent as the string "true" (a form the document says appears in use) is answered without a server error', async ({ hr, target, cleanup, observe }) => {
    const unit = await createUnit({ hr, target, cleanup, observe }, 1, null);
    const ex = await hrPut(hr, unit.opId, { externalId: unit.externalId, archive: 'true' });
    observeOutcome(observe, subject(unit.opId, 'archive sent as the string "true"'), ex);
    if (is2xx(ex)) unit.archived = true;
    // Accepting or refusing it is lawful (001 §2 types archive as boolean); a server error is not.
    expectNoServerError(ex, { seed: '001 §2 Business unit: archive (a string form of true or false also appears in use)' });
  });
});
