/**
 * The readings a run saw the target take (conformance.json `readings`): per ambiguous sentence of the
 * readings registry, how many verdicts relied on it, how often each lawful reading held, the one the
 * target took (held by every judgement), and the one a statement declared.
 */
import type { Verdict } from '../checks/verdict';
import { readingsEntry } from '../readings';

export interface ReadingsSeen {
  entry: string;
  decision: string;
  clause: string;
  question: string;
  /** The reading the statement in force declared, or null. */
  declared: string | null;
  /** Verdicts that judged by this entry, and how many of them failed. */
  judged: number;
  failed: number;
  /** Reading id -> how many judgements it held in (a judgement may hold several where they agree). */
  held: Record<string, number>;
  /** The reading that held in every judgement (the first in the entry's order where several did), or null. */
  taken: string | null;
}

export function readingsTally(verdicts: readonly Verdict[]): ReadingsSeen[] {
  const byEntry = new Map<string, ReadingsSeen>();
  for (const v of verdicts) {
    if (!v.reading) continue;
    const entry = readingsEntry(v.reading.entry);
    if (!entry) continue;
    let seen = byEntry.get(entry.id);
    if (!seen) {
      seen = {
        entry: entry.id,
        decision: entry.decision,
        clause: entry.clause,
        question: entry.question,
        declared: v.reading.declared,
        judged: 0,
        failed: 0,
        held: Object.fromEntries(entry.readings.map((r) => [r.id, 0])),
        taken: null,
      };
      byEntry.set(entry.id, seen);
    }
    seen.judged += 1;
    if (v.verdict === 'failed') seen.failed += 1;
    for (const id of v.reading.held) seen.held[id] = (seen.held[id] ?? 0) + 1;
  }
  for (const seen of byEntry.values()) {
    const entry = readingsEntry(seen.entry);
    seen.taken = entry?.readings.find((r) => seen.held[r.id] === seen.judged)?.id ?? null;
  }
  return [...byEntry.values()].sort((a, b) => a.entry.localeCompare(b.entry));
}
