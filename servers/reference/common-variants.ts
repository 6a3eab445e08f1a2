/** Variants that touch every API of the reference server (transport-level choices); their names carry no API prefix. */
import type { VariantSpec } from './fault-types';

export const COMMON_VARIANTS: readonly VariantSpec[] = [
  {
    name: 'slow-responses',
    api: 'rm',
    // No sentence of either document gives response times; the nearest is 000 §8 (001 §8 says the same of its limits).
    clause: 'rm.gap.rate-limits',
    description: 'Every answer is delayed by 40 ms.',
  },
];
