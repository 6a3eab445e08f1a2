/**
 * How a v3 handler asks whether a fault or variant is on (the v3 counterpart of rm/env.ts's
 * `fault`/`variant`). The name is typed from the catalogue lists in ./faults.ts, so a handler cannot
 * test a name the catalogue does not hold. Kept out of faults.ts so that the catalogue does not
 * import the Behaviour, which reads the catalogue (no import cycle).
 */
import type { Behaviour } from '../behaviour';
import type { V3FaultName, V3VariantName } from './faults';

/** True when the named v3 fault or variant is switched on. */
export function on(behaviour: Behaviour, name: V3FaultName | V3VariantName): boolean {
  return behaviour.has(name);
}
