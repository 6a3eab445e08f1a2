/**
 * The run-tagged records a worker shares: one candidate with an education, an employment and a
 * tag, for tests that only address existing records and change nothing (the 401 and 404 tables and
 * the date-header test of catalogue-rules.spec.ts). They are made lazily, when a test first asks
 * for them, and the exchanges that make them are recorded in that test's report; what cannot be
 * undone is listed as that test's leftover. Undos wait for the worker's teardown (the rmShared
 * fixture of specs/kit/fixtures.ts), since every later test of the worker may still address the records.
 */
import { test } from '@playwright/test';
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import type { Exchange } from '../../src/http/exchange';
import { Cleanup } from '../../src/runner/cleanup';
import { addEducation, addEmployment, createCandidateRecord, listTags, taggingNamed } from './rm-records';

export interface SharedRecords {
  candidateId: string;
  educationId: string;
  employmentId: string;
  tagId: string | null;
}

/** A clean-up that keeps undos for the worker's teardown and hands leftovers to the asking test's clean-up (its report). */
class WorkerUndos extends Cleanup {
  constructor(
    private readonly worker: Cleanup,
    private readonly asking: Cleanup,
  ) {
    super();
  }

  override add(what: string, undo: () => Promise<unknown>): void {
    this.worker.add(what, undo);
  }

  override leftover(what: string): void {
    this.asking.leftover(what);
  }
}

async function make(rm: ApiClient, target: Target, cleanup: Cleanup): Promise<SharedRecords> {
  const candidate = await createCandidateRecord(rm, target, cleanup, 'shared');
  const educationId = await addEducation(rm, cleanup, candidate.id);
  const employmentId = await addEmployment(rm, cleanup, candidate.id);
  const tags = (await listTags(rm, candidate.id)).records;
  const tagId = (taggingNamed(tags, candidate.tag) ?? tags[0])?.id ?? null;
  return { candidateId: candidate.id, educationId, employmentId, tagId };
}

/** The shared records of one worker (the value of the rmShared fixture). */
export class RmShared {
  private readonly cleanup = new Cleanup();
  private pending: Promise<SharedRecords> | null = null;
  /** The worker's client: like the first asking test's, but recording through `recorder`. */
  private client: ApiClient | null = null;
  /** The recorder of the test whose request makes the records; none at teardown. */
  private recorder: ((exchange: Exchange) => void) | null = null;

  constructor(private readonly target: Target) {}

  /** The records, made on the first call (in the calling test, with its client's recorder and clean-up for leftovers). */
  records(rm: ApiClient, cleanup: Cleanup): Promise<SharedRecords> {
    test.skip(!this.target.rm, 'RM v2 not configured (RM_BASE_URL is unset while HR_BASE_URL is set)');
    if (this.pending) return this.pending;
    const client = (this.client ??= rm.with({ onExchange: (exchange) => this.recorder?.(exchange) }));
    this.recorder = rm.config.onExchange ?? null;
    const made = make(client, this.target, new WorkerUndos(this.cleanup, cleanup)).finally(() => {
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
    for (const line of report.failed) process.stderr.write(`RM shared records: clean-up failed: ${line}\n`);
  }
}
