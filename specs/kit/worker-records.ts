/**
 * Run-tagged records a worker's tests share, for tests that only address them and change nothing
 * (RM: a candidate with an education, an employment and a tag; HR: a chain of parent business
 * units). They are made lazily, when a test first asks for them, and the exchanges that make them
 * are recorded in that test's report; what cannot be undone is listed as that test's leftover.
 * Undos wait for the worker's teardown (the worker fixtures of specs/kit/fixtures.ts), since every
 * later test of the worker may still address the records. Against a far target this saves each
 * test the round trips of making and undoing them.
 */
import type { ApiClient } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { Cleanup } from '../../src/runner/cleanup';
import { asSetup } from './setup-scope';

/** A clean-up that keeps undos for the worker's teardown and hands leftovers to the asking test's clean-up (its report). */
class WorkerUndos extends Cleanup {
  constructor(
    private readonly worker: Cleanup,
    private readonly asking: Cleanup,
  ) {
    super();
  }

  override add(what: string, undo: () => Promise<unknown>, kind?: string): void {
    this.worker.add(what, undo, kind);
  }

  override leftover(what: string): void {
    this.asking.leftover(what);
  }
}

/** Makes the records with the asking test's client (recording into its report) and a clean-up whose undos wait for the worker's end. */
export type MakeRecords<T> = (client: ApiClient, cleanup: Cleanup) => Promise<T>;

export class WorkerRecords<T> {
  private readonly cleanup = new Cleanup();
  private pending: Promise<T> | null = null;
  /** The worker's client: like the first asking test's, but recording through `recorder`. */
  private client: ApiClient | null = null;
  /** The recorder of the test whose request makes the records; none at teardown. */
  private recorder: ((exchange: Exchange) => void) | null = null;

  constructor(
    /** Names the records in a failed undo's line on stderr. */
    private readonly label: string,
    private readonly make: MakeRecords<T>,
  ) {}

  /** The records, made on the first call (in the calling test, with its client's recorder and clean-up for leftovers). */
  records(client: ApiClient, cleanup: Cleanup): Promise<T> {
    if (this.pending) return this.pending;
    const worker = (this.client ??= client.with({ onExchange: (exchange) => this.recorder?.(exchange) }));
    this.recorder = client.config.onExchange ?? null;
    const made = asSetup(() => this.make(worker, new WorkerUndos(this.cleanup, cleanup))).finally(() => {
      this.recorder = null;
    });
    this.pending = made;
    made.catch(() => {
      // A failed attempt is not kept: the next test that asks tries again.
      if (this.pending === made) this.pending = null;
    });
    return made;
  }

  /** Runs the undos at worker teardown; a failed one is written to stderr (no test is left to report it). */
  async cleanUp(): Promise<void> {
    const report = await this.cleanup.run();
    for (const line of report.failed) process.stderr.write(`${this.label}: clean-up failed: ${line}\n`);
  }
}
