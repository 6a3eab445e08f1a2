/** Variants that touch every API of the reference server (transport-level choices). */
import type { VariantSpec } from './catalogue-types';

export const COMMON_VARIANTS: readonly VariantSpec[] = [
  {
    name: 'slow-responses',
    api: 'rm',
    clause: '000 §8 / 001 §8: response times are not documented',
    description: 'Every answer is delayed by 40 ms.',
  },
];
