/** schema, D86: a DateTime's utc and epoch name one instant (whole seconds cut or rounded, or milliseconds), one reading per answer. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { epochOutcome, epochPairs, expectEpochsAgree } from '../../src/checks/registry/schema';
import { conforms, exchange, fails, verdictOf } from './checks-kit';

const at = (utc: string, epoch: unknown) => ({
  utc,
  epoch,
  ago: 'just now',
  local: '2025-03-01T05:00:00.600-05:00',
  local_epoch: 1740805200,
});
const body = (...stamps: unknown[]) => ({
  data: stamps.map((s, i) => ({ id: String(i), type: 'candidates', attributes: { created_at: s } })),
});

test('epochPairs: every DateTime that shows a utc with an offset and an integer epoch, anywhere in the body', () => {
  const pairs = epochPairs(body(at('2025-03-01T10:00:00.600Z', 1740823200), at('2025-03-01 10:00', 1), { utc: null, epoch: 5 }));
  assert.deepEqual(pairs, [{ at: 1740823200600, unit: 1, epoch: 1740823200 }]);
  assert.deepEqual(epochPairs({ data: [] }), []);
});

test('epochOutcome: seconds cut or rounded, or milliseconds, conform; a wall clock read as UTC does not; nothing to judge gives null', () => {
  const ex = exchange();
  const judged = (v: unknown) => {
    const o = epochOutcome(ex, v);
    assert.ok(o, 'a judgement');
    return o;
  };
  conforms(judged(body(at('2025-03-01T10:00:00.600Z', 1740823200))).outcome);
  assert.deepEqual(judged(body(at('2025-03-01T10:00:00.600Z', 1740823201))).judgement.held, ['seconds-rounded']);
  assert.deepEqual(judged(body(at('2025-03-01T10:00:00.600Z', 1740823200600))).judgement.held, ['milliseconds']);
  // Whole seconds shown: the stored instant may lie anywhere in that second (D75).
  conforms(judged(body(at('2025-03-01T10:00:00Z', 1740823200))).outcome);
  fails(judged(body(at('2025-03-01T10:00:00.600Z', 1740823200 - 5 * 3600))).outcome, 'beside epoch 1740805200');
  // One reading for the whole answer: cut in one DateTime and rounded up in another is none.
  fails(judged(body(at('2025-03-01T10:00:00.600Z', 1740823200), at('2025-03-01T10:00:01.700Z', 1740823202))).outcome, 'none of the lawful');
  assert.equal(epochOutcome(ex, body({ utc: '2025-03-01T10:00:00Z' })), null);
});

test('expectEpochsAgree: about the answer, citing the epoch row', () => {
  const ex = exchange({ body: body(at('2025-03-01T10:00:00.600Z', 1740805200)) });
  verdictOf(() => expectEpochsAgree(ex, JSON.parse(ex.response?.text ?? 'null')), {
    check: 'schema',
    clause: 'rm.datetime.epoch',
    verdict: 'failed',
    about: ex,
  });
  const fine = exchange({ body: body(at('2025-03-01T10:00:00.600Z', 1740823200)) });
  verdictOf(() => expectEpochsAgree(fine, JSON.parse(fine.response?.text ?? 'null')), {
    check: 'schema',
    clause: 'rm.datetime.epoch',
    verdict: 'passed',
    about: fine,
  });
});
