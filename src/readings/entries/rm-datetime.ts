/**
 * Readings of what a DateTime object's `epoch` is beside its `utc` (000 §2 DateTime object: "| utc |
 * string, date-time |", "| epoch | integer (int64) |"; "used by every timestamp attribute"). Both
 * members are the one timestamp the attribute holds; in which unit, and how cut, the epoch gives it is
 * not said (D86). A wall clock read as UTC (the local time's epoch) names another instant: no reading.
 */
import { defineReadings, type ReadingsEntry } from '../types';

/** One DateTime that shows both: the instant its utc names (ms, at the precision `unit` it shows it) and its epoch. */
export interface EpochPair {
  readonly at: number;
  readonly unit: number;
  readonly epoch: number;
}

/** Every DateTime of an answer that shows both members. */
export interface EpochsShown {
  readonly pairs: readonly EpochPair[];
}

/**
 * Whether `epoch` is `cut(s)` for some instant s the utc allows: the stored instant lies in
 * [at, at + unit) (D75: shown as stored, or finer and truncated), and `cut` never decreases, so the
 * values it takes there run from cut(at) to cut(at + unit - 1 µs).
 */
const within = (p: EpochPair, cut: (ms: number) => number): boolean => p.epoch >= cut(p.at) && p.epoch <= cut(p.at + p.unit - 0.001);

const pair = (at: number, epoch: number, unit = 1): EpochPair => ({ at, unit, epoch });
/** 2025-03-01T10:00:00.600Z, and the same instant's wall clock at UTC-05:00 read as UTC. */
const AT = 1740823200600;
const WALL = Math.floor(AT / 1000) - 5 * 3600;

export const RM_EPOCH_OF_UTC: ReadingsEntry<EpochsShown> = defineReadings<EpochsShown>({
  id: 'rm.datetime.epoch-of-utc',
  decision: 'D86',
  clause: 'rm.datetime.epoch',
  question:
    'A DateTime object shows one timestamp as utc ("string, date-time") and as epoch ("integer (int64)"): is the epoch that instant in whole seconds cut down, in seconds rounded, or in milliseconds?',
  judgedBy: 'schema',
  readings: [
    {
      id: 'seconds',
      name: 'Unix time in whole seconds, cut down (the instant of utc)',
      frameworks: ['Ruby Time#to_i', 'Python int(datetime.timestamp())', 'PHP DateTime::getTimestamp', 'the reference server'],
      holds: (s) => s.pairs.every((p) => within(p, (ms) => Math.floor(ms / 1000))),
      shows: [{ pairs: [pair(AT, 1740823200)] }, { pairs: [pair(1740823200000, 1740823200, 1000)] }],
      not: [{ pairs: [pair(AT, WALL)] }, { pairs: [pair(AT, 1740823201)] }],
    },
    {
      id: 'seconds-rounded',
      name: 'Unix time in seconds, rounded to the nearest',
      frameworks: ['Math.round(date.getTime() / 1000)', 'Python round(datetime.timestamp())'],
      holds: (s) => s.pairs.every((p) => within(p, (ms) => Math.round(ms / 1000))),
      shows: [{ pairs: [pair(AT, 1740823201)] }],
      not: [{ pairs: [pair(AT, WALL)] }, { pairs: [pair(AT, 1740823200)] }],
    },
    {
      id: 'milliseconds',
      name: 'Unix time in milliseconds (an int64, as JavaScript and Java keep it)',
      frameworks: ['JavaScript Date#getTime', 'Java Instant#toEpochMilli', 'Jackson WRITE_DATES_AS_TIMESTAMPS'],
      holds: (s) => s.pairs.every((p) => within(p, (ms) => Math.floor(ms))),
      shows: [{ pairs: [pair(AT, AT)] }],
      not: [{ pairs: [pair(AT, WALL * 1000)] }, { pairs: [pair(AT, 1740823200)] }],
    },
  ],
});

export const RM_DATETIME_READINGS = [RM_EPOCH_OF_UTC] as const;
