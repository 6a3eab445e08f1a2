/**
 * What a v3 write showed, in the terms the readings read (src/readings/entries/v3-shown.ts): taken,
 * refused (a 4xx, or a 2xx whose body refuses: ./refusal.ts) or neither, its status, whether its body
 * carries a validation message (the readings of v3.validation.message, D68) and a given message.
 * Pure readers of an exchange; no verdict is recorded here.
 */
import type { Exchange } from '../http/exchange';
import { judgeReadings } from '../readings';
import { V3_VALIDATION_MESSAGE, type RefusalBodyShown } from '../readings/entries/v3-validation';
import type { WriteShown } from '../readings/entries/v3-shown';
import { LEARNING_MESSAGES } from '../../contract/terms';
import { refusalOf } from './refusal';

type Answered = Exchange & { response: NonNullable<Exchange['response']> };

/** The path of an exchange's request ("" when its URL does not parse). */
export function requestPathOf(exchange: Exchange): string {
  try {
    return new URL(exchange.request.url).pathname;
  } catch {
    return '';
  }
}

/** What a refusal showed, for the readings of v3.validation.message: the body, the route, the fields that failed, the documented messages. */
export function refusalBodyShown(exchange: Answered, fields: readonly string[]): RefusalBodyShown {
  return {
    body: exchange.response.text,
    requestPath: requestPathOf(exchange),
    fields,
    documented: exchange.api === 'learning' ? Object.values(LEARNING_MESSAGES) : [],
  };
}

/**
 * What a write showed: `fields` are what a refusal of it would be about (for its validation message),
 * `message` a 001 §7.2 message whose presence is in question ("" when none is).
 */
export function writeShown(exchange: Answered, fields: readonly string[], message = ''): WriteShown {
  const status = exchange.response.status;
  const refused = (status >= 400 && status < 500) || refusalOf(exchange) !== null;
  return {
    outcome: refused ? 'refused' : status >= 200 && status < 300 ? 'accepted' : 'other',
    status,
    saysMessage: message !== '' && exchange.response.text.includes(message),
    validationMessage: refused && judgeReadings(V3_VALIDATION_MESSAGE, refusalBodyShown(exchange, fields)).ok,
  };
}
