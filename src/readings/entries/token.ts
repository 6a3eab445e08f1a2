/**
 * Readings of the v3 token service (001 §5 with RFC 6749 and RFC 7519): where the standard lets a token
 * endpoint answer in more than one way, each way is a reading (D25, D56, D57, D58, D90, D92).
 */
import { defineReadings, type ReadingsEntry } from '../types';

/** 001 §5.3: tokens live 300 seconds. */
const LIFETIME_S = 300;
/** The lifetime accepted as "300 seconds": a server may subtract a few seconds of clock-skew margin. */
const MIN_LIFETIME_S = 290;

/** How a token answer states the token's life. */
export interface LifetimeShown {
  /** The response's expires_in: absent, or its value as it came. */
  readonly expiresIn: { readonly present: false } | { readonly present: true; readonly value: unknown };
  /** Seconds from the token's issue (the response's Date, else this machine's clock) to the JWT's exp; null: no exp. */
  readonly expFromIssue: number | null;
  /** Seconds either way the measure of exp may be off (1 with a Date header, the stated clock skew without). */
  readonly tolerance: number;
}

const says300 = (v: unknown): boolean => typeof v === 'number' && v >= MIN_LIFETIME_S && v <= LIFETIME_S;
const exp300 = (s: LifetimeShown): boolean =>
  s.expFromIssue !== null && s.expFromIssue >= MIN_LIFETIME_S - s.tolerance && s.expFromIssue <= LIFETIME_S + s.tolerance;
const life = (expiresIn: unknown, expFromIssue: number | null, tolerance = 1): LifetimeShown => ({
  expiresIn: expiresIn === undefined ? { present: false } : { present: true, value: expiresIn },
  expFromIssue,
  tolerance,
});

export const V3_TOKEN_LIFETIME: ReadingsEntry<LifetimeShown> = defineReadings({
  id: 'v3.token.lifetime',
  decision: 'D25',
  clause: 'v3.auth.lifetime',
  question:
    'Where does a token answer state the 300-second life of 001 §5.3? RFC 6749 §5.1 only RECOMMENDS expires_in and RFC 7519 §4.1.4 makes exp OPTIONAL: either, both (then both say 300), or neither (the document states it).',
  judgedBy: 'token',
  readings: [
    {
      id: 'expires-in-and-exp',
      name: 'expires_in says 300 and the JWT exp lies 300 seconds after the issue',
      frameworks: ['Keycloak', 'Spring Authorization Server', 'Azure AD (expires_in 299 or 300)'],
      holds: (s: LifetimeShown) => s.expiresIn.present && says300(s.expiresIn.value) && exp300(s),
      shows: [life(300, 300), life(299, 301)],
      not: [life(300, 240), life(3600, 300), life('300', 300)],
    },
    {
      id: 'expires-in-only',
      name: 'expires_in says 300; the token carries no exp',
      frameworks: ['opaque-token servers (Duende IdentityServer reference tokens)'],
      holds: (s: LifetimeShown) => s.expiresIn.present && says300(s.expiresIn.value) && s.expFromIssue === null,
      shows: [life(300, null)],
      not: [life(300, 300), life(60, null)],
    },
    {
      id: 'exp-only',
      name: 'no expires_in; the JWT exp lies 300 seconds after the issue',
      frameworks: [],
      holds: (s: LifetimeShown) => !s.expiresIn.present && exp300(s),
      shows: [life(undefined, 300), life(undefined, 296, 5)],
      not: [life(undefined, 240), life(undefined, null)],
    },
    {
      id: 'not-stated',
      name: 'neither expires_in nor exp: the life 001 §5.3 documents (RFC 6749 §5.1 "or document the default value")',
      frameworks: [],
      holds: (s: LifetimeShown) => !s.expiresIn.present && s.expFromIssue === null,
      shows: [life(undefined, null)],
      not: [life(300, null), life(undefined, 300)],
    },
  ],
});

/** How a token endpoint answered a client whose authentication failed. */
export interface RefusalShown {
  readonly status: number;
  /** The answer's `error` member, or null. */
  readonly error: string | null;
}

