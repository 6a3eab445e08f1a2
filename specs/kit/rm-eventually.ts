/**
 * Reading again while a target catches up (schemas/DECISIONS.md D78): nothing in 000 promises that a
 * write shows at once (a list count, a tags attribute, a new record in a search or a filter). Only
 * when the first read did not show what was expected, the read is repeated, bounded in time.
 */

/** How long a read is repeated at most, and how long between two reads. */
export const CATCH_UP_MS = 5000;
const EVERY_MS = 800;

/** What a bounded wait came to: shown or not, after how many reads and how long. */
export interface CaughtUp {
  readonly ok: boolean;
  readonly reads: number;
  readonly ms: number;
}

/**
 * Reads with `probe` until it returns true, the first read at once and again every `everyMs` for at
 * most `withinMs` (a remote target may index or count a write late).
 */
export async function caughtUp(probe: () => Promise<boolean>, withinMs = CATCH_UP_MS, everyMs = EVERY_MS): Promise<CaughtUp> {
  const started = Date.now();
  let reads = 0;
  for (;;) {
    reads += 1;
    if (await probe()) return { ok: true, reads, ms: Date.now() - started };
    if (Date.now() - started + everyMs > withinMs) return { ok: false, reads, ms: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** For a failure detail: "still not shown after 5 s, 6 reads" (or "at once" when it was read once). */
export function waited(result: CaughtUp): string {
  if (result.reads <= 1) return 'read once';
  return `still not shown after ${Math.round(result.ms / 100) / 10} s, ${result.reads} reads`;
}

/** Retries `probe` while it returns false, for at most `tries` reads `delayMs` apart (as caughtUp, by count). */
export async function eventually(probe: () => Promise<boolean>, tries = 7, delayMs = EVERY_MS): Promise<boolean> {
  return (await caughtUp(probe, (tries - 1) * delayMs, delayMs)).ok;
}
