/** The whole list of faults and variants: each API keeps its own list beside its handlers. */
import type { FaultSpec, VariantSpec } from './fault-types';
import { RM_FAULTS, RM_VARIANTS } from './rm/faults';
import { V3_FAULTS, V3_VARIANTS } from './v3/faults';
import { COMMON_VARIANTS } from './common-variants';

export type { FaultSpec, VariantSpec } from './fault-types';
export { COMMON_VARIANTS } from './common-variants';

export const FAULTS: readonly FaultSpec[] = [...RM_FAULTS, ...V3_FAULTS];
export const VARIANTS: readonly VariantSpec[] = [...COMMON_VARIANTS, ...RM_VARIANTS, ...V3_VARIANTS];
/** The variants of one API (their names carry its prefix), without the transport-wide ones. */
export const API_VARIANTS: readonly VariantSpec[] = [...RM_VARIANTS, ...V3_VARIANTS];
