/** access-level: the access-level moves of 001 §3 and their messages of §7. */
import type { Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import type { Outcome } from '../judge';
import { enforceAnswer, statusOutcome, type Answered } from './status';

const accessLevel = defineCheck({
  name: 'access-level',
  summary: 'orgwide stays orgwide, public and private never become orgwide, each refusal with its message',
  cites: ['learning.state.access-levels', 'learning.msg.from-orgwide', 'learning.msg.to-orgwide', 'learning.content', 'learning.code'],
});
export default accessLevel;

/**
 * The predicate: a field or content type 001 §2 makes usable at the activity's access level (content
 * types text and weblink at every level, the others and `code` at orgwide) is accepted (any 2xx).
 */
export function usableAtLevelOutcome(exchange: Answered, why: string): Outcome {
  return statusOutcome(exchange, '2xx', why);
}

/** A write using what the activity's access level allows: no 5xx, then accepted. */
export function expectUsableAtLevel(exchange: Exchange, clause: CitedBy<typeof accessLevel>, why: string): void {
  enforceAnswer(accessLevel, clause, exchange, '2xx', (e) => usableAtLevelOutcome(e, why));
}
