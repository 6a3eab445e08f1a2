/** Lookup of the clause registry (contract/clauses/registry.ts). */
import { CLAUSES, type ClauseId } from './registry';
import { SEED_FILES, type Clause } from './types';

export { CLAUSES, type ClauseId } from './registry';
export { isStandardClause, SEED_FILES, STANDARD_FILES, type Clause, type SeedId, type StandardId } from './types';

export function isClauseId(id: string): id is ClauseId {
  return Object.hasOwn(CLAUSES, id);
}

export function clause(id: ClauseId): Clause {
  return CLAUSES[id];
}

/** A clause by an id read from data (a schema's `x-clause`, a report); throws on an unknown id. */
export function clauseById(id: string): Clause {
  if (!isClauseId(id)) throw new Error(`unknown clause id "${id}" (contract/clauses/registry.ts)`);
  return CLAUSES[id];
}

/**
 * The clause as a report shows it: seed file, section and quote (INTERFACE.md failures shape). A
 * standard's clause names the standard where a seed file stands ("RFC 6749", "§5.1").
 */
export function clauseRef(c: Clause): { id: string; seed: string; section: string; quote: string; standard?: string } {
  const seed = c.seed === '000' || c.seed === '001' ? SEED_FILES[c.seed] : c.seed;
  return { id: c.id, seed, section: c.section, quote: c.quote, ...(c.standard ? { standard: c.standard } : {}) };
}

/** One line for a console or a failure message: `000 §5: "Missing or invalid ..."`, `RFC 6749 §5.1: "..."`. */
export function clauseLine(c: Clause): string {
  return `${c.seed} ${c.section}: "${c.quote}"${c.standard ? ` (${c.standard})` : ''}`;
}
