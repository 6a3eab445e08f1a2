/**
 * Archive moves of the HR core records (001 §3): a record that exists archives (any 2xx, 001 §4
 * Gaps). What comes after is not ruled: "Transitions out of the archived state: not shown", and no
 * sentence says how an update or a second archive of an archived record is answered. Those answers
 * are observed, never failed. HR core has no read operation, so whether an accepted update brought
 * the record back is not visible either; the test archives it again (observed) so that nothing it
 * made is left live.
 */
import { declares, test, nextPerson, plainPerson } from '../kit';
import {
  EMPLOYEE_OP,
  POSITION_OP,
  unitOp,
  createEmployee,
  createPosition,
  createUnit,
  hrPut,
  subject,
  type HrContext,
  type HrRecord,
  expectAccepted,
  isAccepted,
  observeOutcome,
  runTitle,
} from '../kit/hr';
import { operation } from '../../contract/catalogue';

type ArchiveClause = 'hr.state.employee-archive' | 'hr.state.position-archive' | 'hr.state.bu-archive';

interface Kind {
  what: string;
  /** The operation that writes it. */
  opId: string;
  clause: ArchiveClause;
  create: (ctx: HrContext) => Promise<HrRecord>;
  /** An update body besides externalId (and the fields the record repeats). */
  update: (ctx: HrContext) => Record<string, unknown>;
}

const KINDS: readonly Kind[] = [
  {
    what: 'employee',
    opId: EMPLOYEE_OP,
    clause: 'hr.state.employee-archive',
    create: (ctx) => createEmployee(ctx),
    update: () => ({ firstName: plainPerson(nextPerson()).first }),
  },
  {
    what: 'position',
    opId: POSITION_OP,
    clause: 'hr.state.position-archive',
    create: (ctx) => createPosition(ctx),
    update: (ctx) => ({ name: runTitle(ctx.target, 'archived position renamed') }),
  },
  {
    what: 'level 1 business unit',
    opId: unitOp(1),
    clause: 'hr.state.bu-archive',
    create: (ctx) => createUnit(ctx, 1, null),
    update: (ctx) => ({ name: runTitle(ctx.target, 'archived level 1 unit renamed') }),
  },
];

test.describe('archived HR core records', () => {
  for (const kind of KINDS) {
    test(
      `an archived ${kind.what}: a second archive and an update are answered as the target chooses (observed; 001 §3 shows no move out)`,
      declares(`${kind.opId} 2xx`),
      async ({ api, hr, observe }) => {
        const ctx = api;
        const record = await kind.create(ctx);
        const op = operation(record.opId);
        const archive = { externalId: record.externalId, ...record.keep, archive: true };

        const archived = await hrPut(hr, record.opId, archive);
        observeOutcome(observe, subject(op, 'archive'), archived);
        expectAccepted(archived, kind.clause, `the ${kind.what} exists`);
        record.archived = true;

        const again = await hrPut(hr, record.opId, archive);
        observeOutcome(observe, subject(op, 'archive of an archived record'), again);

        const updated = await hrPut(hr, record.opId, { externalId: record.externalId, ...record.keep, ...kind.update(ctx) });
        observeOutcome(observe, subject(op, 'update of an archived record'), updated);
        if (!isAccepted(updated)) return;
        // The update may have brought it back (not said): archive it again, and leave the clean-up to retry.
        record.archived = false;
        const last = await hrPut(hr, record.opId, archive);
        observeOutcome(observe, subject(op, 'archive after an update of an archived record'), last);
        if (isAccepted(last)) record.archived = true;
      },
    );
  }
});
