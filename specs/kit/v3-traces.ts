/**
 * A refused v3 write leaves nothing behind, shown by a later write (001 has no read operation; D69).
 * Judged where the record a refused write left would itself break a sentence: a create without a
 * field a create requires (001 §2 "name ... required on create", 001 §4 "create: the service, owner,
 * accessLevel, title required"), an activity breaking a rule of the 001 §7.2 table, a write done
 * without the bearer token 001 §5.1 says the operations need. The later write is an update of the
 * record had the refused write left it, and a create missing a required field had it not: refused
 * when nothing was left, taken when something was. Where no such write exists (an employee needs only
 * its externalId), a bare `{externalId}` of the refused id is compared with the same of a fresh id.
 * An archive (`archive: true`) of a record that does not exist is not ruled (001 §3's condition
 * "record exists" does not hold), nor is a parent that does not exist (a unit naming it): neither shows a trace.
 */
import { expectLeftNothing, expectLeftNothingAlike, type ClauseOf } from '../../src/checks';
import type { Exchange } from '../../src/http/exchange';
import { isRefused, observeOutcome, runTitle } from './v3';
import { putCreate, type LearningContext } from './v3-learning';
import { sendWrite, type PreparedWrite, type PreparedWrites, type WriteContext } from './v3-writes';

export type TraceClause = ClauseOf<'no-trace'>;

/**
 * After `refused` (the refusal of `write`), the write that shows a trace (PreparedWrite.trace) is sent
 * and must not be taken ('no-trace', about the refused write, then the later writes). Nothing is sent
 * when the write was not refused (its own check failed first) or no write shows a trace.
 */
export async function expectRefusedWriteLeftNothing(
  ctx: WriteContext,
  opId: string,
  writes: PreparedWrites,
  write: PreparedWrite,
  refused: Exchange,
  clause: TraceClause,
  why: string,
): Promise<void> {
  const trace = write.trace;
  if (!isRefused(refused) || trace === null) return;
  if (trace.kind === 'update') {
    const probe = await sendWrite(ctx, opId, write, { body: trace.body });
    observeOutcome(ctx.observe, writes.subject('written again after a refused write'), probe);
    expectLeftNothing(refused, probe, clause, `${JSON.stringify(trace.body)} as an update of a record the refused write left (${why})`);
    return;
  }
  const fresh = writes.next();
  const control = await sendWrite(ctx, opId, fresh, { body: { externalId: fresh.body?.externalId } });
  observeOutcome(ctx.observe, writes.subject('externalId alone, a fresh id'), control);
  const probe = await sendWrite(ctx, opId, write, { body: { externalId: trace.externalId } });
  observeOutcome(ctx.observe, writes.subject('externalId alone, the id of a refused write'), probe);
  expectLeftNothingAlike(refused, control, probe, clause, `{"externalId": ${JSON.stringify(trace.externalId)}} alone (${why})`);
}

/**
 * After `refused`, the refusal of a create of activity `externalId`: a title alone is sent to it, an
 * update of an activity the refused create left, a create without the provider, owner and accessLevel
 * it requires otherwise (001 §4), so it must not be taken ('no-trace').
 */
export async function expectActivityLeftNothing(
  ctx: LearningContext,
  externalId: string,
  refused: Exchange,
  clause: TraceClause,
  why: string,
): Promise<void> {
  if (!isRefused(refused)) return;
  const body = { title: runTitle(ctx.target, 'activity written again after a refused create') };
  const probe = await putCreate(ctx, externalId, body, 'private');
  observeOutcome(ctx.observe, 'PUT activity with a title alone, to the id of a refused create', probe);
  expectLeftNothing(refused, probe, clause, `a title alone as an update of an activity the refused create left (${why})`);
}
