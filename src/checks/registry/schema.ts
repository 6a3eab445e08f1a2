/**
 * schema: a body matches the resource shapes of the documents. Each schema keyword names its own
 * clause (`x-clause`), so the failure quotes the sentence of the very rule that broke.
 */
import { describe, type Exchange } from '../../http/exchange';
import { validateAgainst } from '../../schemas/registry';
import { asCited, defineCheck, type CitedBy } from '../define';
import { enforce, nonConforming, CONFORMS, type Outcome } from '../judge';
import { expectJson } from './json-body';

const schema = defineCheck({
  name: 'schema',
  summary: 'a body matches the resource shapes the document gives (each schema keyword names its clause)',
  cites: ['rm.', 'hr.', 'learning.', 'v3.'],
});
export default schema;

const SCHEMA_BASE = /^https:\/\/schemas\.conformance\.test\//;

/** The predicate: `value` validates against the schema `schemaId`; a failure names the clause of the first broken keyword. */
export function schemaOutcome(exchange: Exchange, schemaId: string, value: unknown): { outcome: Outcome; clause: string | null } {
  const result = validateAgainst(schemaId, value);
  if (result.valid) return { outcome: CONFORMS, clause: null };
  const errors = result.errors
    .slice(0, 8)
    .map((e) => e.text)
    .join('; ');
  return {
    outcome: nonConforming(`${describe(exchange)}: body does not match ${schemaId.replace(SCHEMA_BASE, '')}: ${errors}`),
    clause: result.errors[0]?.clause ?? null,
  };
}

/** The body validates against the schema `$id`; the failure cites the clause of the first broken keyword. */
export function expectSchema(
  exchange: Exchange,
  schemaId: string,
  clause: CitedBy<typeof schema> & CitedBy<typeof import('./json-body').default>,
): unknown {
  const value = expectJson(exchange, clause);
  const judged = schemaOutcome(exchange, schemaId, value);
  enforce(schema, asCited(schema, judged.clause ?? clause), exchange, judged.outcome);
  return value;
}
