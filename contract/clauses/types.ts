/** One clause of a seed document, or of a standard a seed document invokes: the sentence (or table row) that requires a behaviour. */
export interface Clause {
  /** Registry id, e.g. "rm.auth.401" or "rfc6749.5.1.no-store". */
  id: string;
  /**
   * Where the sentence stands: a seed document, 000 (Recruitment Marketing v2) or 001 (HR core and
   * Learning v3), or a standard one of them invokes ("RFC 6749"): contract/clauses/standards.ts.
   */
  seed: SeedId | StandardId;
  /** The section it stands in, e.g. "§4 Filters", or "§5.1" of a standard. */
  section: string;
  /** The sentence or table row, word for word. */
  quote: string;
  /** The standard a named format or protocol brings with it, e.g. "RFC 6749 §5.1". */
  standard?: string;
}

export type SeedId = '000' | '001';

/** The standards the seed documents invoke (001 §5: OAuth 2.0, bearer tokens, JWT; HTTP itself), by the name a report shows. */
export type StandardId = 'RFC 6749' | 'RFC 6750' | 'RFC 7519' | 'RFC 9110';

/** The seed files under ../shared/seeds/. */
export const SEED_FILES = { '000': '000_6053abef4cebe6dd.txt', '001': '001_a9e2e7eab7c908bd.txt' } as const;

/** The file a standard's text is looked for under (CONFORMANCE_STANDARDS_DIR, test/unit/standards.test.ts). */
export const STANDARD_FILES: Readonly<Record<StandardId, string>> = {
  'RFC 6749': 'rfc6749.txt',
  'RFC 6750': 'rfc6750.txt',
  'RFC 7519': 'rfc7519.txt',
  'RFC 9110': 'rfc9110.txt',
};

export function isStandardClause(c: Clause): c is Clause & { seed: StandardId } {
  return c.seed.startsWith('RFC ');
}
