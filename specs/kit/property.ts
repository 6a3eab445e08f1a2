/**
 * Property-based and model-based checks with replayable failures. Every property runs from the
 * run's CONFORMANCE_SEED (mixed with the property's name, so properties draw different cases), its
 * seed, path and number of runs are attached to the report, and a failure carries the shrunk
 * counterexample, the failing check and one command that replays exactly that case.
 */
import type { PropertyRun } from '../../src/reporting/evidence';
import { recordObservation, runningRecords } from './test-record';
import { test } from '@playwright/test';
import * as allure from 'allure-js-commons';
import fc from 'fast-check';
import type { Target } from '../../src/config/target';
import { CheckError, NotJudgedError } from '../../src/checks/check-error';
import { refail } from '../../src/checks/judge';
import { clearPendingFailure } from '../../src/checks/verdict';
import { perWorker } from '../../src/http/limiter';
import { redact } from '../../src/http/redact';
import { atOnce } from './at-once';
import { LEAN } from './lean';
import { withoutStack } from './attach';

export interface PropertyOptions<T> {
  /** Runs at the same time as other properties of its test (propertiesAtOnce): its failure names it for the replay. */
  alongside?: boolean;
  /** Names the property in the report; also mixed into its seed. */
  name: string;
  arbitrary: fc.Arbitrary<T>;
  /**
   * Throws (a CheckError, ideally) when the property does not hold for `value`. `lane` is the lane the
   * case runs in (0 near by; checkProperty): cases that change one shared record keep a record per lane (perLane).
   */
  predicate: (value: T, lane: number) => Promise<void>;
  target: Target;
  /** Overrides the run's CONFORMANCE_NUM_RUNS for an expensive property. */
  numRuns?: number;
  /** The fewest cases it runs whatever the budget (a model that must meet a long sequence to find its defect). */
  floor?: number;
  /** About how many sequential requests one case sends (default 4): what the time budget of a far target divides by. */
  requestsPerCase?: number;
  /** Why it runs the cases it runs, where the caller decided (a lane of a property split by checkProperty). */
  why?: string;
  /** The lane it is (checkProperty), handed to the predicate. */
  lane?: number;
}

/** What a property records of itself (in its test's evidence): its seeds, the cases it ran and why that many. */
export type PropertyNote = Required<PropertyRun>;

/** What a property may spend against a far target (a round trip of 20 ms or more): the cases are cut to fit, never below the floor. */
export const PROPERTY_BUDGET_MS = 8_000;
/** The most lanes a property runs in at once against a far target (its cases split between them, each lane its own seed). */
export const MAX_LANES = 3;

/**
 * The cases a property runs: the asked number near by; against a far target as many as fit in
 * PROPERTY_BUDGET_MS at the measured round trip (CONFORMANCE_RTT_MS) in `lanes` lanes at once, at
 * least `floor`, at most asked.
 */
export function casesFor(asked: number, floor: number, requestsPerCase: number, rttMs: number, lanes = 1): { runs: number; why: string } {
  if (!(rttMs >= 20)) return { runs: asked, why: `${asked} asked` };
  const fit = lanes * Math.floor(PROPERTY_BUDGET_MS / (rttMs * Math.max(1, requestsPerCase)));
  const runs = Math.max(Math.min(floor, asked), Math.min(asked, fit));
  const inLanes = lanes > 1 ? ` in ${lanes} lanes at once` : '';
  return {
    runs,
    why:
      runs < asked
        ? `${asked} asked, ${runs} fit a budget of ${PROPERTY_BUDGET_MS / 1000} s at a ${rttMs} ms round trip${inLanes}${runs === floor ? ' (its floor)' : ''}`
        : `${asked} asked${inLanes}`,
  };
}

/**
 * How many lanes a property runs in: one near by; against a far target as many as the worker's share of
 * the requests in flight allows (CONFORMANCE_MAX_CONCURRENCY over the workers), at most MAX_LANES.
 */
export function lanesFor(rttMs: number, inFlightPerWorker: number): number {
  return rttMs >= 20 ? Math.max(1, Math.min(MAX_LANES, Math.floor(inFlightPerWorker))) : 1;
}

