/** v3 helpers shared by the specs: run-tagged external ids. */
import type { Target } from '../../src/config/target';

let counter = 0;

/** An externalId that carries the run id, unique within the run. */
export function runExternalId(target: Target, kind: string): string {
  counter += 1;
  return `${target.run.runId}-${kind}-${process.pid}-${counter}`;
}
