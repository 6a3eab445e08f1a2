/**
 * Judging an ambiguous sentence: which of its lawful readings what was shown holds, and whether that
 * is acceptable: some reading holds (no statement), or the declared one does (a statement pins it).
 */
import { declaredReading } from './statement';
import type { ReadingsEntry } from './types';

/** What a verdict records of the readings it relied on (conformance.json `readings` is built from these). */
export interface ReadingJudgement {
  /** The readings entry. */
  readonly entry: string;
  /** The readings that held, in the entry's order (empty: none did). */
  readonly held: readonly string[];
  /** The reading a statement declared, or null (every lawful reading accepted). */
  readonly declared: string | null;
  /** True when an accepted reading held. */
  readonly ok: boolean;
}

export function judgeReadings<I>(entry: ReadingsEntry<I>, input: I): ReadingJudgement {
  const held = entry.readings.filter((r) => r.holds(input)).map((r) => r.id);
  const declared = declaredReading(entry.id);
  const ok = declared === null ? held.length > 0 : held.includes(declared);
  return { entry: entry.id, held, declared, ok };
}

/** The name of reading `id` of `entry` ("only the archived candidates"), or the id. */
export function readingName(entry: ReadingsEntry<unknown>, id: string): string {
  return entry.readings.find((r) => r.id === id)?.name ?? id;
}

/**
 * Why a judgement failed, in words: the declared reading did not hold (and which did), or none of
 * the lawful readings held (each named).
 */
export function readingsFailure<I>(entry: ReadingsEntry<I>, judgement: ReadingJudgement): string {
  const named = (id: string): string => `"${id}" (${readingName(entry, id)})`;
  if (judgement.declared !== null) {
    const instead = judgement.held.length ? `it shows ${judgement.held.map(named).join(' and ')}` : 'it shows none of the lawful readings';
    return `the statement declares reading ${named(judgement.declared)} of ${entry.id}, but ${instead}`;
  }
  return `none of the lawful readings of ${entry.id} holds: ${entry.readings.map((r) => named(r.id)).join(', ')}`;
}
