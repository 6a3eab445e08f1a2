/**
 * The composite check of a documented answer: the target answered, no 5xx, the documented status,
 * a JSON content type when there is a body, and the response schema the catalogue names for that
 * status. Specs call it with the catalogue operation so the seed section travels with the failure.
 */
import type { OperationSpec } from '../catalogue/types';
import type { Exchange } from '../http/exchange';
import type { CheckName } from './names';
import { expectJsonContentType, expectNoServerError, expectSchema, expectStatus, type ExpectedStatus } from './http-checks';

export interface DocumentedOptions {
  /** Name for the status check, e.g. 'auth-enforced'. */
  statusCheck?: CheckName;
  /** Validate the body against the catalogue's schema for the status (default true). */
  schema?: boolean;
}

/**
 * Checks `exchange` against `statuses` of `op`: each must be documented by the catalogue (a
 * programming error otherwise). Returns the parsed body when a schema was checked.
 */
export function expectDocumented(exchange: Exchange, op: OperationSpec, statuses: string | readonly string[], options: DocumentedOptions = {}): unknown {
  const wanted = typeof statuses === 'string' ? [statuses] : statuses;
  const responses = wanted.map((s) => {
    const r = op.responses.find((x) => x.status === s);
    if (!r) throw new Error(`expectDocumented: ${op.id} documents no status ${s}`);
    return r;
  });
  const seed = responses[0]?.seed ?? op.seed;
  expectNoServerError(exchange, { seed });
  const expected: ExpectedStatus = wanted.length === 1 && /^\dxx$/.test(wanted[0] ?? '') ? (wanted[0] as '2xx' | '4xx') : wanted.map(Number);
  expectStatus(exchange, expected, { seed, ...(options.statusCheck ? { check: options.statusCheck } : {}) });
  expectJsonContentType(exchange, { seed });
  const status = String(exchange.response?.status);
  const schema = responses.find((r) => r.status === status)?.schema ?? responses[0]?.schema;
  if (options.schema !== false && schema && exchange.response?.text.trim()) return expectSchema(exchange, schema, { seed: responses.find((r) => r.schema === schema)?.seed ?? seed });
  return undefined;
}
