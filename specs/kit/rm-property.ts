/**
 * RM properties and models with their case counts in the report. Each runs through checkProperty
 * (support/property.ts) and then records, as an observation (reports/conformance.md, Observations),
 * how many generated cases it ran: CONFORMANCE_NUM_RUNS defaults to 5 on a remote target, and a
 * model runs at least MODEL_MIN_RUNS whatever it says.
 */
import { checkProperty, type PropertyOptions } from './property';
import { runningRecords } from './test-record';

/**
 * The fewest cases a model (a generated sequence of commands) runs on any target. The static list
 * membership model needs sequences like PUT, DELETE, PUT of one candidate: at 15 cases of up to 10
 * commands, fast-check draws one for 995 of 1000 seeds (at 5 cases, for about 8 in 10 seeds).
 */
export const MODEL_MIN_RUNS = 15;

/** The number of cases of a model: the run's CONFORMANCE_NUM_RUNS, at least MODEL_MIN_RUNS, at most `max`. */
export function modelRuns(numRuns: number, max = 25): number {
  return Math.max(MODEL_MIN_RUNS, Math.min(numRuns, max));
}

type Observe = (category: 'other', subject: string, value: string) => void;

/** checkProperty, then an observation "generated cases: <name>" with the number of cases that ran (also when it failed). */
export async function checkRmProperty<T>(observe: Observe, options: PropertyOptions<T>): Promise<void> {
  try {
    await checkProperty(options);
  } finally {
    // Against a far target the property may have run in lanes (checkProperty): their cases add up.
    const notes = runningRecords().properties.filter((n) => n.name === options.name || n.name.startsWith(`${options.name}, lane `));
    const runs = notes.length ? notes.reduce((sum, n) => sum + (n.runs ?? 0), 0) : 'unknown';
    const asked = options.numRuns ?? options.target.run.numRuns;
    observe(
      'other',
      `generated cases: ${options.name}`,
      `${runs} cases (asked ${asked}; CONFORMANCE_NUM_RUNS ${options.target.run.numRuns})`,
    );
  }
}
