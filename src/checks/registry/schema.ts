/**
 * schema: a body matches the resource shapes of the documents. Each schema keyword names its own
 * clause (`x-clause`), so the failure quotes the sentence of the very rule that broke.
 */
import { describe, type Exchange } from '../../http/exchange';
import { validateAgainst } from '../../schemas/registry';
import { CheckError } from '../check-error';
import { asCited, defineCheck, type CitedBy } from '../define';
import { expectJson } from './json-body';

const schema = defineCheck({
  name: 'schema',
  summary: 'a body matches the resource shapes the document gives (each schema keyword names its clause)',
  cites: ['rm.', 'hr.', 'learning.', 'v3.'],
});
export default schema;

/** The body validates against the schema `$id`; the failure cites the clause of the first broken keyword. */
export function expectSchema(
  exchange: Exchange,
  schemaId: string,
  clause: CitedBy<typeof schema> & CitedBy<typeof import('./json-body').default>,
): unknown {
  const value = expectJson(exchange, clause);
  const result = validateAgainst(schemaId, value);
  if (!result.valid) {
    const errors = result.errors
      .slice(0, 8)
      .map((e) => e.text)
      .join('; ');
    const cited = asCited(schema, result.errors[0]?.clause ?? clause);
    throw new CheckError(
      schema.name,
      cited,
      `${describe(exchange)}: body does not match ${schemaId.replace(/^https:\/\/schemas\.conformance\.test\//, '')}: ${errors}`,
    );
  }
  return value;
}
