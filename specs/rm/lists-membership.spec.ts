/**
 * Static lists (000 §2 List, §3 list membership moves, §4 GET /lists, PUT/DELETE
 * /lists/{listId}/candidates/{candidateId}), as a state machine: not a member -PUT-> member (201),
 * member -PUT-> member (200), member -DELETE-> not a member (204), seen through include=lists on
 * the candidate and the list's count. 404 for an unknown list or candidate: catalogue-rules.spec.ts.
 */
import {
  declares,
  test,
  expectListCount,
  expectMove,
  expectNonMemberRemoval,
  expectPagesDisjoint,
  expectPagesWithin,
  expectShownMembership,
  type Exchange,
  type ApiClient,
  bodyShape,
  modelCommands,
  propertiesAtOnce,
  laneName,
} from '../kit';
import {
  relationshipRefs,
  CANDIDATE_INCLUDES,
  expectIncluded,
  checkRmProperty,
  MODEL_MIN_RUNS,
  modelRuns,
  resolveListId,
  caughtUp,
  CATCH_UP_MS,
  waited,
  createCandidateRecord,
  getCandidate,
  listCount,
  removeFromListLater,
  walkNumeric,
  allLists,
} from '../kit/rm';
import fc from 'fast-check';
import { operation } from '../../contract/catalogue';

const CANDIDATES_PER_RUN = 2;
/** Properties the membership model's cases run in at once (MODEL_MIN_RUNS over all of them). */
const MODEL_LANES = 3;

/**
 * The lists GET /candidates/{id}?include=lists shows the candidate in: those its `lists` relationship
 * (000 §2: "lists | static_lists") names, or, where the candidate does not carry that relationship,
 * those the answer embeds (000 §4: include=lists); with the read. Given what a move should show
 * (each `listId` a member or not), the read is repeated, bounded, while it does not show it (D78, D88: the
 * relationship may follow the move a little later); the last read is returned for the check.
 */
async function listsOf(
  rm: ApiClient,
  candidateId: string,
  expect: readonly { listId: string; member: boolean }[] = [],
): Promise<{ read: Exchange; lists: string[] }> {
  const once = async (): Promise<{ read: Exchange; lists: string[] }> => {
    const { exchange, resource } = await getCandidate(rm, candidateId, 'lists');
    const result = expectIncluded(exchange, 'lists', CANDIDATE_INCLUDES, 'rm.include.candidates');
    const refs = relationshipRefs(resource, 'lists');
    return { read: exchange, lists: (refs ?? result.embedded).map((r) => r.id) };
  };
  let shown = await once();
  const shows = (): boolean => expect.every((e) => shown.lists.includes(e.listId) === e.member);
  if (!shows())
    await caughtUp(
      async () => {
        shown = await once();
        return shows();
      },
      CATCH_UP_MS,
      MEMBERSHIP_POLL_MS,
    );
  return shown;
}

/** How often a membership read is repeated while it catches up (a cheap read; D78 bounds the wait). */
const MEMBERSHIP_POLL_MS = 150;

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
    expectMove(ex, m.members[this.n] ? 're-add' : 'add');
    m.members[this.n] = true;
    const { read, lists } = await listsOf(r.rm, candidateId, [{ listId: r.listId, member: true }]);
    expectShownMembership(ex, read, lists, r.listId, true, 'rm.state.list-add', `after ${this.toString()} (candidate ${candidateId})`);
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
    expectMove(ex, 'remove');
    m.members[this.n] = false;
    const { read, lists } = await listsOf(r.rm, candidateId, [{ listId: r.listId, member: false }]);
    expectShownMembership(ex, read, lists, r.listId, false, 'rm.state.list-remove', `after ${this.toString()} (candidate ${candidateId})`);
  }
  toString(): string {
    return `DELETE candidate#${this.n}`;
  }
}

/** What a test of membership changes declares: the PUT and DELETE cells, and the reads that show them. */
const MEMBERSHIP_CELLS = [
  'rm.candidates.get 200',
  'rm.list-candidates.add 200',
  'rm.list-candidates.add 201',
  'rm.list-candidates.remove 204',
  'rm.lists.list 200',
  'rm.candidates.create',
];

