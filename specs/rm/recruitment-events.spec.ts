/**
 * Recruitment events (000 §4 Operations: GET /recruitment_events/{upcoming,past,in_progress,archived}
 * and /recruitment_events/{recruitmentEventId}, include call_to_actions, call_to_action.form_fields,
 * call_to_action.form_fields.options). Their fields are not shown (000 §2 Gaps): status, shape and
 * include only. An unknown id (404) is in catalogue-rules.spec.ts.
 */
import { declares, test, expectDisjoint, expectDocumented, type ApiClient, type Selection } from '../kit';
import {
  dataOf,
  expectIncluded,
  expectRecordWithEachInclude,
  discoverRecruitmentEvent,
  EVENT_BUCKETS,
  observeIncluded,
  type Resource,
} from '../kit/rm';
import { operation } from '../../contract/catalogue';

test.describe('recruitment events', () => {
  for (const { id, bucket } of EVENT_BUCKETS) {
    const op = operation(id);
    test(
      `GET /recruitment_events/${bucket} answers 200, with each include value @smoke`,
      declares(`${op.id} 200`),
      async ({ rm, observe }) => {
        for (const include of [undefined, ...op.include]) {
          const ex = await rm.call(op.id, { query: { include } });
          expectDocumented(ex, op, '200');
          if (include)
            observeIncluded(
              observe,
              `GET /recruitment_events/${bucket}`,
              include,
              expectIncluded(ex, include, {}, 'rm.include.recruitment-events'),
            );
        }
      },
    );
  }

  test(
    'the time buckets upcoming, past and in_progress share no recruitment event',
    declares(
      'rm.recruitment-events.archived 200',
      'rm.recruitment-events.in-progress 200',
      'rm.recruitment-events.past 200',
      'rm.recruitment-events.upcoming 200',
    ),
    async ({ rm, observe }) => {
      // 000 §1: "recruitment events (upcoming, past, in progress, archived)": an event that has not started, one that has
      // ended and one under way are three different times; an event is in one of them at once. (Archived is a state,
      // not a time: whether an archived event is also listed by its time is not said, observed.)
      const readAll = async (): Promise<Selection<Resource>[]> => Promise.all(EVENT_BUCKETS.map((b) => bucketRead(rm, b.id, b.bucket)));
      let read = await readAll();
      const shared = (a: Selection<Resource>, b: Selection<Resource>): string[] => {
        const ids = new Set(b.pages.flatMap((p) => p.records.map((r) => r.id)));
        return a.pages.flatMap((p) => p.records.map((r) => r.id)).filter((id) => ids.has(id));
      };
      const pairs: [number, number][] = [
        [0, 1],
        [0, 2],
        [1, 2],
      ];
      // An event may change bucket while they are read (its start or end passes): read once more before judging.
      if (pairs.some(([i, j]) => shared(read[i] as Selection<Resource>, read[j] as Selection<Resource>).length > 0)) read = await readAll();
      for (const [i, j] of pairs) {
        const a = read[i] as Selection<Resource>;
        const b = read[j] as Selection<Resource>;
        expectDisjoint(
          a,
          b,
          a.pages.flatMap((p) => p.records.map((r) => r.id)),
          'rm.live-jobs',
        );
      }
      const archived = read[3] as Selection<Resource>;
      const alsoTimed = read.slice(0, 3).flatMap((s) => shared(archived, s));
      observe('other', 'recruitment events: archived ones also in a time bucket', alsoTimed.length ? `${alsoTimed.length}` : 'none');
      const total = read.slice(0, 3).reduce((n, s) => n + s.pages.flatMap((p) => p.records).length, 0);
      if (total === 0) observe('other', 'recruitment events: the time buckets', 'all three empty: no event to tell apart');
    },
  );

  test(
    'GET /recruitment_events/{recruitmentEventId} answers 200 with the event, with each include value',
    declares('rm.recruitment-events.get 200', 'rm.recruitment-events.upcoming 200'),
    async ({ rm, target, observe }) => {
      const op = operation('rm.recruitment-events.get');
      const recruitmentEventId = await discoverRecruitmentEvent(rm, target);
      test.skip(recruitmentEventId === null, 'no recruitment event in any time bucket: set RM_RECRUITMENT_EVENT_ID');
      if (recruitmentEventId === null) return;
      const event = { params: { recruitmentEventId }, id: recruitmentEventId, clause: 'rm.op.recruitment-events.get' } as const;
      await expectRecordWithEachInclude(rm, op, event, {}, 'rm.include.recruitment-events', observe);
    },
  );
});

/** One read of a bucket (a documented 200), as a selection. */
async function bucketRead(rm: ApiClient, opId: string, bucket: string): Promise<Selection<Resource>> {
  const op = rm.operation(opId);
  const exchange = await rm.call(op.id);
  expectDocumented(exchange, op, '200');
  return { query: `GET /recruitment_events/${bucket}`, pages: [{ exchange, records: dataOf(exchange) }] };
}
