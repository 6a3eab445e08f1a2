/**
 * token: the token endpoint answers the client credentials grant as 001 §5 and the standards it
 * invokes say. A success (RFC 6749 §5.1): 200, a JSON object labelled application/json with an
 * access_token and a token_type of Bearer, Cache-Control no-store and Pragma no-cache, numbers as JSON
 * numbers, the scope stated where it differs from the one asked (§3.3), a JWT (001 §5.1, RFC 7519 §3:
 * a JWS or a JWE in compact form, D90) whose NumericDate claims are numbers, whose iat and nbf lie at
 * or before its issue (D91) and whose life is 300 seconds (001 §5.3; readings of D25, from the moment
 * of issue, D59). An error (§5.2): 400 (401 only for invalid_client), JSON, one of the six codes, the
 * one the case calls for (or its readings, D57, D58), an error_description of the characters §5.2
 * allows. Every verdict names the token exchange.
 */
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { describe } from '../../http/exchange';
import {
  V3_TOKEN_JWT_FORM,
  jwtFormShown,
  V3_TOKEN_LIFETIME,
  V3_TOKEN_OTHER_GRANT,
  V3_TOKEN_UNKNOWN_SCOPE,
  type LifetimeShown,
  type UnknownScopeShown,
} from '../../readings/entries/token';
import { OAUTH_ERRORS, hasDirective, headerOf, issuedToken, mediaTypeOf, oauthError, scopeList, type TokenAnswer } from '../token-answer';

const token = defineCheck({
  name: 'token',
  summary:
    'the token endpoint answers the client credentials grant as RFC 6749 §4.4 and §5 say: a bearer JWT living 300 seconds, or an error of §5.2',
  cites: ['v3.auth.token', 'v3.auth.lifetime', 'v3.limit.token-lifetime', 'rfc6749.', 'rfc7519.'],
});
export default token;

type Clause = CitedBy<typeof token>;

/** 001 §5.3: tokens live 300 seconds. */
export const TOKEN_LIFETIME_S = 300;
/** The lifetime accepted as "300 seconds": a server may subtract a few seconds of clock-skew margin. */
export const MIN_TOKEN_LIFETIME_S = 290;

const seen = (answer: TokenAnswer): string => `${describe(answer.exchange)}; body: ${answer.text.slice(0, 300)}`;

// --- a success (RFC 6749 §5.1) ---------------------------------------------------------------

/** The predicate: the configured client asking for `scope` gets a 200 with an access token (RFC 6749 §5.1). */
export function tokenIssuedOutcome(answer: TokenAnswer, scope: string): Outcome {
  return issuedToken(answer) !== null
    ? CONFORMS
    : nonConforming(
        `the token endpoint answered ${answer.status} to the configured client with scope "${scope}" without an access_token (${seen(answer)})`,
      );
}

/** The configured client gets a token; returns it. */
export function expectTokenIssued(answer: TokenAnswer, clause: Clause, scope: string): string {
  enforce(token, clause, answer.exchange, tokenIssuedOutcome(answer, scope));
  return issuedToken(answer) ?? '';
}

/** The predicate: token_type is there and is "Bearer", in any case (RFC 6749 §5.1 "Value is case insensitive"; 001 §5.1 a bearer token). */
export function bearerTypeOutcome(answer: TokenAnswer): Outcome {
  const type = answer.body?.token_type;
  return typeof type === 'string' && type.toLowerCase() === 'bearer'
    ? CONFORMS
    : nonConforming(`token_type is ${JSON.stringify(type)}, expected "Bearer" in any case`);
}

export function expectBearerType(answer: TokenAnswer, clause: Clause): void {
  enforce(token, clause, answer.exchange, bearerTypeOutcome(answer));
}

/** The predicate: the answer is a JSON object labelled application/json (RFC 6749 §5.1, §5.2; a charset parameter is allowed). */
export function tokenJsonOutcome(answer: TokenAnswer): Outcome {
  const type = mediaTypeOf(answer.exchange);
  if (answer.body === null) return nonConforming(`the answer is not a JSON object (${seen(answer)})`);
  return type === 'application/json'
    ? CONFORMS
    : nonConforming(
        `the answer is labelled ${type === null ? 'with no Content-Type' : `"${headerOf(answer.exchange, 'content-type') ?? ''}"`}, not application/json`,
      );
}

export function expectTokenJson(answer: TokenAnswer, clause: Clause): void {
  enforce(token, clause, answer.exchange, tokenJsonOutcome(answer));
}

