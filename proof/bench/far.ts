/**
 * The bench's far-away runs: the whole suite against the reference server behind a loopback proxy
 * that answers every request `delayMs` late (proof/bench/delay-proxy.ts), configured as any remote
 * target is. Reports wall time, requests, the longest chain of round trips one after another (of a
 * test, and of a worker: its tests' chains added up), and the cases each property ran; with a
 * fault, that the generated-only defect is still found when the properties run on a time budget.
 */
import { embeddedAsRemote } from '../../contract/identity/embedded';
import type { ConformanceReport } from '../../src/reporting/conformance-types';
import { Behaviour } from '../../servers/reference/behaviour';
import { startReferenceServer } from '../../servers/reference/server';
import { runSuite, type SuiteRun } from '../fault-run/run-suite';
import { startDelayProxy } from './delay-proxy';

export interface FarRun {
  delayMs: number;
  run: SuiteRun;
  requests: number;
  /** The longest chain of sequential round trips in one test, and in one worker (its tests' chains added up). */
  longestTestChain: number;
  longestWorkerChain: number;
  /** Cases each property ran, and why that many. */
  properties: { name: string; runs: number; why: string }[];
}

function chains(report: ConformanceReport | null): { test: number; worker: number } {
  const tests = report?.tests ?? [];
  const byWorker = new Map<number, number>();
  for (const t of tests) byWorker.set(t.worker ?? 0, (byWorker.get(t.worker ?? 0) ?? 0) + (t.chain ?? 0));
  return { test: Math.max(0, ...tests.map((t) => t.chain ?? 0)), worker: Math.max(0, ...byWorker.values()) };
}

export async function farRun(options: {
  delayMs: number;
  reportsDir: string;
  seed: string;
  faults?: readonly string[];
  /** Further Playwright arguments (a file, a grep). */
  args?: readonly string[];
}): Promise<FarRun> {
  const server = await startReferenceServer({ host: '127.0.0.1', behaviour: new Behaviour(options.faults ?? []) });
  const proxy = await startDelayProxy(`http://127.0.0.1:${server.port}`, options.delayMs);
  try {
    const run = await runSuite({
      reportsDir: options.reportsDir,
      embedded: false,
      args: options.args ?? [],
      timeoutMs: 900_000,
      env: { CONFORMANCE_SEED: options.seed, CONFORMANCE_ALLOW_DESTRUCTIVE: '1', ...embeddedAsRemote(proxy.origin, true) },
    });
    const c = chains(run.report);
    return {
      delayMs: options.delayMs,
      run,
      requests: run.report?.requests ?? proxy.requests(),
      longestTestChain: c.test,
      longestWorkerChain: c.worker,
      properties: (run.report?.tests ?? []).flatMap((t) => t.properties ?? []),
    };
  } finally {
    await proxy.close();
    await server.close();
  }
}
