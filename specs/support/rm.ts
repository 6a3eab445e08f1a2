/** RM helpers shared by the specs: run-tagged records and their clean-up. */
import type { Target } from '../../src/config/target';
import type { ApiClient } from '../../src/http/client';
import { jsonBody } from '../../src/http/exchange';
import { expectStatus, expectThat } from '../../src/checks';
import type { Cleanup } from '../../src/runner/cleanup';

let counter = 0;

/** An e-mail address that carries the run id in its local part, unique within the run. */
export function runEmail(target: Target, purpose: string): string {
  counter += 1;
  return `conformance+${target.run.runId}-${purpose}-${process.pid}-${counter}@example.com`;
}

export function candidateBody(attributes: Record<string, unknown>): Record<string, unknown> {
  return { data: { type: 'candidates', attributes } };
}

/** Creates a run-tagged candidate and returns its id (000 §4: POST /candidates -> 201). */
export async function createCandidate(rm: ApiClient, target: Target, cleanup: Cleanup, purpose: string, extra: Record<string, unknown> = {}): Promise<string> {
  const email = runEmail(target, purpose);
  const ex = await rm.send({ method: 'POST', path: '/candidates', body: candidateBody({ email, first_name: 'Conformance', last_name: target.run.runId, tag_values: [`conformance-${target.run.runId}`], ...extra }), operationId: 'rm.candidates.create' });
  expectStatus(ex, 201, { check: 'setup', seed: '000 §4 Operations' });
  const body = jsonBody(ex) as { data?: { id?: unknown } } | undefined;
  const id = body?.data?.id;
  expectThat(typeof id === 'string' || typeof id === 'number', 'setup', `POST /candidates answered 201 without data.id`, '000 §1');
  cleanup.leftover(`RM candidate ${email} (no documented delete operation)`);
  return String(id);
}
