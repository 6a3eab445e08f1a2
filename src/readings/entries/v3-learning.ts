/**
 * Readings of the learning activity sentences of 001 (§2 Learning activity, §4 Learning update rules,
 * §7.2 messages) that admit more than one reading: what a write whose 001 §7.2 condition is in doubt
 * may be answered (a cost of 0, D46; the stored aggregate id sent again, D70).
 */
import { defineReadings, type ReadingsEntry } from '../types';

/** What a write whose 001 §7.2 condition is in doubt showed. */
export interface RuledWriteShown {
  /** accepted: a 2xx whose body does not refuse; refused: a 4xx, or a 2xx whose body refuses; other: neither (a 3xx, a 5xx). */
  readonly outcome: 'accepted' | 'refused' | 'other';
  /** The body carries the 001 §7.2 message in question, word for word. */
  readonly saysMessage: boolean;
  /** The body carries a validation message (v3.validation.message, D68). */
  readonly validationMessage: boolean;
}

const ruled = (outcome: RuledWriteShown['outcome'], saysMessage = false, validationMessage = saysMessage): RuledWriteShown => ({
  outcome,
  saysMessage,
  validationMessage,
});

/** Accepted, or refused with a validation message other than the message in question. */
const acceptedOrRefusedOtherwise = (s: RuledWriteShown): boolean =>
  s.outcome === 'accepted' || (s.outcome === 'refused' && !s.saysMessage && s.validationMessage);

export const LEARNING_ZERO_COST: ReadingsEntry<RuledWriteShown> = defineReadings({
  id: 'learning.costs.zero',
  decision: 'D46',
  clause: 'learning.msg.currency-needs-cost',
  question:
    'Is a cost field sent with the value 0 "a cost"? 001 §7.2 refuses "currency.code is sent without any cost" with "If currency code ' +
    'is supplied at least one cost also needs to be supplied"; whether 0 is a cost, and whether 0 is an allowed cost (001 §8), is not said.',
  judgedBy: 'validation-message',
  readings: [
    {
      id: 'zero-is-a-cost',
      name: 'a cost of 0 is a cost: the create with a currency code is accepted, or refused for something else (a bound) with its message',
      frameworks: ['null checks (Bean Validation @NotNull, Joi .required(), pydantic Optional fields)'],
      holds: acceptedOrRefusedOtherwise,
      shows: [ruled('accepted'), ruled('refused', false, true)],
      not: [ruled('refused', true), ruled('refused', false, false), ruled('other')],
    },
    {
      id: 'zero-is-no-cost',
      name: 'a cost of 0 is no cost: the create is refused "If currency code is supplied at least one cost also needs to be supplied"',
      frameworks: ['truthiness checks (JavaScript `if (cost)`, Python `if cost:`, PHP empty())'],
      holds: (s: RuledWriteShown) => s.outcome === 'refused' && s.saysMessage,
      shows: [ruled('refused', true)],
      not: [ruled('accepted'), ruled('refused', false, true), ruled('other', true)],
    },
  ],
});

export const LEARNING_AGGREGATE_RESENT: ReadingsEntry<RuledWriteShown> = defineReadings({
  id: 'learning.aggregate-id.resent',
  decision: 'D70',
  clause: 'learning.rule.update',
  question:
    'May an update that sends the stored aggregateId unchanged be refused? 001 §4 "send only the fields that change" tells the caller what ' +
    'to send, not what the target does with an unchanged field; 001 §7.2 refuses "Cannot change Aggregate ID for an existing activity" only ' +
    'when the "supplied aggregate id differs from the stored one".',
  judgedBy: 'validation-message',
  readings: [
    {
      id: 'resent-accepted',
      name: 'the stored aggregate id sent again is accepted (it does not differ)',
      frameworks: ['DTOs that bind every member and compare the id (Spring, ASP.NET, NestJS)'],
      holds: (s: RuledWriteShown) => s.outcome === 'accepted',
      shows: [ruled('accepted')],
      not: [ruled('refused', false, true), ruled('refused', true), ruled('other')],
    },
    {
      id: 'resent-refused',
      name:
        'the stored aggregate id sent again is refused as a field that does not change (a read-only member), with a validation message ' +
        'other than "Cannot change Aggregate ID for an existing activity", whose condition does not hold',
      frameworks: ['read-only members refused on input (DRF read_only fields with strict input, JSON Schema readOnly enforced)'],
      holds: (s: RuledWriteShown) => s.outcome === 'refused' && !s.saysMessage && s.validationMessage,
      shows: [ruled('refused', false, true)],
      not: [ruled('accepted'), ruled('refused', true), ruled('refused', false, false)],
    },
  ],
});

export const V3_LEARNING_READINGS = [LEARNING_ZERO_COST, LEARNING_AGGREGATE_RESENT] as const;
