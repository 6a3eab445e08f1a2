/**
 * auth-enforced: missing, wrong or foreign credentials are refused, each refusal with its challenge
 * (RFC 9110 §15.5.2, RFC 6750 §3); the token endpoint refuses a client that fails authentication
 * (RFC 6749 §4.4.2, §5.2).
 */
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { describe, type Exchange } from '../../http/exchange';
import { V3_AUTH_REFUSED } from '../../readings/entries/v3-refusals';
import { V3_TOKEN_CLIENT_REFUSED, V3_TOKEN_SECRET_MISSING } from '../../readings/entries/token';
import { headerOf, issuedToken, oauthError, type TokenAnswer } from '../token-answer';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { expectNoServerError } from './no-server-error';
import { enforceAnswer, enforceStatus, statusOutcome, type Answered, type ExpectedStatus } from './status';

const authEnforced = defineCheck({
  name: 'auth-enforced',
  summary:
    'a request without valid credentials (none, forged, or a token past its life) is refused (RM: 401; v3: 401 or 403, RFC 6750 §3.1) with its challenge, and the token endpoint refuses a client that fails authentication',
  cites: [
    'rm.auth.401',
    'rm.auth.required',
    'rm.auth.key-secret',
    'rm.error.401',
    'v3.auth.token',
    'v3.auth.lifetime',
    'learning.auth.scope',
    'rfc6749.4.4.2.authenticate',
    'rfc6749.5.2.invalid-client',
    'rfc6749.5.2.invalid-client-basic',
    'rfc6750.3.',
    'rfc9110.',
  ],
});
export default authEnforced;

export interface CredentialsRefusal {
  /** Words that say why the refusal is expected ("sent with a forged token"). */
  why?: string;
  /**
   * The operation is served at the path asked (default true). Where 001 §4 Gaps does not show the
   * path and a probe with valid credentials found nothing there, any 4xx is taken as the refusal.
   */
  routeShown?: boolean;
}

/**
 * The statuses a refusal of credentials takes: RM 401 (000 §5, §7); v3 401 or 403 (RFC 6750 §3.1:
 * invalid_token 401, insufficient_scope 403, the standard 001 §5.1 names); any 4xx where the route is not shown.
 */
export function credentialsRefusalStatus(exchange: Exchange, routeShown = true): ExpectedStatus {
  if (exchange.api === 'rm') return 401;
  return routeShown ? [401, 403] : '4xx';
}

/** The predicate: a request sent without valid credentials is refused with the status its API gives. */
export function credentialsRefusedOutcome(exchange: Answered, refusal: CredentialsRefusal = {}): Outcome {
  return statusOutcome(exchange, credentialsRefusalStatus(exchange, refusal.routeShown), refusal.why);
}

/**
 * The predicate of a v3 refusal where the route is shown, by the readings of v3.auth.refused (401, or
 * 403; a statement may pin one): the verdict names the reading the status showed.
 */
export function v3RefusalReading(exchange: Answered, refusal: CredentialsRefusal = {}): ReadingOutcome {
  const why = refusal.why ? ` (${refusal.why})` : '';
  return readingOutcome(V3_AUTH_REFUSED, { status: exchange.response.status }, `${describe(exchange)}${why}`);
}

/** A request sent without valid credentials: no 5xx, then refused (credentialsRefusedOutcome; v3 by its readings). */
export function expectCredentialsRefused(exchange: Exchange, clause: CitedBy<typeof authEnforced>, refusal: CredentialsRefusal = {}): void {
  const expected = credentialsRefusalStatus(exchange, refusal.routeShown);
  if (exchange.api !== 'rm' && refusal.routeShown !== false) {
    expectNoServerError(exchange, clause as never);
    enforceStatus(authEnforced, clause, exchange, expected, { reading: (e) => v3RefusalReading(e, refusal) });
    expectRefusalChallenge(exchange);
    return;
  }
  enforceAnswer(authEnforced, clause, exchange, expected, (e) => credentialsRefusedOutcome(e, refusal));
  expectRefusalChallenge(exchange, refusal.routeShown);
}

/**
 * The predicate: the token endpoint issued no token to a client whose credentials are wrong (`what`),
 * and answered with an error status (RFC 6749 §4.4.2 "The authorization server MUST authenticate the client.").
 */
export function tokenRefusedOutcome(answer: TokenAnswer, what: string): Outcome {
  const issued = issuedToken(answer) !== null;
  return !issued && answer.status >= 400 && answer.status < 500
    ? CONFORMS
    : nonConforming(
        `the token endpoint answered ${answer.status}${issued ? ' with an access_token' : ''} to ${what} (${describe(answer.exchange)})`,
      );
}

/** How the refused client authenticated: by the form fields, or by HTTP basic. */
export type ClientAuth = 'post' | 'basic';