test.describe('static lists', () => {
  // The tests below count the same list: they run one after the other.
  test.describe.configure({ mode: 'default' });

  test(
    'GET /lists answers 200 with static lists; per_page is honoured and pages do not overlap @smoke',
    declares('rm.lists.list 200'),
    async ({ rm }) => {
      const op = operation('rm.lists.list');
      const walk = await walkNumeric(rm, op, {}, 1, 3);
      expectPagesWithin(walk.shown, 1);
      expectPagesDisjoint(walk.shown, 'GET /lists walked with per_page=1');
    },
  );

  test(
    'PUT /lists/{listId}/candidates/{candidateId} answers 201 then 200; DELETE answers 204; include=lists and the list count follow',
    declares(...MEMBERSHIP_CELLS),
    async ({ rm, target, cleanup, observe }) => {
      const add = operation('rm.list-candidates.add');
      const remove = operation('rm.list-candidates.remove');
      const listId = await resolveListId(rm, target);
      test.skip(listId === null, 'the target has no static list (GET /lists is empty and RM_LIST_ID is unset)');
      if (listId === null) return;
      const { id: candidateId } = await createCandidateRecord(rm, target, cleanup, 'member');
      const params = { listId, candidateId };
      removeFromListLater(rm, cleanup, listId, candidateId);

      // The count moves by exactly one (000 §2 List: "count (integer, number of candidates in the list)"); on a remote
      // target others may change it too, and it may follow late: read again a few times before failing.
      const expectCount = async (move: Exchange, expected: number | null, when: string): Promise<void> => {
        if (expected === null) return;
        let shown: Awaited<ReturnType<typeof listCount>> = { count: null, read: null };
        // A count may catch up late (D78): read again, bounded, only while it does not show what is expected.
        const wait = await caughtUp(async () => {
          shown = await listCount(rm, listId);
          return shown.count === expected;
        });
        expectListCount(move, shown.read, listId, shown.count, expected, wait.ok ? when : `${when} (${waited(wait)})`);
      };
      const before = (await listCount(rm, listId)).count;
      if (before === null)
        observe('other', `GET /lists count of list ${listId}`, 'the list is not on the first pages of GET /lists: counts not checked');
      const fresh = await listsOf(rm, candidateId);
      expectShownMembership(null, fresh.read, fresh.lists, listId, false, 'rm.state.list-add', `a new candidate ${candidateId}`);

      const first = await rm.call(add.id, { params });
      expectMove(first, 'add');
      const added = await listsOf(rm, candidateId, [{ listId, member: true }]);
      expectShownMembership(first, added.read, added.lists, listId, true, 'rm.state.list-add', `after PUT (201), candidate ${candidateId}`);
      await expectCount(first, before === null ? null : before + 1, 'after the candidate was added');

      const second = await rm.call(add.id, { params });
      expectMove(second, 're-add');
      const again2 = await listsOf(rm, candidateId, [{ listId, member: true }]);
      const readded = `after a second PUT (200), candidate ${candidateId}`;
      expectShownMembership(second, again2.read, again2.lists, listId, true, 'rm.state.list-readd', readded);
      await expectCount(second, before === null ? null : before + 1, 'after the same candidate was added again (member unchanged)');

      const del = await rm.call(remove.id, { params });
      expectMove(del, 'remove');
      const removed = await listsOf(rm, candidateId, [{ listId, member: false }]);
      expectShownMembership(
        del,
        removed.read,
        removed.lists,
        listId,
        false,
        'rm.state.list-remove',
        `after DELETE (204), candidate ${candidateId}`,
      );
      await expectCount(del, before, 'after the candidate was removed');

      // Removing a candidate that is not a member: 000 §3 shows 204 when "candidate and list exist", and the row
      // lists 404: either is lawful; which one is observed.
      const again = await rm.call(remove.id, { params });
      expectNonMemberRemoval(again, 'rm.op.list-candidates.remove', 'the candidate is not a member');
      observe(
        'status',
        'DELETE /lists/{listId}/candidates/{candidateId} for a candidate that is not a member',
        `${String(again.response?.status)} ${bodyShape(again.response?.text ?? '')}`,
      );
    },
  );

  test(
    'membership is per list: PUT to a second list answers 201, and DELETE from one list leaves the other @stateful',
    declares(
      'rm.candidates.get 200',
      'rm.list-candidates.add 201',
      'rm.list-candidates.remove 204',
      'rm.lists.list 200',
      'rm.candidates.create',
    ),
    async ({ rm, target, cleanup, observe }) => {
      // 000 §3: PUT of a candidate "not yet in list" answers 201 (the list named, whatever other lists hold it);
      // DELETE makes the candidate "not a member" of the list named, and of no other.
      const add = operation('rm.list-candidates.add');
      const remove = operation('rm.list-candidates.remove');
      const lists = (await allLists(rm, 2)).map((l) => l.id);
      if (lists.length < 2) {
        observe('other', 'membership of two lists', `${lists.length} static lists on the first pages: not checked`);
        test.skip(true, 'the target shows fewer than two static lists');
        return;
      }
      const [a, b] = [lists[0] ?? '', lists[1] ?? ''];
      const { id: candidateId } = await createCandidateRecord(rm, target, cleanup, 'two-lists');
      for (const listId of [a, b]) removeFromListLater(rm, cleanup, listId, candidateId);
      expectMove(await rm.call(add.id, { params: { listId: a, candidateId } }), 'add');
      expectMove(await rm.call(add.id, { params: { listId: b, candidateId } }), 'add');
      const del = await rm.call(remove.id, { params: { listId: a, candidateId } });
      expectMove(del, 'remove');
      const after = await listsOf(rm, candidateId, [
        { listId: a, member: false },
        { listId: b, member: true },
      ]);
      const when = `after DELETE from list ${a}, candidate ${candidateId} (also added to list ${b})`;
      expectShownMembership(del, after.read, after.lists, b, true, 'rm.state.list-remove', when);
      expectShownMembership(del, after.read, after.lists, a, false, 'rm.state.list-remove', when);
    },
  );

  test(
    'list membership follows its model over random sequences of PUT and DELETE @stateful @property',
    declares(...MEMBERSHIP_CELLS),
    async ({ rm, target, cleanup, observe }) => {
      const listId = await resolveListId(rm, target);
      test.skip(listId === null, 'the target has no static list (GET /lists is empty and RM_LIST_ID is unset)');
      if (listId === null) return;
      // Each run starts from fresh candidates, created at once, so no run inherits another's state and a
      // shrunk case replays exactly (CONFORMANCE_REPLAY_PATH).
      const freshCandidates = (): Promise<string[]> =>
        Promise.all(
          Array.from({ length: CANDIDATES_PER_RUN }, async (_, n) => {
            const { id } = await createCandidateRecord(rm, target, cleanup, `model${n}`);
            removeFromListLater(rm, cleanup, listId, id);
            return id;
          }),
        );
      const index = fc.integer({ min: 0, max: CANDIDATES_PER_RUN - 1 });
      const before = await listCount(rm, listId);
      // Members our cases leave in the list (each case's candidates stay until the test's clean-up).
      let leftIn = 0;
      // The cases run in MODEL_LANES properties at once (each its own seed): far away their round trips
      // overlap. Together at least MODEL_MIN_RUNS cases of up to 10 commands on any target (a remote one
      // defaults to 5 cases per property): sequences like PUT, DELETE, PUT of one candidate need a few
      // tries to come up. A far target cuts each lane to its time budget, never below its share of the floor.
      await propertiesAtOnce(
        Array.from({ length: MODEL_LANES }, (_, i) => {
          const name = laneName('RM static list membership model', i + 1, MODEL_LANES);
          return {
            name,
            run: () =>
              checkRmProperty(observe, {
                name,
                alongside: true,
                target,
                numRuns: Math.ceil(modelRuns(target.run.numRuns) / MODEL_LANES),
                floor: Math.ceil(MODEL_MIN_RUNS / MODEL_LANES),
                requestsPerCase: 25,
                arbitrary: modelCommands<Model, Real>([index.map((n) => new Add(n)), index.map((n) => new Remove(n))], 10),
                predicate: async (commands) => {
                  const candidates = await freshCandidates();
                  const model: Model = { members: candidates.map(() => false) };
                  await fc.asyncModelRun(() => ({ model, real: { rm, listId, candidates } }), commands);
                  leftIn += model.members.filter(Boolean).length;
                },
              }),
          };
        }),
      );
      if (before.count === null || !target.embedded) return;
      // The count follows the members (000 §2 List count); on the embedded server no one else changes this list meanwhile.
      // The count may catch up late (D78): read again, bounded, only while it does not show what is expected.
      const expected = before.count + leftIn;
      let after = await listCount(rm, listId);
      const wait =
        after.count === expected
          ? null
          : await caughtUp(async () => {
              after = await listCount(rm, listId);
              return after.count === expected;
            });
      const when = `after ${MODEL_LANES} lanes of the model${wait && !wait.ok ? ` (${waited(wait)})` : ''}`;
      expectListCount(null, after.read, listId, after.count, expected, when);
    },
  );
});
