/**
 * What a test records besides its exchanges and verdicts, until its evidence is written at its end
 * (./fixtures.ts): observations (where the documents are silent), notes, what its clean-up could not
 * undo and the properties it ran. The reporters read all of it from the one
 * evidence annotation (src/reporting/evidence.ts), never from annotations of their own.
 */
import type { Observation, ObservationCategory } from '../../src/reporting/observations';
import type { TestRecords } from '../../src/reporting/evidence';

let running: TestRecords | null = null;

/** A fresh record for the test that starts; the previous one (if any) is done. */
export function startRecords(): TestRecords {
  running = { observations: [], leftovers: [], properties: [] };
  return running;
}

/** Ends the running test's record. */
export function endRecords(): void {
  running = null;
}

/** The running test's record; outside a test (worker set-up or teardown), a record nothing reads. */
export function runningRecords(): TestRecords {
  return running ?? { observations: [], leftovers: [], properties: [] };
}

/** Records what the target did where the documents are silent (`operationId`: the operation it is about). */
export function recordObservation(category: ObservationCategory, subject: string, value: string, operationId?: string | null): void {
  const observation: Observation = { category, subject, value, ...(operationId ? { operationId } : {}) };
  runningRecords().observations.push(observation);
}
