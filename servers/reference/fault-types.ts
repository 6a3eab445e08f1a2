/** Types of the lists of faults and variants of the reference server. */
import type { ApiName } from '../../contract/catalogue/types';
import type { ClauseId } from '../../contract/clauses';

export interface FaultSpec {
  /** Unique name, prefixed by its API, e.g. "rm.candidates.create.status-200". */
  readonly name: string;
  readonly api: ApiName;
  /** The clause the fault breaks: the sentence or table row of the seed (contract/clauses/registry.ts). */
  readonly clause: ClauseId;
  /** The check expected to catch it (the name in `[check:<name>]`); it cites `clause` (proof/fault-citations.ts). */
  readonly expectedCheck: string;
  /** What the server does wrong, in words. */
  readonly description: string;
}

export interface VariantSpec {
  readonly name: string;
  readonly api: ApiName;
  /** The sentence whose silence or latitude makes the behaviour lawful (a "not shown" gap, an open row). */
  readonly clause: ClauseId;
  readonly description: string;
  /** Suite configuration the variant needs (e.g. HR_TOKEN_AUTH=basic for a basic-only token endpoint). */
  readonly env?: Readonly<Record<string, string>>;
}
