/**
 * Undoing what a test created (issue: safe against real environments). Each undo is registered
 * when its record is made and run in reverse order when the test ends; a failed undo, and what the
 * API gives no way to undo (e.g. an RM candidate: there is no delete operation), are reported.
 */
export interface CleanupReport {
  undone: string[];
  failed: string[];
  leftovers: string[];
}

export class Cleanup {
  private readonly undos: { what: string; undo: () => Promise<unknown> }[] = [];
  private readonly leftovers: string[] = [];

  /** Registers how to undo `what`. */
  add(what: string, undo: () => Promise<unknown>): void {
    this.undos.push({ what, undo });
  }

  /** Records something the API cannot undo, so the report lists it. */
  leftover(what: string): void {
    this.leftovers.push(what);
  }

  async run(): Promise<CleanupReport> {
    const report: CleanupReport = { undone: [], failed: [], leftovers: [...this.leftovers] };
    for (const { what, undo } of this.undos.splice(0).reverse()) {
      try {
        await undo();
        report.undone.push(what);
      } catch (error) {
        report.failed.push(`${what}: ${(error as Error).message}`);
      }
    }
    return report;
  }
}