/**
 * The token endpoint refuses a client with wrong credentials (`what`): no token, then by the form
 * fields 400 or 401 invalid_client (the readings of D56), by HTTP basic 401 invalid_client with a
 * Basic challenge (RFC 6749 §5.2); any 401 carries a challenge (RFC 9110 §15.5.2). Each verdict names
 * the token exchange.
 */
export function expectTokenRefused(answer: TokenAnswer, how: ClientAuth, what: string): void {
  enforce(authEnforced, 'rfc6749.4.4.2.authenticate', answer.exchange, tokenRefusedOutcome(answer, what));
  const shown = { status: answer.status, error: oauthError(answer) };
  if (how === 'basic') {
    const exact = shown.status === 401 && shown.error === 'invalid_client';
    const outcome = exact
      ? CONFORMS
      : nonConforming(
          `${what}, sent by HTTP basic: ${describe(answer.exchange)} with error ${JSON.stringify(shown.error)}, expected 401 invalid_client`,
        );
    enforce(authEnforced, 'rfc6749.5.2.invalid-client-basic', answer.exchange, outcome);
    expectChallenge(answer.exchange, 'rfc6749.5.2.invalid-client-basic', 'Basic');
    return;
  }
  const judged = readingOutcome(V3_TOKEN_CLIENT_REFUSED, shown, `${what}, sent in the form: ${describe(answer.exchange)}`);
  enforce(authEnforced, 'rfc6749.5.2.invalid-client', answer.exchange, judged.outcome, { reading: judged.judgement });
  if (answer.status === 401) expectChallenge(answer.exchange, 'rfc9110.15.5.2.challenge');
}

/**
 * The token endpoint refuses the configured client_id sent in the form without its client_secret:
 * no token (RFC 6749 §4.4.2 "The authorization server MUST authenticate the client."), then one of
 * the readings of v3.token.secret-missing (D92: invalid_client 400 or 401, invalid_request 400); a
 * 401 carries a challenge (RFC 9110 §15.5.2). Each verdict names the token exchange.
 */
export function expectSecretMissingRefused(answer: TokenAnswer): void {
  const what = 'the client_id without its client_secret';
  enforce(authEnforced, 'rfc6749.4.4.2.authenticate', answer.exchange, tokenRefusedOutcome(answer, what));
  const shown = { status: answer.status, error: oauthError(answer) };
  const judged = readingOutcome(V3_TOKEN_SECRET_MISSING, shown, `${what}, sent in the form: ${describe(answer.exchange)}`);
  enforce(authEnforced, 'rfc6749.5.2.invalid-client', answer.exchange, judged.outcome, { reading: judged.judgement });
  if (answer.status === 401) expectChallenge(answer.exchange, 'rfc9110.15.5.2.challenge');
}

// --- the challenge of a refusal (RFC 9110 §11.6.1, §15.5.2; RFC 6750 §3) ---------------------

/** The auth-schemes of the challenges a WWW-Authenticate value names (RFC 9110 §11.3), lower case. */
export function challengeSchemes(value: string | undefined): string[] {
  if (value === undefined) return [];
  // A challenge starts the value or follows a comma; an auth-param ("realm=...") is a token followed by "=".
  return [...value.matchAll(/(?:^|,)\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?=\s|,|$)(?!\s*=)/g)].map((m) => (m[1] ?? '').toLowerCase());
}

/** The predicate: the refusal carries a WWW-Authenticate challenge, of `scheme` when one is named. */
export function challengeOutcome(exchange: Exchange, scheme?: string): Outcome {
  const value = headerOf(exchange, 'www-authenticate');
  const schemes = challengeSchemes(value);
  if (schemes.length === 0)
    return nonConforming(
      `${describe(exchange)} carries ${value === undefined ? 'no WWW-Authenticate header' : `no challenge in WWW-Authenticate "${value}"`}`,
    );
  if (scheme && !schemes.includes(scheme.toLowerCase()))
    return nonConforming(`${describe(exchange)}: WWW-Authenticate "${value ?? ''}" holds no ${scheme} challenge`);
  return CONFORMS;
}

/** The refusal carries its challenge (`scheme`'s, when named). */
export function expectChallenge(exchange: Exchange, clause: CitedBy<typeof authEnforced>, scheme?: string): void {
  enforce(authEnforced, clause, exchange, challengeOutcome(exchange, scheme));
}

/**
 * The challenges of a refused request: every 401 names one (RFC 9110 §15.5.2); a v3 refusal of its
 * bearer token (401 or 403 where the route is shown) names a Bearer one (RFC 6750 §3).
 */
export function expectRefusalChallenge(exchange: Exchange, routeShown = true): void {
  const code = exchange.response?.status;
  if (exchange.api !== 'rm' && routeShown && (code === 401 || code === 403)) {
    expectChallenge(exchange, 'rfc6750.3.challenge');
    expectChallenge(exchange, 'rfc6750.3.bearer', 'Bearer');
    return;
  }
  if (code === 401) expectChallenge(exchange, 'rfc9110.15.5.2.challenge');
}
