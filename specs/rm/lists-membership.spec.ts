/**
 * Static lists (000 §2 List, §3 list membership moves, §4 GET /lists, PUT/DELETE
 * /lists/{listId}/candidates/{candidateId}), as a state machine: not a member -PUT-> member (201),
 * member -PUT-> member (200), member -DELETE-> not a member (204), seen through include=lists on
 * the candidate and the list's count. 404 for an unknown list or candidate: catalogue-rules.spec.ts.
 */
import fc from 'fast-check';
import { test } from '../fixtures';
import { operation } from '../../src/catalogue';
import { expectDocumented, expectStatus, expectThat } from '../../src/checks';
import type { ApiClient } from '../../src/http/client';
import { bodyShape } from '../../src/reporting/observations';
import { duplicatesIn, relationshipRefs, short } from '../support/rm-doc';
import { CANDIDATE_INCLUDES, expectIncluded } from '../support/rm-include';
import { modelCommands } from '../support/property';
import { checkRmProperty, modelRuns } from '../support/rm-property';
import { resolveListId } from '../support/rm-discovery';
import { eventually } from '../support/rm-eventually';
import { createCandidateRecord, getCandidate, listCount, removeFromListLater } from '../support/rm-records';
import { walkNumeric } from '../support/rm-walk';

const CANDIDATES_PER_RUN = 2;

/**
 * Whether GET /candidates/{id}?include=lists shows the candidate in the list: the candidate's `lists`
 * relationship (000 §2: "lists | static_lists") names it, or, where the candidate does not carry that
 * relationship, the answer embeds the list (000 §4: include=lists).
 */
async function memberOf(rm: ApiClient, candidateId: string, listId: string): Promise<boolean> {
  const { exchange, resource } = await getCandidate(rm, candidateId, 'lists');
  const result = expectIncluded(exchange, 'lists', CANDIDATE_INCLUDES, 'rm.include.candidates');
  const refs = relationshipRefs(resource, 'lists');
  if (refs !== undefined) return refs.some((r) => r.id === listId);
  return result.embedded.some((r) => r.id === listId);
}

/** The model of a run: which of our candidates are members of the list. */
interface Model {
  members: boolean[];
}

interface Real {
  rm: ApiClient;
  listId: string;
  candidates: readonly string[];
}

/** PUT membership: 201 when not yet a member, 200 when already one (000 §3); the candidate is a member afterwards. */
class Add implements fc.AsyncCommand<Model, Real> {
  constructor(readonly n: number) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const op = operation('rm.list-candidates.add');
    const candidateId = r.candidates[this.n] ?? '';
    const ex = await r.rm.call(op.id, { params: { listId: r.listId, candidateId } });
    expectDocumented(ex, op, m.members[this.n] ? '200' : '201', { statusCheck: 'membership', schema: false });
    m.members[this.n] = true;
    expectThat(
      await memberOf(r.rm, candidateId, r.listId),
      'membership',
      `after ${this.toString()}, candidate ${candidateId} does not show list ${r.listId} (include=lists)`,
      'rm.state.list-add',
    );
  }
  toString(): string {
    return `PUT candidate#${this.n}`;
  }
}

/** DELETE membership of a member: 204 (000 §3); the candidate is no longer a member. */
class Remove implements fc.AsyncCommand<Model, Real> {
  constructor(readonly n: number) {}
  check(m: Readonly<Model>): boolean {
    // 000 §3 shows DELETE for members only; removing a non-member is not a documented move.
    return m.members[this.n] === true;
  }
  async run(m: Model, r: Real): Promise<void> {
    const op = operation('rm.list-candidates.remove');
    const candidateId = r.candidates[this.n] ?? '';
    const ex = await r.rm.call(op.id, { params: { listId: r.listId, candidateId } });
    expectDocumented(ex, op, '204', { statusCheck: 'membership', schema: false });
    m.members[this.n] = false;
    expectThat(
      !(await memberOf(r.rm, candidateId, r.listId)),
      'membership',
      `after ${this.toString()}, candidate ${candidateId} still shows list ${r.listId} (include=lists)`,
      'rm.state.list-remove',
    );
  }
  toString(): string {
    return `DELETE candidate#${this.n}`;
  }
}

