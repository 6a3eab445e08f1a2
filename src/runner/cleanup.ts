/**
 * Undoing what a test created (issue: safe against real environments). Each undo is registered
 * when its record is made and run in reverse order when the test ends; a failed undo, and what the
 * API gives no way to undo (e.g. an RM candidate: there is no delete operation), are reported.
 * Undos of one kind (the same `kind`, e.g. the archives of HR employees) registered one after another
 * run at once: against a far target 25 archives one after another are 25 round trips; an undo of
 * another kind between them (a parent unit after its child) still waits for them.
 */
export interface CleanupReport {
  undone: string[];
  failed: string[];
  leftovers: string[];
}

export class Cleanup {
  private readonly undos: { what: string; undo: () => Promise<unknown>; kind?: string }[] = [];
  private readonly leftovers: string[] = [];

  /** Registers how to undo `what`; `kind` lets it run at once with its neighbours of the same kind. */
  add(what: string, undo: () => Promise<unknown>, kind?: string): void {
    this.undos.push({ what, undo, ...(kind === undefined ? {} : { kind }) });
  }

  /** Records something the API cannot undo, so the report lists it. */
  leftover(what: string): void {
    this.leftovers.push(what);
  }

  async run(): Promise<CleanupReport> {
    const report: CleanupReport = { undone: [], failed: [], leftovers: [...this.leftovers] };
    for (const wave of waves(this.undos.splice(0).reverse())) {
      const settled = await Promise.allSettled(wave.map(async (u) => u.undo()));
      settled.forEach((s, i) => {
        const what = wave[i]?.what ?? '';
        if (s.status === 'fulfilled') report.undone.push(what);
        else report.failed.push(`${what}: ${(s.reason as Error).message}`);
      });
    }
    return report;
  }
}

/** Consecutive undos of one kind together; an undo without a kind alone. */
function waves<U extends { kind?: string }>(undos: readonly U[]): U[][] {
  const out: U[][] = [];
  for (const u of undos) {
    const last = out[out.length - 1];
    if (last && u.kind !== undefined && last[0]?.kind === u.kind) last.push(u);
    else out.push([u]);
  }
  return out;
}
