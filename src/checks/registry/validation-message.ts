/** validation-message: a refusal carries the documented message (learning, word for word) or a message at all (HR). */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { carriesMessage, refusalOf } from '../refusal';
import { expectNoServerError } from './no-server-error';
import { expectResponse } from './transport';

const validationMessage = defineCheck({
  name: 'validation-message',
  summary: 'a validation refusal carries the documented message word for word, or a message where none is documented',
  cites: ['learning.msg.', 'hr.rule.message', 'v3.error.validation'],
});
export default validationMessage;

type Answered = Exchange & { response: NonNullable<Exchange['response']> };

/** The predicate: the message text appears word for word somewhere in the body (its shape is not documented). */
export function messageOutcome(exchange: Answered, message: string): Outcome {
  return exchange.response.text.includes(message)
    ? CONFORMS
    : nonConforming(`${describe(exchange)}: the body does not carry the message "${message}"; body: ${bodyExcerpt(exchange)}`);
}

/**
 * The predicate: some message at all (001 §4 rule 4; the HR message list is not shown, 001 §7.3): some
 * non-blank text in the body, plain or anywhere in its JSON. An empty body, or `{"errors": []}`, carries none.
 */
export function someMessageOutcome(exchange: Answered): Outcome {
  return carriesMessage(exchange.response.text)
    ? CONFORMS
    : nonConforming(`${describe(exchange)}: refused without any validation message in the body; body: ${bodyExcerpt(exchange)}`);
}

export function expectMessage(exchange: Exchange, message: string, clause: CitedBy<typeof validationMessage>): void {
  expectResponse(exchange, clause);
  enforce(validationMessage, clause, exchange, messageOutcome(exchange, message));
}

export function expectSomeMessage(exchange: Exchange, clause: CitedBy<typeof validationMessage>): void {
  expectResponse(exchange, clause);
  enforce(validationMessage, clause, exchange, someMessageOutcome(exchange));
}

/**
 * The predicate: a write for which a 001 §7.2 message's condition does not hold is not refused with
 * that message. Accepted, or refused for something else (a bound 001 §8 does not show), both conform;
 * a refusal carrying `message` does not.
 */
export function messageNotSaidOutcome(exchange: Answered, message: string, why: string): Outcome {
  const code = exchange.response.status;
  const refused = (code >= 400 && code < 500) || refusalOf(exchange) !== null;
  return refused && exchange.response.text.includes(message)
    ? nonConforming(`${describe(exchange)}: refused with "${message}", but ${why}; body: ${bodyExcerpt(exchange)}`)
    : CONFORMS;
}

/** A write the message's condition does not hold for: no 5xx, then not refused with that message. */
export function expectMessageNotSaid(exchange: Exchange, message: string, clause: CitedBy<typeof validationMessage>, why: string): void {
  expectNoServerError(exchange, clause);
  enforce(validationMessage, clause, exchange, messageNotSaidOutcome(exchange as Answered, message, why));
}
