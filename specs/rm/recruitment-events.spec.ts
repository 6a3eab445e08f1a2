/**
 * Recruitment events (000 §4 Operations: GET /recruitment_events/{upcoming,past,in_progress,archived}
 * and /recruitment_events/{recruitmentEventId}, include call_to_actions, call_to_action.form_fields,
 * call_to_action.form_fields.options). Their fields are not shown (000 §2 Gaps): status, shape and
 * include only. An unknown id (404) is in catalogue-rules.spec.ts.
 */
import { test, expectDocumented, expectIncluded, expectRecordWithEachInclude, discoverRecruitmentEvent, EVENT_BUCKETS } from '../kit';
import { operation } from '../../src/catalogue';

test.describe('recruitment events', () => {
  for (const { id, bucket } of EVENT_BUCKETS) {
    const op = operation(id);
    test(`GET /recruitment_events/${bucket} answers 200, with each include value @smoke`, async ({ rm, covers }) => {
      covers(op.id, '200');
      for (const include of [undefined, ...op.include]) {
        const ex = await rm.call(op.id, { query: { include } });
        expectDocumented(ex, op, '200');
        if (include) expectIncluded(ex, include, {}, 'rm.include.recruitment-events');
      }
    });
  }

  test('GET /recruitment_events/{recruitmentEventId} answers 200 with the event, with each include value', async ({
    rm,
    target,
    covers,
  }) => {
    const op = covers('rm.recruitment-events.get', '200');
    const recruitmentEventId = await discoverRecruitmentEvent(rm, target);
    test.skip(recruitmentEventId === null, 'no recruitment event in any time bucket: set RM_RECRUITMENT_EVENT_ID');
    if (recruitmentEventId === null) return;
    const event = { params: { recruitmentEventId }, id: recruitmentEventId, clause: 'rm.op.recruitment-events.get' } as const;
    await expectRecordWithEachInclude(rm, op, event, {}, 'rm.include.recruitment-events');
  });
});
