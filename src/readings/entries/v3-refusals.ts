/**
 * Readings of how a v3 target refuses (001 §5, §7): the status of a refused token is not shown
 * beyond the standard 001 §5.1 names (RFC 6750 §3.1), D41.
 */
import { defineReadings, type ReadingsEntry } from '../types';

/** What a request sent without a valid bearer token was answered: its status. */
export interface AuthRefusalShown {
  readonly status: number;
}

export const V3_AUTH_REFUSED: ReadingsEntry<AuthRefusalShown> = defineReadings({
  id: 'v3.auth.refused',
  decision: 'D41',
  clause: 'v3.auth.token',
  question:
    'With which status is a v3 request without a valid bearer token refused? 001 gives none; RFC 6750 §3.1 gives 401 for invalid_token and 403 for insufficient_scope.',
  judgedBy: 'auth-enforced',
  readings: [
    {
      id: 'unauthorized-401',
      name: '401 Unauthorized (RFC 6750 §3.1 invalid_token)',
      frameworks: ['Spring Security resource server', 'ASP.NET Core JwtBearer', 'Keycloak adapters', 'express-jwt'],
      holds: (s: AuthRefusalShown) => s.status === 401,
      shows: [{ status: 401 }],
      not: [{ status: 403 }, { status: 400 }, { status: 200 }],
    },
    {
      id: 'forbidden-403',
      name: '403 Forbidden (RFC 6750 §3.1 insufficient_scope, or a gateway that denies)',
      frameworks: ['AWS API Gateway (authorizer deny)', 'Azure API Management validate-jwt with failed-validation-httpcode 403'],
      holds: (s: AuthRefusalShown) => s.status === 403,
      shows: [{ status: 403 }],
      not: [{ status: 401 }, { status: 404 }, { status: 200 }],
    },
  ],
});

export const V3_REFUSAL_READINGS = [V3_AUTH_REFUSED] as const;
