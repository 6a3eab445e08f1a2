import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Limiter } from '../../src/http/limiter';

test('the rate bound spaces request starts evenly', async () => {
  const limiter = new Limiter(50, 10);
  const starts: number[] = [];
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 6 }, () => limiter.run(async () => starts.push(performance.now() - t0))));
  assert.ok(starts[5]! >= 95, `6 starts at 50 rps take >= 100 ms (last at ${starts[5]!.toFixed(0)} ms)`);
});

test('the concurrency bound holds', async () => {
  const limiter = new Limiter(0, 3);
  let inFlight = 0;
  let peak = 0;
  await Promise.all(
    Array.from({ length: 12 }, () =>
      limiter.run(async () => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
      }),
    ),
  );
  assert.equal(peak, 3);
});
