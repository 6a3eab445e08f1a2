/** access-level: the access-level moves of 001 §3 and their messages of §7. */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { LEARNING_PUBLIC_PRIVATE } from '../../readings/entries/v3-learning';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { refusalOf } from '../refusal';
import { writeShown } from '../write-shown';
import { expectNoServerError } from './no-server-error';
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

/**
 * The predicate: what 001 §2 makes usable at the activity's access level, sent without fields of its
 * own that 001 does not name (a bare `{type: "weblink"}`: the weblink's address field is not shown),
 * is not refused for the access level. Accepted (a 2xx that does not refuse), or refused for what it
 * lacks, with a body carrying none of `levelMessages` (the 001 §7.2 messages whose condition is the
 * access level: "Invalid access level for content type", "Field is invalid for access level").
 */
export function notRefusedForLevelOutcome(exchange: Answered, levelMessages: readonly string[], why: string): Outcome {
  const code = exchange.response.status;
  const refused = (code >= 400 && code < 500) || refusalOf(exchange) !== null;
  const named = refused ? levelMessages.filter((m) => exchange.response.text.includes(m)) : [];
  if (named.length > 0)
    return nonConforming(`${describe(exchange)}: refused with "${named.join('", "')}", but ${why}; body: ${bodyExcerpt(exchange)}`);
  if (code >= 300 && !refused)
    return nonConforming(`${describe(exchange)}: neither accepted nor refused (${why}); body: ${bodyExcerpt(exchange)}`);
  return CONFORMS;
}

/** A write using, bare, what the activity's access level allows: no 5xx, then not refused for the access level. */
export function expectNotRefusedForLevel(
  exchange: Exchange,
  clause: CitedBy<typeof accessLevel>,
  levelMessages: readonly string[],
  why: string,
): void {
  expectNoServerError(exchange, clause);
  enforce(accessLevel, clause, exchange, notRefusedForLevelOutcome(exchange as Answered, levelMessages, why));
}

/**
 * The predicate of a change between public and private, by the readings of
 * learning.access-level.public-private (D40): an update like any other (200), or refused with a
 * validation message.
 */
export function publicPrivateOutcome(exchange: Answered, from: string, to: string): ReadingOutcome {
  return readingOutcome(
    LEARNING_PUBLIC_PRIVATE,
    writeShown(exchange, ['accessLevel']),
    `${describe(exchange)} (accessLevel ${from} -> ${to})`,
  );
}

/** A change between public and private: no 5xx, then 200 or a refusal with a message; the verdict names which. Returns true when taken. */
export function expectPublicPrivateReading(exchange: Exchange, clause: CitedBy<typeof accessLevel>, from: string, to: string): boolean {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = publicPrivateOutcome(exchange as Answered, from, to);
  enforce(accessLevel, clause, exchange, outcome, { reading: judgement });
  return judgement.held.includes('change-allowed');
}
