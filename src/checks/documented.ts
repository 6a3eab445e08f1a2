/**
 * The composite check of a documented answer: the target answered, no 5xx, the documented status,
 * and, where the document shows the body's resources, the response schema. The clause of each
 * status comes from the catalogue entry (`responses[].clause`), so the row travels with the failure.
 * A body's media type is not checked: neither document states one for responses. A status that
 * proves more than the row (a 404 of an unknown id, a membership move, a refusal) is judged by its
 * own check's wrapper instead (src/checks/registry/<check>.ts).
 */
import type { OperationSpec } from '../../contract/catalogue/types';
import type { Exchange } from '../http/exchange';
import { asCited } from './define';
import schemaCheck, { expectEpochsAgree, expectSchema } from './registry/schema';
import setup from './registry/setup';
import status, { enforceDocumentedStatus } from './registry/status';

export interface DocumentedOptions {
  /** Validate the body against the catalogue's schema for the status (default true). */
  schema?: boolean;
  /** The answer is the test's precondition (a discovery read): its status is judged by 'setup'. */
  asSetup?: boolean;
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
  if (options.asSetup) enforceDocumentedStatus(setup, exchange, wanted, op);
  else enforceDocumentedStatus(status, exchange, wanted, op);
  const rows = op.responses.filter((r) => wanted.includes(r.status));
  const response = rows.find((r) => r.status === String(exchange.response?.status)) ?? op.responses.find((r) => r.status === wanted[0]);
  if (options.schema !== false && response?.schema && exchange.response?.text.trim()) {
    const body = expectSchema(exchange, response.schema, asCited(schemaCheck, response.clause) as never);
    // One timestamp, two faces: an RM DateTime's utc and epoch name the same instant (000 §2; D86).
    if (op.api === 'rm') expectEpochsAgree(exchange, body);
    return body;
  }
  return undefined;
}
