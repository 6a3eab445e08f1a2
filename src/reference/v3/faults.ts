/** HR core and Learning v3 faults and variants of the reference server. */
import type { FaultSpec, VariantSpec } from '../catalogue-types';

export const V3_FAULTS: readonly FaultSpec[] = [];

export const V3_VARIANTS: readonly VariantSpec[] = [];
