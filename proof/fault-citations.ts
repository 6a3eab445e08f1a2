/**
 * The compiler proves every fault of the reference server names a check that cites its clause.
 * The servers declare faults with the contract alone (servers/reference/fault-factory.ts keeps the
 * clause and the check as literal types); the product's checks are joined to them here, in the proof,
 * so that no file under servers/ imports the product. A fault whose check does not cite its clause, or
 * whose check does not exist, makes `MISCITED` a non-empty union, and the line below it names the
 * fault in the compiler's error. `auditFault` (proof/fault-run/fault-audit.ts) says the same at run time.
 */
import type { CheckName, ClauseOf } from '../src/checks/registry';
import type { RmFaultDeclared } from '../servers/reference/rm/faults';
import type { V3_FAULTS } from '../servers/reference/v3/faults';

type Declared = RmFaultDeclared | (typeof V3_FAULTS)[number];

/** A fault whose expected check is no check, or does not cite the fault's clause. */
export type Miscited<F> = F extends { readonly expectedCheck: infer C; readonly clause: infer K }
  ? C extends CheckName
    ? K extends ClauseOf<C>
      ? never
      : F
    : F
  : F;

type MISCITED = Miscited<Declared>;

/** Compiles only while no fault is miscited; otherwise the error shows the faults that are. */
export const EVERY_FAULT_CITED: [MISCITED] extends [never] ? true : { miscited: MISCITED } = true;