/** The predicate: a response carrying a token has Cache-Control with no-store and Pragma with no-cache (RFC 6749 §5.1: MUST). */
export function noStoreOutcome(answer: TokenAnswer): Outcome {
  const cache = headerOf(answer.exchange, 'cache-control');
  const pragma = headerOf(answer.exchange, 'pragma');
  const missing = [
    ...(hasDirective(cache, 'no-store')
      ? []
      : [`Cache-Control ${cache === undefined ? 'is absent' : `is "${cache}"`} (no-store required)`]),
    ...(hasDirective(pragma, 'no-cache') ? [] : [`Pragma ${pragma === undefined ? 'is absent' : `is "${pragma}"`} (no-cache required)`]),
  ];
  return missing.length === 0 ? CONFORMS : nonConforming(`the token response: ${missing.join('; ')}`);
}

export function expectNoStore(answer: TokenAnswer, clause: Clause): void {
  enforce(token, clause, answer.exchange, noStoreOutcome(answer));
}

/** The predicate: expires_in, when present, is a JSON number (RFC 6749 §5.1 "Numerical values are included as JSON numbers"). */
export function expiresInNumberOutcome(answer: TokenAnswer): Outcome {
  const value = answer.body?.expires_in;
  return value === undefined || typeof value === 'number'
    ? CONFORMS
    : nonConforming(`expires_in is ${JSON.stringify(value)}, not a JSON number`);
}

export function expectExpiresInNumber(answer: TokenAnswer, clause: Clause): void {
  enforce(token, clause, answer.exchange, expiresInNumberOutcome(answer));
}

/**
 * The predicate: the scope the token carries (its JWT `scope` claim) is the one asked for, or the
 * response states the scope granted (RFC 6749 §3.3: "If the issued access token scope is different
 * from the one requested by the client, the authorization server MUST include the "scope" response
 * parameter to inform the client of the actual scope granted"); a scope stated is the one the token
 * carries. A token whose claims name no scope (an encrypted one, Azure AD's `scp` alone) is not judged.
 */
export function scopeStatedOutcome(answer: TokenAnswer, asked: string, payload: Readonly<Record<string, unknown>> | null): Outcome {
  const carried = scopeList(payload?.scope);
  if (carried === null) return CONFORMS;
  const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
    const set = new Set(b);
    return new Set(a).size === set.size && a.every((s) => set.has(s));
  };
  const stated = answer.body?.scope;
  if (stated !== undefined) {
    // Stated, it informs the client "of the actual scope granted": the scope the token itself carries.
    const list = scopeList(stated) ?? [];
    return sameSet(list, carried)
      ? CONFORMS
      : nonConforming(`the response states the scope "${list.join(' ')}", but the token carries "${carried.join(' ')}"`);
  }
  return sameSet(carried, scopeList(asked) ?? [])
    ? CONFORMS
    : nonConforming(`the token carries the scope "${carried.join(' ')}" where "${asked}" was asked, and the response states no scope`);
}

export function expectScopeStated(
  answer: TokenAnswer,
  clause: Clause,
  asked: string,
  payload: Readonly<Record<string, unknown>> | null,
): void {
  enforce(token, clause, answer.exchange, scopeStatedOutcome(answer, asked, payload));
}

// --- the JWT (001 §5.1, RFC 7519) -------------------------------------------------------------

/**
 * The predicate: the access token is a JWT (001 §5.1 "(JWT)"), by the readings of v3.token.jwt-form
 * (D90): a JWS in compact form (three base64url parts, a JOSE header naming its alg, a JSON object of
 * claims) or a JWE in compact form (five parts, a header naming alg and enc). Three parts of random
 * bytes have the shape of a JWT and are none (RFC 7519 §3: "JWTs represent a set of claims as a JSON
 * object that is encoded in a JWS and/or JWE structure").
 */
export function jwtFormOutcome(accessToken: string): ReadingOutcome {
  const shown = jwtFormShown(accessToken);
  const header = shown.header === null ? 'no JSON header' : `header ${JSON.stringify(shown.header).slice(0, 120)}`;
  const payload = shown.parts.length === 3 ? (shown.payload === null ? ', no JSON object of claims' : ', a JSON object of claims') : '';
  return readingOutcome(
    V3_TOKEN_JWT_FORM,
    shown,
    `the access token is not a JWT in compact form (RFC 7519 §3): ${shown.parts.length} part(s), ${header}${payload}`,
  );
}

export function expectJwtForm(answer: TokenAnswer, accessToken: string, clause: Clause): void {
  const { outcome, judgement } = jwtFormOutcome(accessToken);
  enforce(token, clause, answer.exchange, outcome, { reading: judgement });
}

/** The predicate: a NumericDate claim (exp, nbf, iat), when present, is a number (RFC 7519 §4.1.4-4.1.6 "Its value MUST be a number"). */
export function numericDateOutcome(claim: string, value: unknown): Outcome {
  return value === undefined || (typeof value === 'number' && Number.isFinite(value))
    ? CONFORMS
    : nonConforming(`the JWT's "${claim}" is ${JSON.stringify(value)}, not a number of seconds (NumericDate)`);
}

