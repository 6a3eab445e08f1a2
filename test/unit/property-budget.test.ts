/** A property runs the cases asked near by; against a far target as many as fit its time budget, never below its floor. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { casesFor, PROPERTY_BUDGET_MS } from '../../specs/kit/property';

test('near by (or unmeasured), every case asked runs', () => {
  assert.equal(casesFor(25, 1, 4, -1).runs, 25);
  assert.equal(casesFor(25, 1, 4, 3).runs, 25);
});

test('far away, the cases fit the budget at the round trip, within the floor and the number asked', () => {
  const at300 = casesFor(25, 1, 4, 300);
  assert.equal(at300.runs, Math.floor(PROPERTY_BUDGET_MS / 1200));
  assert.match(at300.why, /25 asked, \d+ fit a budget of 15 s at a 300 ms round trip/);
  assert.equal(casesFor(25, 15, 25, 300).runs, 15, 'a model keeps the floor that finds its defect');
  assert.equal(casesFor(5, 15, 25, 300).runs, 5, 'never more than asked');
  assert.equal(casesFor(25, 1, 4, 50).runs, 25, 'at 50 ms every case fits');
});
