/** The key of a failure (src/gate/failure-key.ts): check, operation, status cell and test; nothing else. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeKey, failureKey, keyString, uniqueByKey } from '../../src/gate/failure-key';
import { failure } from './gate-fixtures';

test('two failures differing only in message, clause or replay have one key', () => {
  const a = failure('status', 'rm.candidates.get', '200', 't', 'got 500');
  const b = { ...failure('status', 'rm.candidates.get', '200', 't', 'got 503'), clause: null, replay: 'npx playwright test' };
  assert.equal(keyString(a), keyString(b));
  assert.deepEqual(failureKey(a), { check: 'status', operationId: 'rm.candidates.get', status: '200', test: 't' });
});

test('each part of the key tells failures apart, and no title can forge another key', () => {
  const base = failure('status', 'rm.candidates.get', '200', 't');
  for (const other of [
    failure('schema', 'rm.candidates.get', '200', 't'),
    failure('status', 'rm.candidates.list', '200', 't'),
    failure('status', 'rm.candidates.get', '404', 't'),
    failure('status', 'rm.candidates.get', null, 't'),
    failure('status', null, '200', 't'),
    failure('status', 'rm.candidates.get', '200', 'u'),
  ])
    assert.notEqual(keyString(other), keyString(base), describeKey(other));
  assert.notEqual(keyString(failure('status', null, null, 't')), keyString(failure('status', 'null', 'null', 't')));
  assert.notEqual(keyString(failure('a', 'b', null, '"c')), keyString(failure('a', 'b", "c', null, '')));
});

test('describeKey reads "[check] operation status: test"', () => {
  assert.equal(describeKey(failure('status', 'rm.candidates.get', '200', 'rm > x')), '[status] rm.candidates.get 200: rm > x');
  assert.equal(describeKey(failure('transport', null, null, 'rm > y')), '[transport] (no operation): rm > y');
});

test('uniqueByKey keeps the first of each key, in order', () => {
  const a = failure('status', 'o', '200', 't', 'first');
  const b = failure('schema', 'o', '200', 't');
  const a2 = failure('status', 'o', '200', 't', 'second');
  assert.deepEqual(uniqueByKey([a, b, a2]), [a, b]);
});