/** A lane's name: also its seed (propertySeed) and what a replay names (CONFORMANCE_REPLAY_PROPERTY). */
export function laneName(name: string, lane: number, lanes: number): string {
  return `${name}, lane ${lane} of ${lanes}`;
}

/** The lane (0-based) a lane's name says, 0 for any other name: what a replay of one lane hands its predicate. */
function laneOf(name: string): number {
  const m = /, lane (\d+) of \d+$/.exec(name);
  return m ? Number(m[1]) - 1 : 0;
}

/**
 * A record per lane, made when a lane first asks (lane 0's may be given): the cases of a property
 * that change one record (or count what it holds) must not see another lane's cases on it.
 */
export function perLane<R>(make: () => Promise<R>, first?: R): (lane: number) => Promise<R> {
  const made = new Map<number, Promise<R>>(first === undefined ? [] : [[0, Promise.resolve(first)]]);
  return (lane) => {
    const known = made.get(lane);
    if (known) return known;
    const record = make();
    made.set(lane, record);
    return record;
  };
}

/** The path of a single case to replay (from a failure's replay command). */
const REPLAY_PATH = process.env.CONFORMANCE_REPLAY_PATH;
/** For model-based tests, the command sequence's own replay path (fast-check needs both). */
const REPLAY_COMMANDS = process.env.CONFORMANCE_REPLAY_COMMANDS;
/** Where a test runs several properties at once, the one a replay is about (the others stand aside). */
const REPLAY_PROPERTY = process.env.CONFORMANCE_REPLAY_PROPERTY;

/** `fc.commands` that replays a failing sequence exactly when a replay command is run. */
export function modelCommands<M extends object, R>(
  commands: fc.Arbitrary<fc.AsyncCommand<M, R>>[],
  maxCommands: number,
): fc.Arbitrary<Iterable<fc.AsyncCommand<M, R>>> {
  return fc.commands(commands, { maxCommands, ...(REPLAY_COMMANDS ? { replayPath: REPLAY_COMMANDS } : {}) });
}

export function propertySeed(runSeed: number, name: string): number {
  let h = runSeed | 0;
  for (let i = 0; i < name.length; i += 1) h = Math.imul(h ^ name.charCodeAt(i), 0x5bd1e995) | 0;
  return h;
}

/** The shrunk case of the property that failed in the running test: what its replay command must carry. */
export interface FailedCase {
  path: string;
  /** A model's command sequence path (fast-check needs both). */
  commandsPath?: string;
  /** The property, where its test runs several at once (propertiesAtOnce): a replay runs it alone. */
  property?: string;
}

let failedCase: FailedCase | null = null;

/** The failed case of the running test's property, read by the fixtures for the test's one replay command. */
export function takeFailedCase(): FailedCase | null {
  const c = failedCase;
  failedCase = null;
  return c;
}

/**
 * Checks a property. Against a far target its cases run in lanes at once (lanesFor; each lane its own
 * seed, from its name): their round trips overlap instead of adding up. A replay of one lane runs that
 * lane alone, whatever the round trip of the replaying machine.
 */
export async function checkProperty<T>(options: PropertyOptions<T>): Promise<void> {
  if (options.alongside) return checkOne(options);
  if (REPLAY_PROPERTY?.startsWith(`${options.name}, lane `)) return checkOne({ ...options, name: REPLAY_PROPERTY, alongside: true });
  const rtt = Number(process.env.CONFORMANCE_RTT_MS ?? -1);
  const workers = Math.max(1, test.info().config.workers);
  const lanes = REPLAY_PROPERTY || REPLAY_PATH ? 1 : lanesFor(rtt, perWorker(options.target.run.maxConcurrency, workers));
  if (lanes === 1) return checkOne(options);
  const asked = options.numRuns ?? options.target.run.numRuns;
  const budget = casesFor(asked, options.floor ?? 1, options.requestsPerCase ?? 4, rtt, lanes);
  const perLane = Math.ceil(budget.runs / lanes);
  return propertiesAtOnce(
    Array.from({ length: lanes }, (_, i) => {
      const name = laneName(options.name, i + 1, lanes);
      const why = `${perLane} of ${budget.runs} cases (${budget.why})`;
      return { name, run: () => checkOne({ ...options, name, alongside: true, numRuns: perLane, floor: perLane, why, lane: i }) };
    }),
  );
}

