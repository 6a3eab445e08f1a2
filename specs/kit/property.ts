/**
 * Property-based and model-based checks with replayable failures. Every property runs from the
 * run's CONFORMANCE_SEED (mixed with the property's name, so properties draw different cases), its
 * seed, path and number of runs are attached to the report, and a failure carries the shrunk
 * counterexample, the failing check and one command that replays exactly that case.
 */
import { test } from '@playwright/test';
import * as allure from 'allure-js-commons';
import fc from 'fast-check';
import type { Target } from '../../src/config/target';
import { CheckError } from '../../src/checks/check-error';
import { refail } from '../../src/checks/judge';
import { clearPendingFailure } from '../../src/checks/verdict';
import { redact } from '../../src/http/redact';
import { LEAN } from './lean';

export interface PropertyOptions<T> {
  /** Names the property in the report; also mixed into its seed. */
  name: string;
  arbitrary: fc.Arbitrary<T>;
  /** Throws (a CheckError, ideally) when the property does not hold for `value`. */
  predicate: (value: T) => Promise<void>;
  target: Target;
  /** Overrides the run's CONFORMANCE_NUM_RUNS for an expensive property. */
  numRuns?: number;
}

/** The path of a single case to replay (from a failure's replay command). */
const REPLAY_PATH = process.env.CONFORMANCE_REPLAY_PATH;
/** For model-based tests, the command sequence's own replay path (fast-check needs both). */
const REPLAY_COMMANDS = process.env.CONFORMANCE_REPLAY_COMMANDS;

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
}

let failedCase: FailedCase | null = null;

/** The failed case of the running test's property, read by the fixtures for the test's one replay command. */
export function takeFailedCase(): FailedCase | null {
  const c = failedCase;
  failedCase = null;
  return c;
}

export async function checkProperty<T>(options: PropertyOptions<T>): Promise<void> {
  const testInfo = test.info();
  const runSeed = options.target.run.seed;
  const seed = propertySeed(runSeed, options.name);
  const numRuns = REPLAY_PATH ? 1 : (options.numRuns ?? options.target.run.numRuns);
  if (!LEAN) {
    await allure.parameter('seed', String(runSeed));
    await allure.parameter('property', options.name);
    await allure.parameter('runs', String(numRuns));
  }
  const params: fc.Parameters<[T]> = { seed, numRuns, ...(REPLAY_PATH ? { path: REPLAY_PATH, endOnFailure: true } : {}) };
  const details = await fc.check(fc.asyncProperty(options.arbitrary, options.predicate), params);
  const replaying = REPLAY_PATH ? `, replaying path ${REPLAY_PATH}` : '';
  testInfo.annotations.push({
    type: 'property',
    description: `${options.name}: seed ${runSeed} (property seed ${seed}), ${details.numRuns} runs${replaying}`,
  });
  if (!details.failed) return;
  const counterexample = redact(fc.stringify(details.counterexample?.[0]));
  const path = details.counterexamplePath ?? '';
  const commandsPath = /\/\*replayPath="([^"]*)"\*\//.exec(counterexample)?.[1];
  failedCase = { path, ...(commandsPath ? { commandsPath } : {}) };
  await testInfo.attach('counterexample (shrunk)', { body: counterexample, contentType: 'text/plain' });
  const cause = details.errorInstance;
  const shrunk = `after ${details.numRuns} runs, shrunk ${details.numShrinks} times`;
  const say = (detail: string): string => `property "${options.name}" failed ${shrunk}.\n${detail}\nCounterexample: ${counterexample}`;
  // A failed check keeps its verdict (check, clause, the counterexample's exchange); anything else is an error of the test itself.
  if (cause instanceof CheckError) refail(cause.verdict, say(cause.verdict.detail));
  clearPendingFailure();
  throw new Error(say(cause instanceof Error ? cause.message : String(cause)));
}
