/**
 * Tests that fail in each way Playwright distinguishes, in file order (one worker): an assertion, a
 * timeout, an expected failure, an unhandled error, a serial suite, a retried test.
 */
import { expect, test } from '@playwright/test';

test('1 fails by an assertion', () => {
  expect(1).toBe(2);
});
test('2 passes', () => {
  expect(1).toBe(1);
});
test('3 times out', async () => {
  test.setTimeout(200);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
});
test('4 fails as expected', () => {
  test.fail();
  expect(1).toBe(2);
});
test('5 throws after it ended', async () => {
  setTimeout(() => {
    throw new Error('late');
  }, 0);
  await new Promise((resolve) => setTimeout(resolve, 50));
});
test.describe.serial('6 serial', () => {
  test('6a fails', () => {
    expect(1).toBe(2);
  });
  test('6b is skipped', () => {
    expect(1).toBe(1);
  });
});
test.describe('7 retried', () => {
  test.describe.configure({ retries: 1 });
  test('7a fails twice', () => {
    expect(1).toBe(2);
  });
});
test('8 fails by an assertion', () => {
  expect(1).toBe(2);
});
test('9 passes', () => {
  expect(1).toBe(1);
});