export function expectNumericDate(answer: TokenAnswer, claim: 'exp' | 'nbf' | 'iat', value: unknown, clause: Clause): void {
  enforce(token, clause, answer.exchange, numericDateOutcome(claim, value));
}

/** Seconds a token service's clock may run ahead of the clock that dated its answer (a gateway's Date), for iat and nbf. */
export const CLAIM_CLOCK_ALLOWANCE_S = 5;

/**
 * The predicate: iat or nbf, when a number, names a moment at or before the token's issue (D91): iat
 * "identifies the time at which the JWT was issued" (RFC 7519 §4.1.6), and a token whose nbf ("the
 * time before which the JWT MUST NOT be accepted for processing", §4.1.5) lies after its issue does
 * not live the 300 seconds of 001 §5.3 from it. Backdated (clock skew, as Azure AD dates them five
 * minutes back) is lawful; seconds are what a NumericDate counts (§2), so one written in milliseconds
 * lies far after the issue.
 */
export function claimNotAfterIssueOutcome(claim: 'iat' | 'nbf', value: unknown, moment: IssueMoment): Outcome {
  if (typeof value !== 'number' || !Number.isFinite(value)) return CONFORMS;
  const late = value - moment.at;
  return late <= moment.tolerance + CLAIM_CLOCK_ALLOWANCE_S
    ? CONFORMS
    : nonConforming(
        `the JWT's "${claim}" is ${value}, ${Math.round(late)} s after the token was issued (by ${moment.by === 'Date' ? "the answer's Date" : "this machine's clock"}, ` +
          `±${moment.tolerance} s): ${claim === 'iat' ? 'iat names the time the JWT was issued, in seconds (NumericDate)' : 'the token may not be used before nbf, so it does not live 300 s from its issue'}`,
      );
}

export function expectClaimNotAfterIssue(
  answer: TokenAnswer,
  claim: 'iat' | 'nbf',
  value: unknown,
  moment: IssueMoment,
  clause: Clause,
): void {
  enforce(token, clause, answer.exchange, claimNotAfterIssueOutcome(claim, value, moment));
}

/** When the token was issued, in seconds, and how far the measure may be off. */
export interface IssueMoment {
  at: number;
  tolerance: number;
  /** Where the moment was read: the answer's Date header, or this machine's clock. */
  by: 'Date' | 'clock';
}

/**
 * The moment of issue (D59): the answer's Date (RFC 9110 §6.6.1: when the message was originated, by
 * the server's clock; one second's resolution), else this machine's clock between the request
 * (`before`) and the answer (`after`), within `skew` seconds. Not the JWT's iat, which issuers backdate.
 */
export function issueMoment(answer: TokenAnswer, before: number, after: number, skew: number): IssueMoment {
  const date = Date.parse(headerOf(answer.exchange, 'date') ?? '');
  if (Number.isFinite(date)) return { at: Math.floor(date / 1000), tolerance: 1, by: 'Date' };
  return { at: (before + after) / 2, tolerance: skew + (after - before) / 2, by: 'clock' };
}

/** What the answer shows of the token's life: expires_in, and exp measured from the moment of issue. */
export function lifetimeShown(answer: TokenAnswer, exp: unknown, moment: IssueMoment): LifetimeShown {
  const body = answer.body ?? {};
  return {
    expiresIn: Object.hasOwn(body, 'expires_in') ? { present: true, value: body.expires_in } : { present: false },
    expFromIssue: typeof exp === 'number' ? exp - moment.at : null,
    tolerance: moment.tolerance,
  };
}

/** The life the answer states is 300 seconds, by the readings of D25 (v3.token.lifetime). */
export function expectLifetime(answer: TokenAnswer, shown: LifetimeShown, moment: IssueMoment, clause: Clause): void {
  const exp =
    shown.expFromIssue === null
      ? 'no exp'
      : `exp ${shown.expFromIssue} s after the issue (by ${moment.by === 'Date' ? 'its Date header' : "this machine's clock"}, ±${moment.tolerance} s)`;
  const expiresIn = shown.expiresIn.present ? `expires_in ${JSON.stringify(shown.expiresIn.value)}` : 'no expires_in';
  const judged = readingOutcome(V3_TOKEN_LIFETIME, shown, `${expiresIn}, ${exp}; 001 §5.3 gives ${TOKEN_LIFETIME_S} s`);
  enforce(token, clause, answer.exchange, judged.outcome, { reading: judged.judgement });
}

// --- an error (RFC 6749 §5.2) -----------------------------------------------------------------

