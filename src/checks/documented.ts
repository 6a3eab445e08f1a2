/**
 * The composite check of a documented answer: the target answered, no 5xx, the documented status,
 * and, where the document shows the body's resources, the response schema. The clause of each
 * status comes from the catalogue entry (`responses[].clause`), so the row travels with the failure.
 * A body's media type is not checked: neither document states one for responses.
 */
import type { OperationSpec } from '../catalogue/types';
import type { Exchange } from '../http/exchange';
import { asCited } from './define';
import { CHECKS, type CheckName } from './registry';
import { expectNoServerError } from './registry/no-server-error';
import schemaCheck, { expectSchema } from './registry/schema';
import { expectStatus } from './expect-status';
import type { ExpectedStatus } from './registry/status';

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
export function expectDocumented(
  exchange: Exchange,
  op: OperationSpec,
  statuses: string | readonly string[],
  options: DocumentedOptions = {},
): unknown {
  const wanted = typeof statuses === 'string' ? [statuses] : statuses;
  const responses = wanted.map((s) => {
    const r = op.responses.find((x) => x.status === s);
    if (!r) throw new Error(`expectDocumented: ${op.id} documents no status ${s}`);
    return r;
  });
  const first = responses[0];
  if (!first) throw new Error('expectDocumented: no status given');
  const statusCheck = options.statusCheck ?? 'status';
  expectNoServerError(exchange, asCited(CHECKS['no-server-error'], first.clause));
  const expected: ExpectedStatus =
    wanted.length === 1 && /^\dxx$/.test(first.status) ? (first.status as '2xx' | '4xx') : wanted.map(Number);
  expectStatus(exchange, expected, { check: statusCheck, clause: asCited(CHECKS[statusCheck], first.clause) as never });
  const status = String(exchange.response?.status);
  const response = responses.find((r) => r.status === status) ?? first;
  if (options.schema !== false && response.schema && exchange.response?.text.trim()) {
    return expectSchema(exchange, response.schema, asCited(schemaCheck, response.clause) as never);
  }
  return undefined;
}