export const V3_TOKEN_CLIENT_REFUSED: ReadingsEntry<RefusalShown> = defineReadings({
  id: 'v3.token.client-refused',
  decision: 'D56',
  clause: 'rfc6749.5.2.invalid-client',
  question:
    'With which status is a client refused that authenticated by the form fields with a wrong secret or an unknown id? RFC 6749 §5.2: invalid_client, 400 "unless specified otherwise", and the server MAY answer 401.',
  judgedBy: 'auth-enforced',
  readings: [
    {
      id: 'invalid-client-400',
      name: '400 with error invalid_client',
      frameworks: ['Spring Security OAuth2 (client_secret_post)', 'ORY Hydra'],
      holds: (s: RefusalShown) => s.status === 400 && s.error === 'invalid_client',
      shows: [{ status: 400, error: 'invalid_client' }],
      not: [
        { status: 400, error: 'invalid_request' },
        { status: 401, error: 'invalid_client' },
      ],
    },
    {
      id: 'invalid-client-401',
      name: '401 with error invalid_client (and a challenge, RFC 9110 §15.5.2)',
      frameworks: ['Keycloak', 'Azure AD', 'Spring Authorization Server'],
      holds: (s: RefusalShown) => s.status === 401 && s.error === 'invalid_client',
      shows: [{ status: 401, error: 'invalid_client' }],
      not: [
        { status: 401, error: 'unauthorized' },
        { status: 403, error: 'invalid_client' },
        { status: 200, error: null },
      ],
    },
  ],
});

/** How a token endpoint answered a request for a scope it does not know (with Public.HrCore.Write). */
export interface UnknownScopeShown {
  readonly status: number;
  readonly error: string | null;
  /** A token was issued. */
  readonly issued: boolean;
  /** The scope the response states (its `scope` member), or null. */
  readonly stated: readonly string[] | null;
  /** The scope the token itself carries (its JWT `scope` claim), or null when it does not say. */
  readonly carried: readonly string[] | null;
  /** The unknown scope asked for. */
  readonly unknown: string;
}

const scopeShown = (o: Partial<UnknownScopeShown>): UnknownScopeShown => ({
  status: 200,
  error: null,
  issued: true,
  stated: null,
  carried: null,
  unknown: 'x.unknown',
  ...o,
});

export const V3_TOKEN_UNKNOWN_SCOPE: ReadingsEntry<UnknownScopeShown> = defineReadings({
  id: 'v3.token.unknown-scope',
  decision: 'D57',
  clause: 'rfc6749.3.3.ignore-scope',
  question:
    'What does the token endpoint do with a scope it does not know? RFC 6749 §3.3: it MAY ignore it (then it MUST state the scope it granted), §5.2: invalid_scope; its scope strings are its own, so it may grant it.',
  judgedBy: 'token',
  readings: [
    {
      id: 'invalid-scope',
      name: 'refused: 400 with error invalid_scope',
      frameworks: ['Azure AD (AADSTS70011)', 'Keycloak (client scopes)', 'Spring Authorization Server'],
      holds: (s: UnknownScopeShown) => !s.issued && s.status === 400 && s.error === 'invalid_scope',
      shows: [scopeShown({ status: 400, error: 'invalid_scope', issued: false })],
      not: [scopeShown({ status: 400, error: 'invalid_request', issued: false }), scopeShown({ status: 500, issued: false })],
    },
    {
      id: 'scope-ignored',
      name: 'a token whose stated scope leaves the unknown one out (the known scopes, or a default scope)',
      frameworks: ['Okta (default scope)', 'Duende IdentityServer'],
      holds: (s: UnknownScopeShown) => s.issued && s.stated !== null && !s.stated.includes(s.unknown),
      shows: [scopeShown({ stated: ['Public.HrCore.Write'], carried: ['Public.HrCore.Write'] })],
      not: [scopeShown({ stated: null, carried: ['Public.HrCore.Write'] }), scopeShown({ stated: ['Public.HrCore.Write', 'x.unknown'] })],
    },
    {
      id: 'scope-granted',
      name: 'a token for the scopes as asked (the scope strings are the server’s own, RFC 6749 §3.3)',
      frameworks: ['servers that take any scope string (no scope registry)'],
      holds: (s: UnknownScopeShown) =>
        s.issued && (s.stated !== null ? s.stated.includes(s.unknown) : s.carried === null || s.carried.includes(s.unknown)),
      shows: [scopeShown({}), scopeShown({ stated: ['Public.HrCore.Write', 'x.unknown'] }), scopeShown({ carried: ['x.unknown'] })],
      not: [scopeShown({ stated: null, carried: ['Public.HrCore.Write'] }), scopeShown({ issued: false, status: 400 })],
    },
  ],
});

