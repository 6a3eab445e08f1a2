/**
 * A lean run's record of a test's exchanges (the fault run and the bench: CONFORMANCE_LEAN=1, where
 * no report shows an exchange): how many there were and the retries of each retried one, in one
 * annotation per test. An attachment per exchange would cost a message from the worker each (1,200
 * in an RM run); an annotation travels once, with the test's end. The conformance reporter counts
 * requests and Retry-After retries from it as it does from exchange attachments in a full run.
 */
export const EXCHANGE_TALLY_ANNOTATION = 'exchanges';

export interface ExchangeTally {
  /** Exchanges the test sent. */
  count: number;
  /** The retries of each exchange the client retried (429/503 with Retry-After), in order. */
  retries: number[];
}

/** Keeps one annotation up to date as exchanges are recorded (annotations are sent when the test ends). */
export class ExchangeTallyAnnotation {
  private readonly tally: ExchangeTally = { count: 0, retries: [] };
  private annotation: { type: string; description: string } | null = null;

  constructor(private readonly annotations: { type: string; description?: string }[]) {}

  add(retries: number): void {
    this.tally.count += 1;
    if (retries > 0) this.tally.retries.push(retries);
    if (!this.annotation) {
      this.annotation = { type: EXCHANGE_TALLY_ANNOTATION, description: '' };
      this.annotations.push(this.annotation);
    }
    this.annotation.description = JSON.stringify(this.tally);
  }
}

export function parseExchangeTally(description: string | undefined): ExchangeTally | null {
  try {
    const v = JSON.parse(description ?? '') as Partial<ExchangeTally>;
    if (typeof v?.count !== 'number' || !Array.isArray(v.retries)) return null;
    return { count: v.count, retries: v.retries.filter((r): r is number => typeof r === 'number' && r > 0) };
  } catch {
    return null;
  }
}
