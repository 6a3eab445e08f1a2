/**
 * How a handler of either server asks whether a fault or variant is on: `on(behaviour, name)`, one
 * mechanism for RM and v3. The name is typed from the catalogue lists (rm/faults.ts, v3/faults.ts),
 * so a handler cannot test a name the catalogue does not hold. Kept out of the lists so that they
 * do not import the Behaviour, which reads them (no import cycle).
 */
import type { Behaviour } from './behaviour';
import type { RmFaultName, RmVariantName } from './rm/faults';
import type { V3FaultName, V3VariantName } from './v3/faults';

export type SwitchName = RmFaultName | RmVariantName | V3FaultName | V3VariantName;

/** True when the named fault or variant is switched on. */
export function on(behaviour: Behaviour, name: SwitchName): boolean {
  return behaviour.has(name);
}
