/**
 * The learning validation messages of 001 §7.2 (written once, in contract/terms.ts) and the reworded
 * forms the `learning.msg.*` faults answer with instead.
 */
import type { Behaviour } from '../../behaviour';
import { LEARNING_MESSAGES, type LearningMessageKey } from '../../../../contract/terms';
import type { V3FaultName } from '../faults';
import { on } from '../../switches';

export type MessageKey = LearningMessageKey;

/** Not a message of 001 §7.2 ("The list is not exhaustive"): what the public-private-refused variant says. */
export const PUBLIC_PRIVATE_MESSAGE = 'Cannot change access level between public and private';

const REWORDED: Partial<Record<MessageKey, [V3FaultName, string]>> = {
  fromOrgwide: ['learning.msg.from-orgwide-reworded', 'Cannot change access level from orgwide'],
  toOrgwide: ['learning.msg.to-orgwide-reworded', 'Cannot change access level to orgwide'],
  aggregateId: ['learning.msg.aggregate-id-reworded', 'Cannot change aggregateId for an existing activity'],
  costWithoutCurrency: ['learning.msg.cost-without-currency-reworded', 'If cost is supplied then currency also needs to be supplied'],
  currencyWithoutCost: ['learning.msg.currency-without-cost-reworded', 'If currency code is supplied a cost also needs to be supplied'],
  contentType: ['learning.msg.content-type-reworded', 'Invalid content type for access level'],
  fieldForAccessLevel: ['learning.msg.field-access-level-reworded', 'Field is not valid for access level'],
  image: ['learning.msg.image-reworded', 'Image not found'],
};

/** Further rewordings, written blind from 001 §7.2: another row's message. */
const BLIND_REWORDED: Partial<Record<MessageKey, [V3FaultName, string]>> = {
  fromOrgwide: ['learning.msg.from-orgwide-says-to', LEARNING_MESSAGES.toOrgwide],
  fieldForAccessLevel: ['learning.msg.code-says-content-type', LEARNING_MESSAGES.contentType],
};

/** The message the server says for `key` (reworded when its fault is on). */
export function learningMessage(behaviour: Behaviour, key: MessageKey): string {
  const reworded = REWORDED[key];
  if (reworded && on(behaviour, reworded[0])) return reworded[1];
  const blind = BLIND_REWORDED[key];
  if (blind && on(behaviour, blind[0])) return blind[1];
  // Lawful: the message word for word, ended by a full stop (the body's format is not shown, 001 §7.4).
  return on(behaviour, 'learning.variant.messages-full-stop') ? `${LEARNING_MESSAGES[key]}.` : LEARNING_MESSAGES[key];
}

/** What the learning.msg.cost-typo-on-update fault says on the update path. */
export const COST_MESSAGE_WITH_TYPO = 'If cost is supplied then currency code also need to be supplied';
