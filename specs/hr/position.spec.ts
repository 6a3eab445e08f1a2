/**
 * HR core position (001 §2 Position, §3, §4: PUT /hrcore/position serves create, update and
 * archive, keyed by externalId). Success statuses and bodies are not shown (001 §4 Gaps): any 2xx
 * with any body passes and the exact status is observed. Only records the test created are referenced: the role, site,
 * cost-centre, ... records behind the other ...ExternalId fields cannot be made through this API.
 * The rules the position shares with the other HR core records (one PUT creates, updates and
 * archives; externalId and name required; an update of externalId alone refused; null removes a
 * field; genericList replaced, and removed by null; the date forms; the credentials) are tables of
 * specs/hr/catalogue-rules.spec.ts.
 */
import { declares, test, expectNoServerError } from '../kit';
import {
  archiveIfCreated,
  createPosition,
  createUnitChain,
  hrPut,
  subject,
  POSITION_OP,
  expectAccepted,
  observeOutcome,
  runExternalId,
  runTitle,
} from '../kit/hr';
import { operation } from '../../contract/catalogue';

test.describe('position', () => {
  test(
    'PUT /hrcore/position with every documented field form (business units, parent position, supplementary): 2xx',
    declares('hr.business-unit-level1.put 2xx', 'hr.business-unit-level2.put 2xx', 'hr.position.put 2xx'),
    async ({ api, hr, target, observe }) => {
      const op = operation(POSITION_OP);
      const ctx = api;
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
      expectAccepted(ex, 'hr.op.position', 'every field has the type 001 §2 gives');
    },
  );

  test(
    'PUT /hrcore/position with a reference of the wrong type, or naming no record, is answered without a server error (observed)',
    declares('hr.position.put'),
    async ({ api, hr, target, observe }) => {
      const ctx = api;
      // "All `...ExternalId` fields are strings that hold the caller's own identifier of another record" (001 §2): a
      // number there, or an id of no record, may be accepted or refused (001 §7.1 names no such message); a server
      // error is neither.
      const cases: { intent: string; fields: Record<string, unknown>; clause: 'v3.external-ids' | 'hr.position.references' }[] = [
        { intent: 'create with roleExternalId sent as a number', fields: { roleExternalId: 7 }, clause: 'v3.external-ids' },
        {
          intent: 'create with a parentPositionExternalId naming no position',
          fields: { parentPositionExternalId: runExternalId(target, 'no-such-pos') },
          clause: 'hr.position.references',
        },
      ];
      for (const { intent, fields, clause } of cases) {
        const externalId = runExternalId(target, 'pos');
        const ex = await hrPut(hr, POSITION_OP, { externalId, name: runTitle(target, `position, ${intent}`), ...fields });
        archiveIfCreated(ctx, ex, POSITION_OP, externalId);
        observeOutcome(observe, subject(POSITION_OP, intent), ex);
        expectNoServerError(ex, clause);
      }
    },
  );
});
