/** membership: the status of each move of 000 §3, and reads that agree, judged about the move first. */
import { test } from 'node:test';
import {
  expectListCount,
  expectMove,
  expectNonMemberRemoval,
  expectShownMembership,
  listCountOutcome,
  moveOutcome,
  nonMemberRemovalOutcome,
  shownMembershipOutcome,
} from '../../src/checks/registry/membership';
import { answered, conforms, exchange, fails, verdictOf } from './checks-kit';

const put = (status: number) => answered({ operationId: 'rm.list-candidates.add', method: 'PUT', path: '/lists/L/candidates/C', status });
const del = (status: number) =>
  answered({ operationId: 'rm.list-candidates.remove', method: 'DELETE', path: '/lists/L/candidates/C', status });

test('moveOutcome: 201 added, 200 already a member, 204 removed', () => {
  conforms(moveOutcome(put(201), 'add'));
  conforms(moveOutcome(put(200), 're-add'));
  conforms(moveOutcome(del(204), 'remove'));
  fails(moveOutcome(put(200), 'add'), 'expected 201');
  fails(moveOutcome(put(201), 're-add'), 'expected 200');
});

test('expectMove: the documented status of the move, citing its row, speaking for its cell', () => {
  const readd = put(201);
  verdictOf(() => expectMove(readd, 're-add'), {
    check: 'membership',
    clause: 'rm.state.list-readd',
    verdict: 'failed',
    about: readd,
    cells: ['200'],
    judgesStatus: true,
  });
  const removed = del(204);
  verdictOf(() => expectMove(removed, 'remove'), {
    check: 'membership',
    clause: 'rm.state.list-remove',
    verdict: 'passed',
    about: removed,
    cells: ['204'],
    judgesStatus: true,
  });
});

test('nonMemberRemovalOutcome / expectNonMemberRemoval: 204 or 404', () => {
  conforms(nonMemberRemovalOutcome(del(404)));
  fails(nonMemberRemovalOutcome(del(200)), 'expected 204 or 404');
  const ex = del(200);
  verdictOf(() => expectNonMemberRemoval(ex, 'rm.op.list-candidates.remove'), {
    check: 'membership',
    clause: 'rm.op.list-candidates.remove',
    verdict: 'failed',
    about: ex,
    cells: ['204', '404'],
  });
});

test('shownMembershipOutcome / expectShownMembership: a read shows the list exactly when a member; about the move, then the read', () => {
  conforms(shownMembershipOutcome(['L'], 'L', true, 'after PUT'));
  conforms(shownMembershipOutcome([], 'L', false, 'after DELETE'));
  fails(shownMembershipOutcome([], 'L', true, 'after PUT'), 'after PUT', 'does not show list L');
  fails(shownMembershipOutcome(['L'], 'L', false, 'after DELETE'), 'still shows list L');
  const move = del(204);
  const read = exchange({ operationId: 'rm.candidates.get', path: '/candidates/C?include=lists' });
  verdictOf(() => expectShownMembership(move, read, ['L'], 'L', false, 'rm.state.list-remove', 'after DELETE'), {
    check: 'membership',
    clause: 'rm.state.list-remove',
    verdict: 'failed',
    about: move,
    also: [read],
    cells: ['204'],
  });
  verdictOf(() => expectShownMembership(null, read, [], 'L', false, 'rm.state.list-add', 'a new candidate'), {
    check: 'membership',
    clause: 'rm.state.list-add',
    verdict: 'passed',
    about: read,
  });
});

test('listCountOutcome / expectListCount: the count follows the members', () => {
  conforms(listCountOutcome('L', 3, 3, 'after PUT'));
  fails(listCountOutcome('L', null, 3, 'after PUT'), 'list L count is null after PUT, expected 3');
  const move = put(201);
  const read = exchange({ operationId: 'rm.lists.list', path: '/lists' });
  verdictOf(() => expectListCount(move, read, 'L', 2, 3, 'after PUT'), {
    check: 'membership',
    clause: 'rm.list.fields',
    verdict: 'failed',
    about: move,
    also: [read],
  });
});
