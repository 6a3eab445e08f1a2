/** setup: a documented request the test needs first (creating the record it works on) succeeded. */
import type { Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { enforce, nonConforming } from '../judge';

const setup = defineCheck({
  name: 'setup',
  summary: 'a documented request the test builds on (creating its own record) succeeds',
  cites: ['rm.op.', 'rm.layout.resource', 'hr.op.', 'learning.op.put', 'v3.auth.token'],
});
export default setup;

/** A request the test builds on did not do what the clause says: the test cannot go on. */
export function failSetup(clause: CitedBy<typeof setup>, detail: string, exchange: Exchange | null = null): never {
  enforce(setup, clause, exchange, nonConforming(detail));
  throw new Error('unreachable: enforce throws on a failure');
}
