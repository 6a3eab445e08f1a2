/**
 * How far away the target is, measured once before the run is laid out: the median of three
 * sequential round trips to each configured base URL, the URLs at once (any answer counts). Against a target a
 * round trip of 20 ms or more away, the run is I/O-bound, so it gets more workers and a job per
 * test (src/runner/projects.ts), and each test's time-out grows with the round trip
 * (specs/kit/fixtures.ts). The figure is handed to the workers as CONFORMANCE_RTT_MS.
 */
import { spawnSync } from 'node:child_process';

/** Round trips at or above this are "far": worth more workers than cores. */
export const FAR_RTT_MS = 20;
export const RTT_VARIABLE = 'CONFORMANCE_RTT_MS';

// node:http, not fetch: fetch loads Node's bundled undici (~0.1 s of the probe's ~0.3 s start). One
// keep-alive connection per URL; a redirect is a round trip like any other answer.
const PROBE = `
const urls = JSON.parse(process.argv[1]);
const clientOf = (url) => (url.startsWith('https:') ? require('node:https') : require('node:http'));
const once = (url, client, agent) => new Promise((resolve) => {
  const t0 = performance.now();
  const req = client.get(url, { agent, timeout: 3000, headers: { 'x-conformance-probe': 'round-trip' } }, (res) => {
    res.on('error', () => resolve(Infinity));
    res.on('end', () => resolve(performance.now() - t0));
    res.resume();
  });
  req.on('timeout', () => req.destroy());
  req.on('error', () => resolve(Infinity));
});
(async () => {
  const all = await Promise.all(urls.map(async (url) => {
    const client = clientOf(url);
    const agent = new client.Agent({ keepAlive: true, maxSockets: 1 });
    const times = [];
    for (let i = 0; i < 3; i++) times.push(await once(url, client, agent));
    agent.destroy();
    times.sort((a, b) => a - b);
    return times[1];
  }));
  const finite = all.filter(Number.isFinite);
  process.stdout.write(String(finite.length ? Math.round(Math.max(...finite)) : -1));
})();`;

/** The round trip to the slowest of `urls` in ms (the median of three each), or null when none answered. */
export function probeRttMs(urls: readonly string[]): number | null {
  if (urls.length === 0) return null;
  const res = spawnSync(process.execPath, ['-e', PROBE, JSON.stringify(urls)], { encoding: 'utf8', timeout: 20_000 });
  const value = Number(res.stdout);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * The run's round trip: the one a runner already measured (CONFORMANCE_RTT_MS, inherited by its
 * workers), else measured now and kept in the environment; null against the embedded server.
 */
export function runRttMs(env: NodeJS.ProcessEnv, urls: readonly string[]): number | null {
  const known = env[RTT_VARIABLE];
  if (known !== undefined && known !== '') return Number(known) >= 0 ? Number(known) : null;
  const rtt = probeRttMs(urls);
  env[RTT_VARIABLE] = String(rtt ?? -1);
  return rtt;
}

export function isFar(rttMs: number | null): boolean {
  return rttMs !== null && rttMs >= FAR_RTT_MS;
}
