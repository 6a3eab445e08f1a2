/**
 * A failed check. Its message starts with `[check:<name>]` and ends with the seed clause the check
 * enforces, so a report line (and the fault runner) can name the check and trace it to the contract.
 */
export class CheckError extends Error {
  override readonly name = 'CheckError';
  constructor(
    readonly check: string,
    readonly detail: string,
    readonly seed: string | null,
    readonly exchangeText?: string,
  ) {
    super(`[check:${check}] ${detail}${seed ? ` (seed ${seed})` : ''}`);
  }
}

/** The check names found in a failure message (the fault runner reads them from reporter output). */
export function checksInMessage(message: string): string[] {
  return [...message.matchAll(/\[check:([\w.-]+)\]/g)].map((m) => m[1] ?? '');
}
