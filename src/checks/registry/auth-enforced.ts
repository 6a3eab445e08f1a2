/** auth-enforced: missing, wrong or foreign credentials are refused. */
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { describe, type Exchange } from '../../http/exchange';
import { V3_AUTH_REFUSED } from '../../readings/entries/v3-refusals';
import { readingOutcome, type ReadingOutcome } from '../readings';
import { expectNoServerError } from './no-server-error';
import { enforceAnswer, enforceStatus, statusOutcome, type Answered, type ExpectedStatus } from './status';

const authEnforced = defineCheck({
  name: 'auth-enforced',
  summary:
    'a request without valid credentials (none, forged, or a token past its life) is refused (RM: 401; v3: 401 or 403, RFC 6750 §3.1)',
  cites: [
    'rm.auth.401',
    'rm.auth.required',
    'rm.auth.key-secret',
    'rm.error.401',
    'v3.auth.token',
    'v3.auth.lifetime',
    'learning.auth.scope',
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
    return;
  }
  enforceAnswer(authEnforced, clause, exchange, expected, (e) => credentialsRefusedOutcome(e, refusal));
}

/** What a token endpoint answered (RFC 6749 §5.1, §5.2): not an exchange of the catalogue. */
export interface TokenAnswer {
  readonly status: number;
  /** The parsed JSON body, or null. */
  readonly body: Readonly<Record<string, unknown>> | null;
  readonly text: string;
}

/** The access token a token answer issued: a 200 with a non-empty `access_token`, else null. */
export function issuedToken(answer: TokenAnswer): string | null {
  const token = answer.body?.access_token;
  return answer.status === 200 && typeof token === 'string' && token !== '' ? token : null;
}

/**
 * The predicate: the token endpoint issued no token to a client whose credentials are wrong
 * (`what`), and answered with an error status (RFC 6749 §5.2: 400, or 401 for invalid_client).
 */
export function tokenRefusedOutcome(answer: TokenAnswer, what: string): Outcome {
  const issued = issuedToken(answer) !== null;
  return !issued && answer.status >= 400 && answer.status < 500
    ? CONFORMS
    : nonConforming(`the token endpoint answered ${answer.status}${issued ? ' with an access_token' : ''} to ${what}`);
}

/** The token endpoint refused a client with wrong credentials. No catalogue exchange: the verdict names none. */
export function expectTokenRefused(answer: TokenAnswer, clause: CitedBy<typeof authEnforced>, what: string): void {
  enforce(authEnforced, clause, null, tokenRefusedOutcome(answer, what));
}
