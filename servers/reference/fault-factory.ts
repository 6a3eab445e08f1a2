/**
 * The one way to declare a fault or a variant of the reference server, shared by RM and v3.
 *
 * `defineFault(api, name, clause, expectedCheck, description)`: the clause is a registry id
 * (src/clauses/registry.ts) and must be one the expected check may cite (`ClauseOf<check>`, from
 * the check's `cites` in src/checks/registry/); a pair the check does not cite does not compile.
 * The name must start with the API ("rm.", "hr.", "learning."). `auditFault` repeats the citation
 * rule at run time for data that did not pass the compiler (test/unit/faults.test.ts, the
 * fault-run CLI). Only types are imported here, so the server does not load the check registry.
 */
import type { ApiName } from '../../src/catalogue/types';
import type { CheckName, ClauseOf } from '../../src/checks/registry';
import type { ClauseId } from '../../src/clauses';
import type { FaultSpec, VariantSpec } from './fault-types';

export type Fault<N extends string = string, C extends CheckName = CheckName> = FaultSpec & { readonly name: N; readonly expectedCheck: C };
export type Variant<N extends string = string> = VariantSpec & { readonly name: N };

export function defineFault<const A extends ApiName, const N extends `${A}.${string}`, const C extends CheckName>(
  api: A,
  name: N,
  clause: NoInfer<ClauseOf<C>>,
  expectedCheck: C,
  description: string,
): Fault<N, C> {
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