/** How a token endpoint answered the authorization_code grant sent by the configured client (a client of the client credentials grant). */
export interface GrantRefusalShown {
  readonly status: number;
  readonly error: string | null;
  readonly issued: boolean;
}

export const V3_TOKEN_OTHER_GRANT: ReadingsEntry<GrantRefusalShown> = defineReadings({
  id: 'v3.token.other-grant',
  decision: 'D58',
  clause: 'rfc6749.5.2.unauthorized-client',
  question:
    'Which error refuses the authorization_code grant sent by a client of the client credentials grant with a code never issued? RFC 6749 §5.2 fits three: the grant is not supported, the client is not authorized for it, the code is invalid.',
  judgedBy: 'token',
  readings: [
    {
      id: 'unsupported-grant-type',
      name: '400 unsupported_grant_type (the server has no authorization_code grant)',
      frameworks: ['client-credentials-only token services'],
      holds: (s: GrantRefusalShown) => !s.issued && s.status === 400 && s.error === 'unsupported_grant_type',
      shows: [{ status: 400, error: 'unsupported_grant_type', issued: false }],
      not: [{ status: 400, error: 'invalid_request', issued: false }],
    },
    {
      id: 'unauthorized-client',
      name: '400 unauthorized_client (the client may not use that grant)',
      frameworks: ['Keycloak (standard flow disabled)', 'Spring Authorization Server'],
      holds: (s: GrantRefusalShown) => !s.issued && s.status === 400 && s.error === 'unauthorized_client',
      shows: [{ status: 400, error: 'unauthorized_client', issued: false }],
      not: [{ status: 401, error: 'unauthorized_client', issued: false }],
    },
    {
      id: 'invalid-grant',
      name: '400 invalid_grant (the code is not one the server issued)',
      frameworks: ['Azure AD (AADSTS70000)', 'ORY Hydra'],
      holds: (s: GrantRefusalShown) => !s.issued && s.status === 400 && s.error === 'invalid_grant',
      shows: [{ status: 400, error: 'invalid_grant', issued: false }],
      not: [{ status: 200, error: null, issued: true }],
    },
  ],
});

/** What the access token showed of its form (RFC 7519 §3; RFC 7515 §7.1, RFC 7516 §7.1 compact serializations). */
export interface JwtFormShown {
  /** The parts between the dots. */
  readonly parts: readonly string[];
  /** The first part decoded as a JSON object (the JOSE header), or null. */
  readonly header: Readonly<Record<string, unknown>> | null;
  /** The second part decoded as a JSON object (a JWS payload: the JWT Claims Set), or null. */
  readonly payload: Readonly<Record<string, unknown>> | null;
}

