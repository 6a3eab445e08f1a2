import { test } from '@playwright/test';

// Each takes a moment, so the start times tell the order apart.
const moment = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

test('a', moment);
test('b', moment);
test('c long @property', moment);
test('d', moment);
test.describe('e group @property', () => {
  test('e1', moment);
});
