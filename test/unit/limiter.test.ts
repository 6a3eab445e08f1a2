import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Limiter } from '../../src/http/limiter';
import { ThrottleBoard } from '../../src/http/throttle-board';

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

/** A clock the test moves by hand; sleeps of the limiter still use real timers, so waits are kept short. */
function manualClock(): { now: () => number; advance(ms: number): void } {
  let t = 10_000;
  return { now: () => t, advance: (ms) => (t += ms) };
}

test('a throttle signal pauses every request to that target, not to another, for the wait asked', async () => {
  const limiter = new Limiter(0, 10);
  limiter.throttle('http://a', 150);
  const t0 = performance.now();
  const at: Record<string, number> = {};
  await Promise.all([
    limiter.run(async () => (at.a1 = performance.now() - t0), 'http://a'),
    limiter.run(async () => (at.a2 = performance.now() - t0), 'http://a'),
    limiter.run(async () => (at.b = performance.now() - t0), 'http://b'),
  ]);
  assert.ok(at.a1! >= 140 && at.a2! >= 140, `both requests to a waited (${at.a1!.toFixed(0)}, ${at.a2!.toFixed(0)} ms)`);
  assert.ok(at.b! < 100, `b did not wait (${at.b!.toFixed(0)} ms)`);
});

/** `n` requests to `key`, `gapMs` apart on the manual clock. */
async function send(limiter: Limiter, clock: { advance(ms: number): void }, n: number, gapMs: number, key = 'k'): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    await limiter.run(async () => undefined, key);
    clock.advance(gapMs);
  }
}

test('the cap is what the target took over the last two seconds: the requests started less the ones it refused', async () => {
  const clock = manualClock();
  const limiter = new Limiter(0, 100, { now: clock.now });
  await send(limiter, clock, 20, 50);
  limiter.throttle('k', 0);
  assert.equal(limiter.rateTowards('k'), 9.5, '20 started in 2 s, 1 refused: 19 taken, 9.5 a second');
});

test('one signal caps once; signals within the hold only pause; then the cap grows back until it is dropped', async () => {
  const clock = manualClock();
  const limiter = new Limiter(0, 100, { now: clock.now });
  await send(limiter, clock, 20, 50);
  limiter.throttle('k', 0);
  const cap = limiter.rateTowards('k');
  limiter.throttle('k', 0);
  assert.equal(limiter.rateTowards('k'), cap, 'held');
  clock.advance(1_001);
  await limiter.run(async () => undefined, 'k');
  assert.equal(limiter.rateTowards('k'), cap, 'the cap grows only a second after the hold');
  clock.advance(1_000);
  await limiter.run(async () => undefined, 'k');
  assert.equal(limiter.rateTowards('k'), (cap ?? 0) * 1.5 + 1, 'then it grows');
  clock.advance(20_000);
  await limiter.run(async () => undefined, 'k');
  assert.equal(limiter.rateTowards('k'), null, 'and is dropped after quiet seconds');
});

test('a target that refuses everything (for whatever reason) caps a busy worker at half its rate, never lower', async () => {
  const clock = manualClock();
  const limiter = new Limiter(0, 100, { now: clock.now });
  await send(limiter, clock, 20, 50);
  limiter.throttle('k', 0);
  assert.equal(limiter.rateTowards('k'), 9.5);
  // Within the hold every request is refused; the next signal finds nothing taken in its window.
  for (let i = 0; i < 10; i += 1) {
    await limiter.run(async () => undefined, 'k');
    clock.advance(120);
    limiter.throttle('k', 0);
  }
  clock.advance(1_000);
  limiter.throttle('k', 0);
  assert.equal(limiter.rateTowards('k'), 2, 'half of the 8 it sent in the last 2 s, not the floor');
});

test('a worker barely sending when a signal comes is paused, not capped', async () => {
  const clock = manualClock();
  const limiter = new Limiter(0, 100, { now: clock.now });
  await send(limiter, clock, 2, 500);
  limiter.throttle('k', 1_000);
  assert.equal(limiter.rateTowards('k'), null);
});

test('a cap never raises the configured bound', async () => {
  const clock = manualClock();
  const limiter = new Limiter(2, 100, { now: clock.now });
  limiter.throttle('k', 0);
  assert.ok((limiter.rateTowards('k') ?? Infinity) <= 2);
  assert.equal(limiter.rateTowards('other'), 2);
});

test("a signal on the board reaches another worker's limiter: it pauses and caps itself too", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'throttle-board-'));
  try {
    const one = new Limiter(0, 10, { board: new ThrottleBoard(dir) });
    const two = new Limiter(0, 10, { board: new ThrottleBoard(dir) });
    // A busy worker (10 requests just now): a signal caps it as well as pausing it.
    for (let i = 0; i < 10; i += 1) await two.run(async () => undefined, 'http://t');
    one.throttle('http://t', 200);
    await new Promise((r) => setTimeout(r, 210));
    const t0 = performance.now();
    await two.run(async () => undefined, 'http://t');
    assert.ok(two.rateTowards('http://t') !== null, 'the other worker capped its rate');
    assert.ok(performance.now() - t0 < 150, 'the pause it read is over by now');
    one.throttle('http://t', 300);
    const t1 = performance.now();
    await new Promise((r) => setTimeout(r, 210));
    await two.run(async () => undefined, 'http://t');
    assert.ok(performance.now() - t1 >= 280, `the other worker waited for the pause posted (${(performance.now() - t1).toFixed(0)} ms)`);
    assert.equal(new ThrottleBoard(dir).read('http://elsewhere'), null, 'a board entry per target');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