const B64URL = /^[A-Za-z0-9_-]*$/;
const part = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const formOf = (token: string): JwtFormShown => {
  const parts = token.split('.');
  const object = (p: string | undefined): Record<string, unknown> | null => {
    if (p === undefined || p === '' || !B64URL.test(p)) return null;
    try {
      const v = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as unknown;
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  return { parts, header: object(parts[0]), payload: object(parts[1]) };
};
/** The form an access token shows: its parts, and its header and payload read as JSON objects where they are. */
export const jwtFormShown = formOf;

const JWS = `${part({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${part({ sub: 'client', exp: 1 })}.c2lnbmF0dXJl`;
const JWE = `${part({ alg: 'dir', enc: 'A256GCM', typ: 'JWT' })}..aXZpdml2aXZpdml2.Y2lwaGVydGV4dA.dGFndGFndGFndGFndGFn`;
const JWE_RSA = `${part({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: 'k2' })}.a2V5a2V5.aXZpdml2aXZpdml2.Y2lwaGVy.dGFndGFn`;
const RANDOM3 = 'q83vEjRWeJA.Zm9vYmFyYmF6cXV4.c2lnbmF0dXJl';
const stringHeader = (h: Readonly<Record<string, unknown>> | null, name: string): boolean =>
  typeof h?.[name] === 'string' && h[name] !== '';

export const V3_TOKEN_JWT_FORM: ReadingsEntry<JwtFormShown> = defineReadings({
  id: 'v3.token.jwt-form',
  decision: 'D90',
  clause: 'rfc7519.3.serializations',
  question:
    'Which form does the JWT of 001 §5.1 take? RFC 7519 §3: "JWTs represent a set of claims as a JSON object that is encoded in a JWS and/or ' +
    'JWE structure", in the JWS Compact Serialization (three parts) or the JWE Compact Serialization (five parts).',
  judgedBy: 'token',
  readings: [
    {
      id: 'jws-compact',
      name: 'a signed JWT: three base64url parts, a JOSE header naming its alg and a JSON object of claims (a nested JWT: cty "JWT")',
      frameworks: ['Keycloak', 'Azure AD (Entra ID)', 'Okta', 'Auth0', 'Spring Authorization Server', 'Duende IdentityServer'],
      holds: (s: JwtFormShown) =>
        s.parts.length === 3 &&
        s.parts.every((p) => B64URL.test(p)) &&
        stringHeader(s.header, 'alg') &&
        (s.payload !== null || (typeof s.header?.cty === 'string' && s.header.cty.toUpperCase() === 'JWT')),
      shows: [formOf(JWS), formOf(`${part({ alg: 'none' })}.${part({ sub: 'c' })}.`)],
      not: [
        formOf(RANDOM3),
        formOf(`${part({ typ: 'JWT' })}.${part({ sub: 'c' })}.c2ln`),
        formOf(`${part({ alg: 'HS256' })}.Zm9vYmFy.c2ln`),
      ],
    },
    {
      id: 'jwe-compact',
      name: 'an encrypted JWT: five base64url parts, a JOSE header naming its alg and enc (the claims are not readable)',
      frameworks: ['Auth0 (JWE access tokens)', 'Keycloak (encrypted tokens)', 'Nimbus JOSE+JWT'],
      holds: (s: JwtFormShown) =>
        s.parts.length === 5 &&
        s.parts.every((p) => B64URL.test(p)) &&
        stringHeader(s.header, 'alg') &&
        stringHeader(s.header, 'enc') &&
        [2, 3, 4].every((i) => (s.parts[i] ?? '') !== ''),
      shows: [formOf(JWE), formOf(JWE_RSA)],
      not: [
        formOf(RANDOM3),
        formOf(`${part({ alg: 'dir' })}..aXY.Y2lw.dGFn`),
        formOf(`${part({ alg: 'dir', enc: 'A256GCM' })}..aXY..dGFn`),
      ],
    },
  ],
});

/** How the token endpoint answered a client that sent its client_id in the form without its client_secret. */
export const V3_TOKEN_SECRET_MISSING: ReadingsEntry<RefusalShown> = defineReadings({
  id: 'v3.token.secret-missing',
  decision: 'D92',
  clause: 'rfc6749.5.2.invalid-client',
  question:
    'How is a client_id sent in the form without its client_secret refused? RFC 6749 §2.3.1 makes client_secret REQUIRED (invalid_request: ' +
    '"missing a required parameter") and §5.2 names "no client authentication included" among the failures of invalid_client (400, or 401).',
  judgedBy: 'auth-enforced',
  readings: [
    {
      id: 'invalid-client-400',
      name: '400 with error invalid_client',
      frameworks: ['ORY Hydra'],
      holds: (s: RefusalShown) => s.status === 400 && s.error === 'invalid_client',
      shows: [{ status: 400, error: 'invalid_client' }],
      not: [{ status: 401, error: 'invalid_request' }],
    },
    {
      id: 'invalid-client-401',
      name: '401 with error invalid_client (and a challenge, RFC 9110 §15.5.2)',
      frameworks: ['Keycloak', 'Spring Authorization Server', 'Okta'],
      holds: (s: RefusalShown) => s.status === 401 && s.error === 'invalid_client',
      shows: [{ status: 401, error: 'invalid_client' }],
      not: [
        { status: 200, error: null },
        { status: 403, error: 'invalid_client' },
      ],
    },
    {
      id: 'invalid-request-400',
      name: '400 with error invalid_request (the required client_secret is missing)',
      frameworks: ['Azure AD (AADSTS7000218)'],
      holds: (s: RefusalShown) => s.status === 400 && s.error === 'invalid_request',
      shows: [{ status: 400, error: 'invalid_request' }],
      not: [
        { status: 400, error: 'unauthorized_client' },
        { status: 401, error: 'invalid_request' },
      ],
    },
  ],
});

export const TOKEN_READINGS = [
  V3_TOKEN_LIFETIME,
  V3_TOKEN_CLIENT_REFUSED,
  V3_TOKEN_UNKNOWN_SCOPE,
  V3_TOKEN_OTHER_GRANT,
  V3_TOKEN_JWT_FORM,
  V3_TOKEN_SECRET_MISSING,
] as const;
