/**
 * The one way to declare a fault or a variant of the reference server, shared by RM and v3.
 *
 * `defineFault(api, name, clause, expectedCheck, description)`: the clause is a registry id
 * (contract/clauses/registry.ts) and the check a check's name, both kept as literal types. That the
 * expected check may cite the clause (its `cites` in src/checks/registry/) is proven by the compiler
 * in proof/fault-citations.ts (a pair the check does not cite does not compile there) and again at
 * run time by `auditFault` (test/unit/faults.test.ts, the fault-run CLI): the servers import the
 * contract only, never the product's checks. The name must start with the API ("rm.", "hr.", "learning.").
 */
import type { ApiName } from '../../contract/catalogue/types';
import type { ClauseId } from '../../contract/clauses';
import type { FaultSpec, VariantSpec } from './fault-types';

export type Fault<N extends string = string, C extends string = string, K extends ClauseId = ClauseId> = FaultSpec & {
  readonly name: N;
  readonly expectedCheck: C;
  readonly clause: K;
};
export type Variant<N extends string = string> = VariantSpec & { readonly name: N };

export function defineFault<const A extends ApiName, const N extends `${A}.${string}`, const K extends ClauseId, const C extends string>(
  api: A,
  name: N,
  clause: K,
  expectedCheck: C,
  description: string,
): Fault<N, C, K> {
  return Object.freeze({ name, api, clause, expectedCheck, description });
}

export function defineVariant<const A extends ApiName, const N extends `${A}.${string}`>(
  api: A,
  name: N,
  clause: ClauseId,
  description: string,
  env?: Readonly<Record<string, string>>,
): Variant<N> {
  return Object.freeze({ name, api, clause, description, ...(env ? { env: Object.freeze({ ...env }) } : {}) });
}
