/**
 * HR core position (001 §2 Position, §3, §4: PUT /hrcore/position serves create, update and
 * archive, keyed by externalId). Success statuses and bodies are not shown (001 §4 Gaps): any 2xx
 * with any body passes and the exact status is observed. Only records the test created are referenced: the role, site,
 * cost-centre, ... records behind the other ...ExternalId fields cannot be made through this API.
 */
import { test } from '../fixtures';
import { expectDocumented } from '../../src/checks';
import { archiveIfCreated, createPosition, createUnitChain, hrPut, subject, POSITION_OP } from '../support/v3-hr';
import { expectAccepted, expectRefusalWithMessage, observeOutcome, runExternalId, runTitle } from '../support/v3';

test.describe('position', () => {
  test('PUT /hrcore/position creates, updates and archives a position: 2xx each @smoke', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(POSITION_OP, '2xx');
    const externalId = runExternalId(target, 'pos');
    const created = await hrPut(hr, op.id, { externalId, name: runTitle(target, 'position'), fte: 1, baseHours: 38 });
    archiveIfCreated({ hr, target, cleanup, observe }, created, op.id, externalId);
    observeOutcome(observe, subject(op, 'create'), created);
    expectDocumented(created, op, '2xx', { schema: false });

    const updated = await hrPut(hr, op.id, { externalId, name: runTitle(target, 'position renamed') });
    observeOutcome(observe, subject(op, 'update'), updated);
    expectDocumented(updated, op, '2xx', { schema: false });

    const archived = await hrPut(hr, op.id, { externalId, archive: true });
    observeOutcome(observe, subject(op, 'archive'), archived);
    expectDocumented(archived, op, '2xx', { schema: false });
  });

  test('PUT /hrcore/position with every documented field form (business units, parent position, supplementary): 2xx', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(POSITION_OP, '2xx');
    const ctx = { hr, target, cleanup, observe };
    const [l1, l2] = await createUnitChain(ctx, 2);
    const parent = await createPosition(ctx);
    const externalId = runExternalId(target, 'pos');
    const ex = await hrPut(hr, op.id, {
      externalId,
      name: runTitle(target, 'position with every field form'),
      parentPositionExternalId: parent.externalId,
      fte: 0.5,
      baseHours: 19,
      critical: false,
      funded: true,
      vacant: true,
      vacantDate: '2030-01-31',
      businessUnit: { level1ExternalId: l1?.externalId, level2ExternalId: l2?.externalId },
      supplementary: {
        textField1: runTitle(target, 'text'),
        textField10: 'ten',
        boolField1: true,
        boolField5: false,
        dateField1: '2030-02-28',
        dateField10: '20300301',
      },
    });
    archiveIfCreated(ctx, ex, op.id, externalId);
    observeOutcome(observe, subject(op, 'create with every documented field form'), ex);
    expectAccepted(ex, 'status', 'hr.op.position', 'every field has the type 001 §2 gives');
  });

  test('PUT /hrcore/position without name, or without externalId, is refused with a validation message', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(POSITION_OP, '4xx');
    const externalId = runExternalId(target, 'pos');
    const noName = await hrPut(hr, op.id, { externalId, fte: 1 });
    archiveIfCreated({ hr, target, cleanup, observe }, noName, op.id, externalId);
    observeOutcome(observe, subject(op, 'create without name'), noName);
    expectRefusalWithMessage(noName, 'validation', 'hr.position.name', 'hr.rule.message', 'name is required on create');

    const noId = await hrPut(hr, op.id, { name: runTitle(target, 'position without id') });
    observeOutcome(observe, subject(op, 'create without externalId'), noId);
    expectRefusalWithMessage(noId, 'validation', 'hr.position.externalId', 'hr.rule.message', 'externalId is required');
  });

  test('PUT /hrcore/position update with only externalId is refused with a validation message', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(POSITION_OP, '4xx');
    const position = await createPosition({ hr, target, cleanup, observe });
    const ex = await hrPut(hr, op.id, { externalId: position.externalId });
    observeOutcome(observe, subject(op, 'update with only externalId'), ex);
    expectRefusalWithMessage(
      ex,
      'validation',
      'hr.rule.required',
      'hr.rule.message',
      'an update needs externalId plus at least one other field',
    );
  });

  test('PUT /hrcore/position accepts genericList replaced by a new array and genericList null (removes), and a field sent as null: 2xx', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(POSITION_OP, '2xx');
    const position = await createPosition({ hr, target, cleanup, observe }, { fte: 1, vacantDate: '2030-01-31' });

    // genericList entries name generic-list records this API cannot create: a refusal of invented
    // ids is lawful, so a non-empty list is only observed.
    const listed = await hrPut(hr, op.id, {
      externalId: position.externalId,
      genericList: [{ genericListTypeExternalId: runExternalId(target, 'glt'), genericListValueExternalId: runExternalId(target, 'glv') }],
    });
    observeOutcome(observe, subject(op, 'update with a genericList of ids the suite invented'), listed);

    const replaced = await hrPut(hr, op.id, { externalId: position.externalId, genericList: [] });
    observeOutcome(observe, subject(op, 'update with genericList []'), replaced);
    expectAccepted(replaced, 'status', 'hr.rule.collections', 'a collection sent in an update replaces the stored collection');

    const removed = await hrPut(hr, op.id, { externalId: position.externalId, genericList: null });
    observeOutcome(observe, subject(op, 'update with genericList null'), removed);
    expectAccepted(removed, 'status', 'hr.rule.collections', 'for the position, null removes the collection');

    const nulled = await hrPut(hr, op.id, { externalId: position.externalId, vacantDate: null, fte: null });
    observeOutcome(observe, subject(op, 'update with fields sent as null'), nulled);
    expectAccepted(nulled, 'status', 'hr.rule.omitted-kept', 'a field sent as null is removed');
  });

  test('PUT /hrcore/position accepts vacantDate as YYYY-MM-DD, YYYYMMDD and with a time part: 2xx', async ({
    hr,
    target,
    cleanup,
    covers,
    observe,
  }) => {
    const op = covers(POSITION_OP, '2xx');
    const ctx = { hr, target, cleanup, observe };
    for (const vacantDate of ['2030-01-31', '20300131', '2030-01-31T09:30:00']) {
      const externalId = runExternalId(target, 'pos');
      const ex = await hrPut(hr, op.id, { externalId, name: runTitle(target, `position vacant ${vacantDate}`), vacant: true, vacantDate });
      archiveIfCreated(ctx, ex, op.id, externalId);
      observeOutcome(observe, subject(op, `create with vacantDate ${vacantDate}`), ex);
      expectAccepted(ex, 'status', 'v3.dates', 'dates are YYYY-MM-DD or YYYYMMDD; a time part is ignored');
    }
  });
});
