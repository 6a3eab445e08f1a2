/** RM v2 faults and variants of the reference server (each checked by the handlers through `ctx.behaviour`). */
import type { FaultSpec, VariantSpec } from '../catalogue-types';

export const RM_FAULTS: readonly FaultSpec[] = [
  {
    name: 'rm.auth.not-enforced-on-list',
    api: 'rm',
    clause: '000 §5.4: missing or invalid credentials give HTTP 401',
    expectedCheck: 'auth-enforced',
    description: 'GET /candidates answers 200 without credentials.',
  },
];

export const RM_VARIANTS: readonly VariantSpec[] = [];
