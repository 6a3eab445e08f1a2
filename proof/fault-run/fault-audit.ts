/**
 * The fault list's rules at run time, for entries that did not pass the compiler's check in
 * fault-factory.ts (or to prove that check): a fault names a clause of the registry and a check
 * that cites it; a variant names a clause of the registry; names are unique and carry their API's
 * prefix. Used by test/unit/faults.test.ts and `npm run faults` before anything runs. Imports
 * the check registry, so the reference server itself does not load this file.
 */
import { citesClause } from '../../src/checks/define';
import { CHECKS } from '../../src/checks/registry';
import { isCheckName } from '../../src/checks/names';
import { isClauseId } from '../../contract/clauses';

/** What the audit reads of an entry of the fault list (plain data: a spec, or a record read back from a report). */
export interface FaultEntry {
  name: string;
  api: string;
  clause: string;
  expectedCheck: string;
}

export interface VariantEntry {
  name: string;
  api: string;
  clause: string;
}

const prefixProblem = (kind: string, e: { name: string; api: string }): string[] =>
  e.name.startsWith(`${e.api}.`) ? [] : [`${kind} ${e.name}: the name does not start with its API "${e.api}."`];

/** Why a fault is not a lawful entry of the fault list; empty when it is. */
export function faultProblems(f: FaultEntry): string[] {
  const problems = prefixProblem('fault', f);
  if (!isClauseId(f.clause)) problems.push(`fault ${f.name}: clause "${f.clause}" is not in contract/clauses/registry.ts`);
  if (!isCheckName(f.expectedCheck)) problems.push(`fault ${f.name}: check "${f.expectedCheck}" is not in src/checks/registry/`);
  else if (isClauseId(f.clause) && !citesClause(CHECKS[f.expectedCheck], f.clause)) {
    problems.push(
      `fault ${f.name}: check "${f.expectedCheck}" does not cite clause "${f.clause}" (src/checks/registry/${f.expectedCheck}.ts)`,
    );
  }
  return problems;
}

/** Why a variant is not a lawful entry of the fault list; empty when it is. `common` variants carry no API prefix. */
export function variantProblems(v: VariantEntry, common = false): string[] {
  const problems = common ? [] : prefixProblem('variant', v);
  if (!isClauseId(v.clause)) problems.push(`variant ${v.name}: clause "${v.clause}" is not in contract/clauses/registry.ts`);
  return problems;
}

/** Every problem of the whole fault list, duplicate names included. */
export function faultListProblems(
  faults: readonly FaultEntry[],
  variants: readonly VariantEntry[],
  common: readonly VariantEntry[] = [],
): string[] {
  const names = [...faults, ...variants, ...common].map((x) => x.name);
  const dupes = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
  return [
    ...faults.flatMap((f) => faultProblems(f)),
    ...variants.flatMap((v) => variantProblems(v)),
    ...common.flatMap((v) => variantProblems(v, true)),
    ...dupes.map((n) => `duplicate fault/variant name: ${n}`),
  ];
}
