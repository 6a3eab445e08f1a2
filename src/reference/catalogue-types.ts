/** Types of the fault and variant catalogues of the reference server. */
import type { ApiName } from '../catalogue/types';

export interface FaultSpec {
  /** Unique name, e.g. "rm.candidates.create.status-200". */
  name: string;
  api: ApiName;
  /** The seed clause the fault breaks, e.g. "000 §4 Operations: POST /candidates -> 201". */
  clause: string;
  /** The check expected to catch it (the name in `[check:<name>]`). */
  expectedCheck: string;
  description: string;
}

export interface VariantSpec {
  name: string;
  api: ApiName;
  /** The silence or choice in the documents that makes the behaviour lawful. */
  clause: string;
  description: string;
  /** Suite configuration the variant needs (e.g. HR_TOKEN_AUTH=basic for a basic-only token endpoint). */
  env?: Record<string, string>;
}
