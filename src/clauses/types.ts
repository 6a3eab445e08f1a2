/** One clause of a seed document: the sentence (or table row) that requires a behaviour. */
export interface Clause {
  /** Registry id, e.g. "rm.auth.401". */
  id: string;
  /** Which seed document: 000 (Recruitment Marketing v2) or 001 (HR core and Learning v3). */
  seed: '000' | '001';
  /** The section it stands in, e.g. "§4 Filters". */
  section: string;
  /** The sentence or table row, word for word. */
  quote: string;
  /** The standard a named format or protocol brings with it, e.g. "RFC 6749 §5.1". */
  standard?: string;
}

/** The seed files under ../shared/seeds/. */
export const SEED_FILES = { '000': '000_6053abef4cebe6dd.txt', '001': '001_a9e2e7eab7c908bd.txt' } as const;
