/** scope: the token request asks for `Public.HrCore.Write`, and several scopes space-separated still grant it. */
import { describe, type Exchange } from '../../http/exchange';
import { defineCheck, type CitedBy } from '../define';
import { CONFORMS, enforce, nonConforming, type Outcome } from '../judge';
import { credentialsRefusalStatus, credentialsRefusedOutcome, expectRefusalChallenge, type CredentialsRefusal } from './auth-enforced';
import { enforceAnswer, statusOutcome, type Answered } from './status';

const scope = defineCheck({
  name: 'scope',
  summary: 'the scope Public.HrCore.Write is what HR core operations need, requested alone or among several',
  cites: ['v3.auth.scope'],
});
export default scope;

type Clause = CitedBy<typeof scope>;

/** A write sent with a token that lacks the scope: no 5xx, then refused as credentials are (401 or 403; any 4xx where the route is not shown). */
export function expectScopeRefused(exchange: Exchange, clause: Clause, refusal: CredentialsRefusal = {}): void {
  const expected = credentialsRefusalStatus(exchange, refusal.routeShown);
  enforceAnswer(scope, clause, exchange, expected, (e) => credentialsRefusedOutcome(e, refusal));
  expectRefusalChallenge(exchange, refusal.routeShown);
}

/** The predicate: a write sent with a token that carries the scope (among others) is accepted (2xx). */
export function scopeAcceptedOutcome(exchange: Answered, why?: string): Outcome {
  return statusOutcome(exchange, '2xx', why);
}

/** A write with a token that carries the scope: no 5xx, then 2xx. */
export function expectScopeAccepted(exchange: Exchange, clause: Clause, why?: string): void {
  enforceAnswer(scope, clause, exchange, '2xx', (e) => scopeAcceptedOutcome(e, why));
}

/**
 * The predicate: the request, sent with a token that carries the scope, is not refused for its
 * credentials (401 or 403); another refusal (its payload, say) is not this check's business, and
 * neither is a missing answer.
 */
export function notRefusedForScopeOutcome(exchange: Exchange, why: string): Outcome {
  const code = exchange.response?.status;
  return code === 401 || code === 403 ? nonConforming(`${describe(exchange)}: ${why}`) : CONFORMS;
}

export function expectNotRefusedForScope(exchange: Exchange, clause: Clause, why: string): void {
  enforce(scope, clause, exchange, notRefusedForScopeOutcome(exchange, why));
}
