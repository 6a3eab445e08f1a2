/**
 * token: the client-credentials token response (RFC 6749 §5.1) and the token's 300-second life.
 * The token endpoint is no operation of the catalogue: its answers are not exchanges, and the
 * verdicts name none.
 */
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { issuedToken, type TokenAnswer } from './auth-enforced';

const token = defineCheck({
  name: 'token',
  summary: 'the token endpoint issues a bearer token by the client credentials grant, living 300 seconds',
  cites: ['v3.auth.token', 'v3.auth.lifetime', 'v3.limit.token-lifetime'],
});
export default token;

type Clause = CitedBy<typeof token>;

/** 001 §5.3: tokens live 300 seconds. */
export const TOKEN_LIFETIME_S = 300;
/** The lifetime accepted as "300 seconds": a server may subtract a few seconds of clock-skew margin. */
export const MIN_TOKEN_LIFETIME_S = 290;

/** The predicate: the configured client asking for `scope` gets an access token (RFC 6749 §5.1). */
export function tokenIssuedOutcome(answer: TokenAnswer, scope: string): Outcome {
  return issuedToken(answer) !== null
    ? CONFORMS
    : nonConforming(
        `the token endpoint answered ${answer.status} to the configured client with scope "${scope}" without an access_token ` +
          `(RFC 6749 §5.1); body: ${answer.text.slice(0, 300)}`,
      );
}

/** The configured client gets a token; returns it. */
export function expectTokenIssued(answer: TokenAnswer, clause: Clause, scope: string): string {
  enforce(token, clause, null, tokenIssuedOutcome(answer, scope));
  return issuedToken(answer) ?? '';
}

/** The predicate: token_type is "Bearer", in any case (RFC 6749 §5.1, §7.1). */
export function bearerTypeOutcome(answer: TokenAnswer): Outcome {
  const type = answer.body?.token_type;
  return typeof type === 'string' && type.toLowerCase() === 'bearer'
    ? CONFORMS
    : nonConforming(`token_type is ${JSON.stringify(type)}, expected "Bearer" in any case (RFC 6749 §5.1, §7.1)`);
}

export function expectBearerType(answer: TokenAnswer, clause: Clause): void {
  enforce(token, clause, null, bearerTypeOutcome(answer));
}

/**
 * The compact form of a JWT (RFC 7519 §3, RFC 7515 §7.1): three base64url parts separated by dots,
 * header and payload not empty (the signature is empty only for an unsecured JWT).
 */
export function hasJwtForm(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 3 && parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p)) && parts[0] !== '' && parts[1] !== '';
}

/** The predicate: the access token is a JWT in compact form (001 §5.1 "(JWT)"). */
export function jwtFormOutcome(accessToken: string): Outcome {
  return hasJwtForm(accessToken)
    ? CONFORMS
    : nonConforming('the access token is not a JWT in compact form (three base64url parts separated by dots, RFC 7519 §3)');
}

export function expectJwtForm(accessToken: string, clause: Clause): void {
  enforce(token, clause, null, jwtFormOutcome(accessToken));
}

const lives300 = (seconds: number): boolean => seconds >= MIN_TOKEN_LIFETIME_S && seconds <= TOKEN_LIFETIME_S;
const tolerated = `${MIN_TOKEN_LIFETIME_S} to ${TOKEN_LIFETIME_S} tolerated`;

/**
 * The predicate: `expires_in` says 300 seconds, as a JSON number (RFC 6749 §5.1: "Numerical values
 * are included as JSON numbers"; a string of digits is not one).
 */
export function expiresInOutcome(expiresIn: unknown): Outcome {
  if (typeof expiresIn !== 'number')
    return nonConforming(
      `expires_in is ${JSON.stringify(expiresIn)}, not a JSON number (RFC 6749 §5.1: "Numerical values are included as JSON numbers")`,
    );
  return lives300(expiresIn)
    ? CONFORMS
    : nonConforming(`expires_in is ${JSON.stringify(expiresIn)}, expected ${TOKEN_LIFETIME_S} seconds (${tolerated})`);
}

/**
 * The predicate: the JWT's exp lies 300 seconds after the request, as this machine's clock saw it
 * asked (`before`) and answered (`after`), within `skew` seconds of clock skew.
 */
export function expiryByClockOutcome(exp: number, before: number, after: number, skew: number): Outcome {
  return exp >= before + MIN_TOKEN_LIFETIME_S - skew && exp <= after + TOKEN_LIFETIME_S + skew
    ? CONFORMS
    : nonConforming(
        `the JWT's exp is ${exp - before} seconds after the request, expected ${TOKEN_LIFETIME_S} (${skew} s of clock skew allowed)`,
      );
}

/**
 * The predicate: the JWT's claims say it lives 300 seconds from its issue. The time of issue is read
 * two ways, and either will do: `iat` (exp - iat), or the request as this machine's clock saw it
 * (exp against `before`/`after`, within `skew`). An issuer may backdate `iat` (and `nbf`) for clock
 * skew, as Azure AD does, so exp - iat alone does not judge; a server whose clock is off ours keeps
 * exp - iat. A token that neither reading gives 300 seconds fails.
 */
export function claimsLifetimeOutcome(exp: number, iat: number, before: number, after: number, skew: number): Outcome {
  if (lives300(exp - iat)) return CONFORMS;
  const byClock = expiryByClockOutcome(exp, before, after, skew);
  return byClock.ok
    ? CONFORMS
    : nonConforming(
        `the JWT lives exp - iat = ${exp - iat} seconds, and its exp is ${exp - before} seconds after the request (${skew} s of clock ` +
          `skew allowed): expected ${TOKEN_LIFETIME_S} from its issue by either (${tolerated})`,
      );
}

/** What states a token's lifetime: its response's expires_in, the JWT's exp (with iat, and against the clock), or exp against the clock alone. */
export type StatedLifetime =
  | { by: 'expires_in'; expiresIn: unknown }
  | { by: 'claims'; exp: number; iat: number; before: number; after: number; skew: number }
  | { by: 'clock'; exp: number; before: number; after: number; skew: number };

export function lifetimeOutcome(stated: StatedLifetime): Outcome {
  if (stated.by === 'expires_in') return expiresInOutcome(stated.expiresIn);
  if (stated.by === 'claims') return claimsLifetimeOutcome(stated.exp, stated.iat, stated.before, stated.after, stated.skew);
  return expiryByClockOutcome(stated.exp, stated.before, stated.after, stated.skew);
}

/** The lifetime a token's response or its claims state is 300 seconds. */
export function expectLifetime(stated: StatedLifetime, clause: Clause): void {
  enforce(token, clause, null, lifetimeOutcome(stated));
}
