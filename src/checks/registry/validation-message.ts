/** validation-message: a refusal carries the documented message (learning, word for word) or a message at all (HR). */
import { describe, type Exchange } from '../../http/exchange';
import { LEARNING_AGGREGATE_RESENT, LEARNING_MESSAGE_WORDING, LEARNING_ZERO_COST } from '../../readings/entries/v3-learning';
import { V3_VALIDATION_MESSAGE } from '../../readings/entries/v3-validation';
import { LEARNING_MESSAGES } from '../../../contract/terms';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { enforce } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { refusalBodyShown, requestPathOf, writeShown } from '../write-shown';
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

/**
 * The predicate: the message appears word for word in a text of the body (its shape is not shown), by
 * the readings of learning.message.surroundings (D45): as given, ended by a full stop, or within a
 * longer text. A reworded, recased or split message is none of them.
 */
export function messageOutcome(exchange: Answered, message: string): ReadingOutcome {
  return readingOutcome(
    LEARNING_MESSAGE_WORDING,
    { body: exchange.response.text, message, requestPath: requestPathOf(exchange) },
    `${describe(exchange)}: the body does not carry the message "${message}" (body: ${bodyExcerpt(exchange)})`,
  );
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
  const { outcome, judgement } = messageOutcome(exchange as Answered, message);
  enforce(validationMessage, clause, exchange, outcome, { reading: judgement });
}

/** A refusal that must carry a validation message about `fields` (the fields the request left out or broke; empty: a rule about none). */
export function expectSomeMessage(exchange: Exchange, clause: CitedBy<typeof validationMessage>, fields: readonly string[]): void {
  expectResponse(exchange, clause);
  const { outcome, judgement } = someMessageOutcome(exchange as Answered, fields);
  enforce(validationMessage, clause, exchange, outcome, { reading: judgement });
}

/**
 * The predicate of a currency code sent with a cost of 0, by the readings of learning.costs.zero
 * (D46): accepted or refused for something else ("zero-is-a-cost"), or refused "If currency code is
 * supplied at least one cost also needs to be supplied" ("zero-is-no-cost").
 */
export function zeroCostOutcome(exchange: Answered): ReadingOutcome {
  const shown = writeShown(exchange, ['costs', 'attendenceCost'], LEARNING_MESSAGES.currencyWithoutCost);
  return readingOutcome(
    LEARNING_ZERO_COST,
    shown,
    `${describe(exchange)} (a currency code and attendenceCost 0; body: ${bodyExcerpt(exchange)})`,
  );
}

/** A currency code sent with a cost of 0: no 5xx, then one of the readings of learning.costs.zero; the verdict names it. */
export function expectZeroCostReading(exchange: Exchange, clause: CitedBy<typeof validationMessage>): void {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = zeroCostOutcome(exchange as Answered);
  enforce(validationMessage, clause, exchange, outcome, { reading: judgement });
}

/**
 * The predicate of an update that sends the stored aggregate id unchanged, by the readings of
 * learning.aggregate-id.resent (D70): accepted ("resent-accepted"), or refused as a field that does
 * not change, with a validation message that is not "Cannot change Aggregate ID for an existing
 * activity", whose condition ("supplied aggregate id differs from the stored one") does not hold.
 */
export function aggregateResentOutcome(exchange: Answered): ReadingOutcome {
  const shown = writeShown(exchange, ['aggregateId'], LEARNING_MESSAGES.aggregateId);
  return readingOutcome(
    LEARNING_AGGREGATE_RESENT,
    shown,
    `${describe(exchange)} (the stored aggregateId sent again, unchanged; body: ${bodyExcerpt(exchange)})`,
  );
}

/** The stored aggregate id sent again: no 5xx, then one of the readings of learning.aggregate-id.resent; the verdict names it. */
export function expectAggregateResentReading(exchange: Exchange, clause: CitedBy<typeof validationMessage>): void {
  expectNoServerError(exchange, clause);
  const { outcome, judgement } = aggregateResentOutcome(exchange as Answered);
  enforce(validationMessage, clause, exchange, outcome, { reading: judgement });
}
