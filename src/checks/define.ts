/**
 * What a check is: a name, one sentence saying what it asserts, and the clauses it may cite, by id
 * or by id prefix ("rm.op." = every RM operation row). `CitedBy` turns that list into the type of
 * the clause argument of the check's logic, so failing a check for a sentence outside its remit
 * does not compile. Clause ids read from data (schemas, the catalogue) go through `asCited`.
 */
import { isClauseId, type ClauseId } from '../../contract/clauses';

type Citation = ClauseId | `${string}.`;

export interface CheckDef<N extends string = string, C extends readonly Citation[] = readonly Citation[]> {
  readonly name: N;
  /** What the check asserts, in one sentence. */
  readonly summary: string;
  /** Clause ids, or id prefixes ending with ".", that this check may cite. */
  readonly cites: C;
}

export function defineCheck<const N extends string, const C extends readonly Citation[]>(def: CheckDef<N, C>): CheckDef<N, C> {
  return Object.freeze({ ...def, cites: Object.freeze([...def.cites]) as unknown as C });
}

/** The clause ids a check may cite. */
export type CitedBy<D extends CheckDef> = Extract<ClauseId, `${D['cites'][number]}${string}`>;

export function citesClause(def: CheckDef, clause: string): boolean {
  return def.cites.some((c) => (c.endsWith('.') ? clause.startsWith(c) : clause === c));
}

/** A clause id read from data, checked against the registry and the check's citations at run time. */
export function asCited<D extends CheckDef>(def: D, clause: string): CitedBy<D> {
  if (!isClauseId(clause)) throw new Error(`unknown clause id "${clause}" (contract/clauses/registry.ts)`);
  if (!citesClause(def, clause))
    throw new Error(`check "${def.name}" does not cite clause "${clause}" (src/checks/registry/${def.name}.ts)`);
  return clause as CitedBy<D>;
}
