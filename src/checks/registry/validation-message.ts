/** validation-message: a refusal carries the documented message (learning, word for word) or a message at all (HR). */
import { describe, type Exchange } from '../../http/exchange';
import { V3_VALIDATION_MESSAGE, type RefusalBodyShown } from '../../readings/entries/v3-validation';
import { LEARNING_MESSAGES } from '../../terms';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { refusalOf } from '../refusal';
import { expectNoServerError } from './no-server-error';
import { expectResponse } from './transport';

const validationMessage = defineCheck({
  name: 'validation-message',
  summary:
    'a validation refusal carries the documented message word for word, or, where none is documented, a validation message (it names the field, carries a 001 §7.2 message or states the rule broken)',
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

/** The path of an exchange's request ("" when its URL does not parse). */
function pathOf(exchange: Exchange): string {
  try {
    return new URL(exchange.request.url).pathname;
  } catch {
    return '';
  }
}

/** What a refusal showed, in the terms of the readings of v3.validation.message: the body, the route, the fields that failed, the documented messages. */
export function refusalBodyShown(exchange: Answered, fields: readonly string[]): RefusalBodyShown {
  return {
    body: exchange.response.text,
    requestPath: pathOf(exchange),
    fields,
    documented: exchange.api === 'learning' ? Object.values(LEARNING_MESSAGES) : [],
  };
}

/**
 * The predicate: a validation message (001 §7.1; 001 §4 rule 4), by the readings of
 * v3.validation.message (D68): the body names a field of `fields` (those the request left out or
 * broke), carries a message of 001 §7.2, or states the rule broken. A reason phrase, a status, the
 * route, a timestamp, a trace id or an empty `errors` is none of them (the "generic HTTP status
 * errors" §7.1 allows only besides the message).
 */
export function someMessageOutcome(exchange: Answered, fields: readonly string[]): ReadingOutcome {
  return readingOutcome(
    V3_VALIDATION_MESSAGE,
    refusalBodyShown(exchange, fields),
    `${describe(exchange)}: refused without a validation message about ${fields.length ? fields.join(', ') : 'the rule broken'} ` +
      `(body: ${bodyExcerpt(exchange)})`,
  );
}

export function expectMessage(exchange: Exchange, message: string, clause: CitedBy<typeof validationMessage>): void {
  expectResponse(exchange, clause);
  enforce(validationMessage, clause, exchange, messageOutcome(exchange, message));
}

/** A refusal that must carry a validation message about `fields` (the fields the request left out or broke; empty: a rule about none). */
export function expectSomeMessage(exchange: Exchange, clause: CitedBy<typeof validationMessage>, fields: readonly string[]): void {
  expectResponse(exchange, clause);
  const { outcome, judgement } = someMessageOutcome(exchange as Answered, fields);
  enforce(validationMessage, clause, exchange, outcome, { reading: judgement });
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