async function checkOne<T>(options: PropertyOptions<T>): Promise<void> {
  const testInfo = test.info();
  if (REPLAY_PROPERTY && REPLAY_PROPERTY !== options.name) {
    recordObservation('other', `property "${options.name}"`, `stood aside: the replay is of "${REPLAY_PROPERTY}"`);
    return;
  }
  const runSeed = options.target.run.seed;
  const seed = propertySeed(runSeed, options.name);
  const asked = options.numRuns ?? options.target.run.numRuns;
  const budget = casesFor(asked, options.floor ?? 1, options.requestsPerCase ?? 4, Number(process.env.CONFORMANCE_RTT_MS ?? -1));
  const numRuns = REPLAY_PATH ? 1 : budget.runs;
  if (!LEAN) {
    await withoutStack(() => allure.parameter('seed', String(runSeed)));
    await withoutStack(() => allure.parameter('property', options.name));
    await withoutStack(() => allure.parameter('runs', String(numRuns)));
  }
  const params: fc.Parameters<[T]> = { seed, numRuns, ...(REPLAY_PATH ? { path: REPLAY_PATH, endOnFailure: true } : {}) };
  const lane = options.lane ?? laneOf(options.name);
  // A case the suite may not judge (D62) ends the property at once: no case after it, no shrinking (which would send more).
  let notJudged: NotJudgedError | null = null;
  const details = await fc.check(
    fc.asyncProperty(options.arbitrary, async (value) => {
      if (notJudged) return;
      try {
        await options.predicate(value, lane);
      } catch (error) {
        if (error instanceof NotJudgedError) notJudged = error;
        throw error;
      }
    }),
    params,
  );
  if (notJudged) throw notJudged;
  // As data: the reporter lists each property's cases (conformance.json tests[].properties).
  const note: PropertyNote = {
    name: options.name,
    seed: runSeed,
    propertySeed: seed,
    runs: details.numRuns,
    why: REPLAY_PATH ? `replaying path ${REPLAY_PATH}` : (options.why ?? budget.why),
  };
  runningRecords().properties.push(note);
  if (!details.failed) return;
  const counterexample = redact(fc.stringify(details.counterexample?.[0]));
  const path = details.counterexamplePath ?? '';
  const commandsPath = /\/\*replayPath="([^"]*)"\*\//.exec(counterexample)?.[1];
  // Of properties run at once, the first to fail names the replay.
  failedCase ??= { path, ...(commandsPath ? { commandsPath } : {}), ...(options.alongside ? { property: options.name } : {}) };
  await testInfo.attach('counterexample (shrunk)', { body: counterexample, contentType: 'text/plain' });
  const cause = details.errorInstance;
  const shrunk = `after ${details.numRuns} runs, shrunk ${details.numShrinks} times`;
  const say = (detail: string): string => `property "${options.name}" failed ${shrunk}.\n${detail}\nCounterexample: ${counterexample}`;
  // A failed check keeps its verdict (check, clause, the counterexample's exchange); anything else is an error of the test itself.
  if (cause instanceof CheckError) {
    // Of properties run at once, propertiesAtOnce records the one failure it reports, the last verdict of the test.
    if (options.alongside) throw new CheckError({ ...cause.verdict, detail: say(cause.verdict.detail) });
    refail(cause.verdict, say(cause.verdict.detail));
  }
  clearPendingFailure();
  throw new Error(say(cause instanceof Error ? cause.message : String(cause)));
}

/**
 * Properties of one test run at the same time (each its own seed, from its name): against a far
 * target their round trips overlap instead of adding up. Every one runs to its end; the failure
 * reported is the one whose case the replay command carries (the first to fail).
 */
export async function propertiesAtOnce(runs: readonly { name: string; run: () => Promise<void> }[]): Promise<void> {
  await atOnce(
    runs.map((r) => r.run),
    (failed) => failed.find((i) => runs[i]?.name === failedCase?.property),
  );
}
