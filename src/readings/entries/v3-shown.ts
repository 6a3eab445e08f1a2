/**
 * What a v3 write showed, in the terms the v3 readings read: taken, refused (a 4xx, or a 2xx whose
 * body refuses, 001 §7.1), or neither; its status; whether the body carries a validation message
 * (v3.validation.message, D68) and a given 001 §7.2 message. Built by src/checks/write-shown.ts.
 */

export type WriteOutcome = 'accepted' | 'refused' | 'other';

export interface WriteShown {
  /** accepted: a 2xx whose body does not refuse; refused: a 4xx, or a 2xx whose body refuses; other: neither (a 3xx, a 5xx). */
  readonly outcome: WriteOutcome;
  readonly status: number;
  /** The body carries the 001 §7.2 message in question, word for word (false where none is in question). */
  readonly saysMessage: boolean;
  /** The body carries a validation message (v3.validation.message, D68). */
  readonly validationMessage: boolean;
}

/** An example of what a write showed: `status` from the outcome unless given. */
export function wrote(outcome: WriteOutcome, saysMessage = false, validationMessage = saysMessage, status?: number): WriteShown {
  return {
    outcome,
    status: status ?? (outcome === 'accepted' ? 200 : outcome === 'refused' ? 400 : 500),
    saysMessage,
    validationMessage,
  };
}

/** Taken. */
export const accepted = (s: WriteShown): boolean => s.outcome === 'accepted';
/** Refused with a validation message (001 §7.1). */
export const refusedWithMessage = (s: WriteShown): boolean => s.outcome === 'refused' && s.validationMessage;
