/** Lookup of the clause registry (src/clauses/registry.ts). */
import { CLAUSES, type ClauseId } from './registry';
import { SEED_FILES, type Clause } from './types';

export { CLAUSES, type ClauseId } from './registry';
export { SEED_FILES, type Clause } from './types';

export function isClauseId(id: string): id is ClauseId {
  return Object.hasOwn(CLAUSES, id);
}

export function clause(id: ClauseId): Clause {
  return CLAUSES[id];
}

/** A clause by an id read from data (a schema's `x-clause`, a report); throws on an unknown id. */
export function clauseById(id: string): Clause {
  if (!isClauseId(id)) throw new Error(`unknown clause id "${id}" (src/clauses/registry.ts)`);
  return CLAUSES[id];
}

/** The clause as a report shows it: seed file, section and quote (INTERFACE.md failures shape). */
export function clauseRef(c: Clause): { id: string; seed: string; section: string; quote: string; standard?: string } {
  return { id: c.id, seed: SEED_FILES[c.seed], section: c.section, quote: c.quote, ...(c.standard ? { standard: c.standard } : {}) };
}

/** One line for a console or a failure message: `000 §5: "Missing or invalid ..."`. */
export function clauseLine(c: Clause): string {
  return `${c.seed} ${c.section}: "${c.quote}"${c.standard ? ` (${c.standard})` : ''}`;
}
