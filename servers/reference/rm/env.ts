/**
 * What every RM handler needs besides the request: the behaviour (faults and variants, asked by name) and the
 * settings that variants change. Built once per server; the behaviour never changes while it runs.
 */
import type { Behaviour } from '../behaviour';
import { on } from '../switches';

export interface RmEnv {
  /** The faults and variants switched on: handlers ask `on(env.behaviour, name)` (../switches.ts). */
  behaviour: Behaviour;
  /** Default and maximum per_page (000 §8: not shown; 25 and 100 unless a variant says otherwise). */
  perPage: { default: number; max: number };
  /** Records reachable by numeric pagination combined with a filter (000 §8: 10000). */
  filterCap: number;
  /** Current time in ms (whole seconds under the timestamps-seconds variant). */
  now(): number;
}

export const FILTER_CAP = 10_000;

export function createEnv(behaviour: Behaviour): RmEnv {
  const seconds = on(behaviour, 'rm.variant.timestamps-seconds');
  const smallPages = on(behaviour, 'rm.variant.page-size-10-50');
  // µs stored, ms shown: every instant stored gets a fraction of a millisecond (never 0), which the utc strings truncate.
  const micro = on(behaviour, 'rm.variant.timestamps-microseconds');
  let tick = 0;
  const fraction = (): number => ((tick = (tick + 389) % 1000) + 1) / 1002;
  return {
    behaviour,
    perPage: smallPages
      ? { default: 10, max: 50 }
      : on(behaviour, 'rm.variant.per-page-over-20-422')
        ? { default: 20, max: 20 }
        : { default: 25, max: 100 },
    filterCap: on(behaviour, 'rm.filter-cap.at-5000') ? 5_000 : FILTER_CAP,
    // Stored instants are exactly what the utc strings show, so time filters agree with what clients read.
    now: () => (seconds ? Math.floor(Date.now() / 1000) * 1000 : micro ? Date.now() + fraction() : Date.now()),
  };
}
