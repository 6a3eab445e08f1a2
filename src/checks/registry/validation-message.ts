/** validation-message: a refusal carries the documented message (learning, word for word) or a message at all (HR). */
import { describe, type Exchange } from '../../http/exchange';
import { CheckError } from '../check-error';
import { defineCheck, type CitedBy } from '../define';
import { bodyExcerpt } from '../excerpt';
import { expectResponse } from './transport';

const validationMessage = defineCheck({
  name: 'validation-message',
  summary: 'a validation refusal carries the documented message word for word, or a message where none is documented',
  cites: ['learning.msg.', 'hr.rule.message', 'v3.error.validation'],
});
export default validationMessage;

/** The message text appears word for word somewhere in the body (its shape is not documented). */
export function expectMessage(exchange: Exchange, message: string, clause: CitedBy<typeof validationMessage>): void {
  expectResponse(exchange, clause);
  if (!exchange.response.text.includes(message)) {
    throw new CheckError(
      validationMessage.name,
      clause,
      `${describe(exchange)}: the body does not carry the message "${message}"; body: ${bodyExcerpt(exchange)}`,
    );
  }
}

/** Some message at all: a non-empty body (001 §4 rule 4; the HR message list is not shown). */
export function expectSomeMessage(exchange: Exchange, clause: CitedBy<typeof validationMessage>): void {
  expectResponse(exchange, clause);
  if (exchange.response.text.trim() === '') {
    throw new CheckError(validationMessage.name, clause, `${describe(exchange)}: refused without any validation message in the body`);
  }
}
