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
  {
    name: 'idle-connections-closed',
    api: 'rm',
    // A load balancer's idle time-out: no sentence of either document speaks of connections (D60).
    clause: 'rm.gap.rate-limits',
    description:
      'A kept-alive connection idle for more than 100 ms is reset, unanswered, when the next request arrives on it (a load balancer that forgot it); fresh connections are served.',
  },
  {
    name: 'rate-limited',
    api: 'rm',
    // 000 §8 "Rate limits: not shown."; 001 §8 says the same of v3 (D60, D61).
    clause: 'rm.gap.rate-limits',
    description:
      'Past 150 requests a second to an API (RM, v3) the server answers 429 with Retry-After: 1 and serves nothing; the token endpoint is not limited.',
  },
];