test.describe('static lists', () => {
  // The tests below count the same list: they run one after the other.
  test.describe.configure({ mode: 'default' });

  test('GET /lists answers 200 with static lists; per_page is honoured and pages do not overlap @smoke', async ({ rm, covers }) => {
    const op = covers('rm.lists.list', '200');
    const walk = await walkNumeric(rm, op, {}, 1, 3);
    walk.pages.forEach((page, n) => {
      expectThat(
        page.length <= 1,
        'pagination',
        `GET /lists page ${n + 1} with per_page=1 holds ${page.length} lists`,
        'rm.query.per_page',
      );
    });
    const dup = duplicatesIn(walk.ids);
    expectThat(dup.length === 0, 'pagination', `GET /lists pages overlap: ${short(dup)}`, 'rm.query.page');
  });

  test('PUT /lists/{listId}/candidates/{candidateId} answers 201 then 200; DELETE answers 204; include=lists and the list count follow', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    const add = covers('rm.list-candidates.add', '201', '200');
    const remove = covers('rm.list-candidates.remove', '204');
    covers('rm.lists.list', '200');
    covers('rm.candidates.get', '200');
    const listId = await resolveListId(rm, target);
    test.skip(listId === null, 'the target has no static list (GET /lists is empty and RM_LIST_ID is unset)');
    if (listId === null) return;
    const { id: candidateId } = await createCandidateRecord(rm, target, cleanup, 'member');
    const params = { listId, candidateId };
    removeFromListLater(rm, cleanup, listId, candidateId);

    // The count moves by exactly one (000 §2 List: "count (integer, number of candidates in the list)"); on a remote
    // target others may change it too, and it may follow late: read again a few times before failing.
    const expectCount = async (expected: number | null, when: string): Promise<void> => {
      if (expected === null) return;
      let count: number | null = null;
      await eventually(
        async () => {
          count = await listCount(rm, listId);
          return count === expected || target.embedded;
        },
        3,
        500,
      );
      expectThat(
        count === expected,
        'membership',
        `list ${listId} count is ${String(count)} ${when}, expected ${expected}`,
        'rm.list.fields',
      );
    };
    const before = await listCount(rm, listId);
    if (before === null)
      observe('other', `GET /lists count of list ${listId}`, 'the list is not on the first pages of GET /lists: counts not checked');
    expectThat(
      !(await memberOf(rm, candidateId, listId)),
      'membership',
      `a new candidate ${candidateId} already shows list ${listId} (include=lists)`,
      'rm.state.list-add',
    );

    const first = await rm.call(add.id, { params });
    expectDocumented(first, add, '201', { statusCheck: 'membership', schema: false });
    expectThat(
      await memberOf(rm, candidateId, listId),
      'membership',
      `after PUT (201), GET /candidates/${candidateId}?include=lists does not show list ${listId}`,
      'rm.state.list-add',
    );
    await expectCount(before === null ? null : before + 1, 'after the candidate was added');

    const second = await rm.call(add.id, { params });
    expectDocumented(second, add, '200', { statusCheck: 'membership', schema: false });
    expectThat(
      await memberOf(rm, candidateId, listId),
      'membership',
      `after a second PUT (200), candidate ${candidateId} no longer shows list ${listId}`,
      'rm.state.list-readd',
    );
    await expectCount(before === null ? null : before + 1, 'after the same candidate was added again (member unchanged)');

    const del = await rm.call(remove.id, { params });
    expectDocumented(del, remove, '204', { statusCheck: 'membership', schema: false });
    expectThat(
      !(await memberOf(rm, candidateId, listId)),
      'membership',
      `after DELETE (204), GET /candidates/${candidateId}?include=lists still shows list ${listId}`,
      'rm.state.list-remove',
    );
    await expectCount(before, 'after the candidate was removed');

    // Removing a candidate that is not a member: 000 §3 shows 204 when "candidate and list exist", and the row
    // lists 404: either is lawful; which one is observed.
    const again = await rm.call(remove.id, { params });
    expectStatus(again, [204, 404], { check: 'membership', clause: 'rm.op.list-candidates.remove', why: 'the candidate is not a member' });
    observe(
      'status',
      'DELETE /lists/{listId}/candidates/{candidateId} for a candidate that is not a member',
      `${String(again.response?.status)} ${bodyShape(again.response?.text ?? '')}`,
    );
  });

  test('list membership follows its model over random sequences of PUT and DELETE @stateful @property', async ({
    rm,
    target,
    covers,
    cleanup,
    observe,
  }) => {
    covers('rm.list-candidates.add', '201', '200');
    covers('rm.list-candidates.remove', '204');
    const listId = await resolveListId(rm, target);
    test.skip(listId === null, 'the target has no static list (GET /lists is empty and RM_LIST_ID is unset)');
    if (listId === null) return;
    // Each run starts from fresh candidates, so no run inherits another's state and a shrunk case
    // replays exactly (CONFORMANCE_REPLAY_PATH).
    const freshCandidates = async (): Promise<string[]> => {
      const ids: string[] = [];
      for (let n = 0; n < CANDIDATES_PER_RUN; n += 1) {
        const { id } = await createCandidateRecord(rm, target, cleanup, `model${n}`);
        ids.push(id);
        removeFromListLater(rm, cleanup, listId, id);
      }
      return ids;
    };
    const index = fc.integer({ min: 0, max: CANDIDATES_PER_RUN - 1 });
    await checkRmProperty(observe, {
      name: 'RM static list membership model',
      target,
      // At least MODEL_MIN_RUNS cases of up to 10 commands on any target (a remote one defaults to 5 cases per
      // property): sequences like PUT, DELETE, PUT of one candidate need a few tries to come up.
      numRuns: modelRuns(target.run.numRuns),
      arbitrary: modelCommands<Model, Real>([index.map((n) => new Add(n)), index.map((n) => new Remove(n))], 10),
      predicate: async (commands) => {
        const candidates = await freshCandidates();
        const before = await listCount(rm, listId);
        const model: Model = { members: candidates.map(() => false) };
        await fc.asyncModelRun(() => ({ model, real: { rm, listId, candidates } }), commands);
        if (before === null || !target.embedded) return;
        // The count follows the members (000 §2 List count); on the embedded server no one else changes this list meanwhile.
        const expected = before + model.members.filter(Boolean).length;
        const after = await listCount(rm, listId);
        expectThat(
          after === expected,
          'membership',
          `list ${listId} count is ${String(after)} after ${[...commands].map(String).join(', ')}, expected ${expected}`,
          'rm.list.fields',
        );
      },
    });
  });
});
