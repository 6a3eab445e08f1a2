/** A test's clean-up: undos in reverse order; consecutive undos of one kind at once; failures reported, never thrown. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Cleanup } from '../../src/runner/cleanup';

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

test('undos of one kind registered together run at once; another kind between them waits', async () => {
  const cleanup = new Cleanup();
  const log: string[] = [];
  let inFlight = 0;
  let most = 0;
  const undo = (name: string) => async (): Promise<void> => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    log.push(`start ${name}`);
    await tick();
    log.push(`end ${name}`);
    inFlight -= 1;
  };
  cleanup.add('parent unit', undo('parent'), 'level1');
  cleanup.add('child unit', undo('child'), 'level2');
  cleanup.add('employee a', undo('a'), 'employee');
  cleanup.add('employee b', undo('b'), 'employee');
  cleanup.add('employee c', undo('c'), 'employee');
  const report = await cleanup.run();
  assert.equal(most, 3, 'the three employees were archived at once');
  assert.deepEqual(report.undone, ['employee c', 'employee b', 'employee a', 'child unit', 'parent unit']);
  assert.ok(log.indexOf('start child') > log.indexOf('end a'), 'the child waits for every employee');
  assert.ok(log.indexOf('start parent') > log.indexOf('end child'), 'the parent waits for its child');
});

test('undos without a kind run one after another, in reverse order', async () => {
  const cleanup = new Cleanup();
  const log: string[] = [];
  cleanup.add('first', async () => {
    log.push('first');
  });
  cleanup.add('second', async () => {
    await tick();
    log.push('second');
  });
  await cleanup.run();
  assert.deepEqual(log, ['second', 'first']);
});

test('a failed undo, thrown at once or later, is reported and the others still run', async () => {
  const cleanup = new Cleanup();
  cleanup.add(
    'sync throw',
    () => {
      throw new Error('boom');
    },
    'k',
  );
  cleanup.add('rejects', () => Promise.reject(new Error('answered 500')), 'k');
  cleanup.add('fine', async () => undefined, 'k');
  cleanup.leftover('RM candidate x (no delete operation)');
  const report = await cleanup.run();
  assert.deepEqual(report.undone, ['fine']);
  assert.deepEqual(report.failed, ['rejects: answered 500', 'sync throw: boom']);
  assert.deepEqual(report.leftovers, ['RM candidate x (no delete operation)']);
});
