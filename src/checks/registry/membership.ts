/** membership: static list membership moves of 000 §3, and the list and candidate show them. */
import type { Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { about, listed } from '../shown';
import { enforceAnswer, enforceDocumentedStatus, statusOutcome, type Answered } from './status';

const membership = defineCheck({
  name: 'membership',
  summary: 'static list membership: 201 when added, 200 when already a member, 204 when removed, and reads agree',
  cites: [
    'rm.state.list-add',
    'rm.state.list-readd',
    'rm.state.list-remove',
    'rm.list.fields',
    'rm.op.list-candidates.add',
    'rm.op.list-candidates.remove',
  ],
});
export default membership;

type Clause = CitedBy<typeof membership>;

/** A move of 000 §3: PUT of a non-member (add), PUT of a member (re-add), DELETE of a member (remove). */
export type Move = 'add' | 're-add' | 'remove';

/** The status 000 §3 gives each move: 201 added, 200 already a member, 204 removed. */
export const MOVE_STATUS: Readonly<Record<Move, number>> = { add: 201, 're-add': 200, remove: 204 };

/** The predicate: the answer to a membership move carries the status of that move. */
export function moveOutcome(exchange: Answered, move: Move): Outcome {
  return statusOutcome(exchange, MOVE_STATUS[move], `a ${move} of a list membership`);
}

/** A membership move: no 5xx, then its documented status (the row's clause). */
export function expectMove(exchange: Exchange, move: Move): void {
  enforceDocumentedStatus(membership, exchange, [String(MOVE_STATUS[move])], undefined, (e) => moveOutcome(e, move));
}

/** The predicate: a DELETE of a candidate that is not a member answers 204 or 404 (000 §3 shows 204 where both exist; the row lists 404). */
export function nonMemberRemovalOutcome(exchange: Answered, why?: string): Outcome {
  return statusOutcome(exchange, [204, 404], why);
}

export function expectNonMemberRemoval(exchange: Exchange, clause: Clause, why?: string): void {
  enforceAnswer(membership, clause, exchange, [204, 404], (e) => nonMemberRemovalOutcome(e, why));
}

/**
 * The predicate: a read of the candidate (`lists`: the lists it shows, through include=lists) shows
 * list `listId` exactly when the candidate is a member (`member`); `when` says after which move.
 */
export function shownMembershipOutcome(lists: readonly string[], listId: string, member: boolean, when: string): Outcome {
  const shown = lists.includes(listId);
  if (shown === member) return CONFORMS;
  return nonConforming(`${when}: the candidate ${member ? 'does not show' : 'still shows'} list ${listId} (shows ${listed(lists)})`);
}

/** A read shows the membership: about the move that made it (when there is one), then the read. */
export function expectShownMembership(
  move: Exchange | null,
  read: Exchange,
  lists: readonly string[],
  listId: string,
  member: boolean,
  clause: Clause,
  when: string,
): void {
  enforce(membership, clause, about(move, [read]), shownMembershipOutcome(lists, listId, member, when));
}

/** The predicate: the list's count attribute (000 §2 List: "number of candidates in the list") is `expected`; `when` says after what. */
export function listCountOutcome(listId: string, count: number | null, expected: number, when: string): Outcome {
  return count === expected ? CONFORMS : nonConforming(`list ${listId} count is ${String(count)} ${when}, expected ${expected}`);
}

/** The count follows the members: about the move (when there is one), then the read of the list. */
export function expectListCount(
  move: Exchange | null,
  read: Exchange | null,
  listId: string,
  count: number | null,
  expected: number,
  when: string,
): void {
  enforce(membership, 'rm.list.fields', about(move, [read]), listCountOutcome(listId, count, expected, when));
}