/** The predicate: no token, and the status §5.2 gives: 400, or 401 for invalid_client. */
export function errorStatusOutcome(answer: TokenAnswer, what: string): Outcome {
  if (issuedToken(answer) !== null) return nonConforming(`the token endpoint issued a token to ${what} (${describe(answer.exchange)})`);
  const error = oauthError(answer);
  if (answer.status === 400 || (answer.status === 401 && error === 'invalid_client')) return CONFORMS;
  return nonConforming(`${what}: ${seen(answer)}, expected 400 with an error (401 only for invalid_client)`);
}

export function expectErrorStatus(answer: TokenAnswer, clause: Clause, what: string): void {
  enforce(token, clause, answer.exchange, errorStatusOutcome(answer, what));
}

/** The predicate: the answer names one of the six error codes of §5.2 in its `error` member. */
export function registeredErrorOutcome(answer: TokenAnswer, what: string): Outcome {
  const error = oauthError(answer);
  return error !== null && (OAUTH_ERRORS as readonly string[]).includes(error)
    ? CONFORMS
    : nonConforming(`${what}: error is ${JSON.stringify(answer.body?.error)}, not one of ${OAUTH_ERRORS.join(', ')} (${seen(answer)})`);
}

export function expectRegisteredError(answer: TokenAnswer, clause: Clause, what: string): void {
  enforce(token, clause, answer.exchange, registeredErrorOutcome(answer, what));
}

/** The characters RFC 6749 §5.2 allows in error_description: %x20-21 / %x23-5B / %x5D-7E (printable ASCII but `"` and `\\`). */
const DESCRIPTION_CHARS = /^[\x20\x21\x23-\x5B\x5D-\x7E]*$/;

/** The predicate: error_description, when present, is a string of the characters §5.2 allows. */
export function errorDescriptionOutcome(answer: TokenAnswer, what: string): Outcome {
  const description = answer.body?.error_description;
  if (description === undefined) return CONFORMS;
  if (typeof description !== 'string') return nonConforming(`${what}: error_description is ${JSON.stringify(description)}, not a string`);
  const bad = [...description].find((c) => !DESCRIPTION_CHARS.test(c));
  return bad === undefined
    ? CONFORMS
    : nonConforming(
        `${what}: error_description ${JSON.stringify(description.slice(0, 160))} holds ${JSON.stringify(bad)} (U+${(bad.codePointAt(0) ?? 0)
          .toString(16)
          .toUpperCase()
          .padStart(4, '0')}), outside %x20-21 / %x23-5B / %x5D-7E`,
      );
}

export function expectErrorDescription(answer: TokenAnswer, clause: Clause, what: string): void {
  enforce(token, clause, answer.exchange, errorDescriptionOutcome(answer, what));
}

/** The predicate: the error is `code`, the one §5.2 gives this case. */
export function errorCodeOutcome(answer: TokenAnswer, code: string, what: string): Outcome {
  return oauthError(answer) === code
    ? CONFORMS
    : nonConforming(`${what}: error is ${JSON.stringify(answer.body?.error)}, expected "${code}"`);
}

export function expectErrorCode(answer: TokenAnswer, code: string, clause: Clause, what: string): void {
  enforce(token, clause, answer.exchange, errorCodeOutcome(answer, code, what));
}

/** What the answer to Public.HrCore.Write with an unknown scope showed (D57). */
export function unknownScopeShown(
  answer: TokenAnswer,
  unknown: string,
  payload: Readonly<Record<string, unknown>> | null,
): UnknownScopeShown {
  return {
    status: answer.status,
    error: oauthError(answer),
    issued: issuedToken(answer) !== null,
    stated: scopeList(answer.body?.scope),
    carried: scopeList(payload?.scope),
    unknown,
  };
}

/** An unknown scope is refused with invalid_scope, ignored (and the scope stated) or granted: the readings of D57. */
export function expectUnknownScopeHandled(answer: TokenAnswer, shown: UnknownScopeShown, clause: Clause): void {
  const judged = readingOutcome(V3_TOKEN_UNKNOWN_SCOPE, shown, `asked for "${shown.unknown}": ${seen(answer)}`);
  enforce(token, clause, answer.exchange, judged.outcome, { reading: judged.judgement });
}

/** The authorization_code grant of this client is refused as one of the readings of D58. */
export function expectOtherGrantRefused(answer: TokenAnswer, clause: Clause): void {
  const shown = { status: answer.status, error: oauthError(answer), issued: issuedToken(answer) !== null };
  const judged = readingOutcome(V3_TOKEN_OTHER_GRANT, shown, `the authorization_code grant with a code never issued: ${seen(answer)}`);
  enforce(token, clause, answer.exchange, judged.outcome, { reading: judged.judgement });
}
