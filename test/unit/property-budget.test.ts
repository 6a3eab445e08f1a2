/** A property runs the cases asked near by; against a far target as many as fit its time budget, never below its floor. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { casesFor, laneName, lanesFor, MAX_LANES, perLane, PROPERTY_BUDGET_MS } from '../../specs/kit/property';

test('near by (or unmeasured), every case asked runs', () => {
  assert.equal(casesFor(25, 1, 4, -1).runs, 25);
  assert.equal(casesFor(25, 1, 4, 3).runs, 25);
});

test('far away, the cases fit the budget at the round trip, within the floor and the number asked', () => {
  const at300 = casesFor(25, 1, 4, 300);
  assert.equal(at300.runs, Math.floor(PROPERTY_BUDGET_MS / 1200));
  assert.match(at300.why, /25 asked, \d+ fit a budget of 8 s at a 300 ms round trip/);
  assert.equal(casesFor(25, 15, 25, 300).runs, 15, 'a model keeps the floor that finds its defect');
  assert.equal(casesFor(5, 15, 25, 300).runs, 5, 'never more than asked');
  assert.equal(casesFor(25, 1, 4, 50).runs, 25, 'at 50 ms every case fits');
});

test('far away, a property runs in lanes: as many as the worker may have in flight, at most MAX_LANES; one near by', () => {
  assert.equal(lanesFor(-1, 48), 1);
  assert.equal(lanesFor(5, 48), 1);
  assert.equal(lanesFor(300, 3), 3);
  assert.equal(lanesFor(300, 2), 2);
  assert.equal(lanesFor(300, 0.25), 1, 'a worker with a quarter of a request in flight runs one lane');
  assert.equal(lanesFor(50, 100), MAX_LANES);
  const inLanes = casesFor(25, 1, 4, 300, 3);
  assert.equal(inLanes.runs, Math.min(25, 3 * Math.floor(PROPERTY_BUDGET_MS / 1200)));
  assert.match(inLanes.why, /in 3 lanes at once/);
  assert.equal(laneName('POST /candidates valid bodies', 2, 3), 'POST /candidates valid bodies, lane 2 of 3');
});

test('perLane makes one record per lane, once, and lane 0 may be given', async () => {
  let made = 0;
  const of = perLane(async () => `made-${++made}`, 'first');
  assert.equal(await of(0), 'first');
  const [a, b] = await Promise.all([of(1), of(1)]);
  assert.equal(a, 'made-1');
  assert.equal(b, 'made-1', 'two cases of one lane share its record');
  assert.equal(await of(2), 'made-2');
  assert.equal(made, 2);
});
