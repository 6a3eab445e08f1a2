/**
 * A reading: one lawful way to read a sentence that admits several. Each reading is a precise
 * predicate over what exchanges showed (never "anything"), with a name people recognise and the
 * frameworks that ship it. A readings entry gathers the lawful readings of one sentence: a check
 * accepts exactly their union, or the one reading a target's statement declares.
 */
import type { ClauseId } from '../../contract/clauses';

export interface Reading<I> {
  /** Unique within its entry, kebab-case: what a statement names ("only-archived"). */
  readonly id: string;
  /** For people: "only the archived candidates". */
  readonly name: string;
  /** Frameworks, stacks or gateways that answer this way by default (may be empty: a reading no stack ships by default). */
  readonly frameworks: readonly string[];
  /** The predicate: true when what was shown is this reading (a method: an entry of any input is a ReadingsEntry<unknown>). */
  holds(input: I): boolean;
  /** What a target taking this reading shows (the predicate holds on each): test/unit/readings.test.ts tries them. */
  readonly shows: readonly I[];
  /** What it does not show (the predicate fails on each): at least one, the nearest miss. */
  readonly not: readonly I[];
}

export interface ReadingsEntry<I> {
  /** Registry id, e.g. "rm.filter.true". */
  readonly id: string;
  /** The entry of schemas/DECISIONS.md that decided it ("D34"). */
  readonly decision: `D${number}`;
  /** The sentence that allows the readings (contract/clauses/registry.ts). */
  readonly clause: ClauseId;
  /** What the sentence leaves open, as a question. */
  readonly question: string;
  /** Who judges it: a check's name (src/checks/registry), or "schema" (a schema keyword's alternatives). */
  readonly judgedBy: string;
  readonly readings: readonly Reading<I>[];
}

/** An entry of any input type, as the registry lists it. */
export type AnyReadingsEntry = ReadingsEntry<unknown>;

export function defineReadings<I>(entry: ReadingsEntry<I>): ReadingsEntry<I> {
  const ids = entry.readings.map((r) => r.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new Error(`readings entry ${entry.id}: reading "${twice}" is listed twice`);
  if (entry.readings.length === 0) throw new Error(`readings entry ${entry.id}: no reading`);
  return Object.freeze({ ...entry, readings: Object.freeze(entry.readings.map((r) => Object.freeze({ ...r }))) });
}
