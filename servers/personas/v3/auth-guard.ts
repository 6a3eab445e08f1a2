/**
 * The bearer-token guard of the API operations: 401 without a token or with an invalid or expired one, 401 or
 * 403 (per persona) for a token without the scope the operation needs. RFC 6750 §3 challenges.
 * Document part 5 items 1-2 and 5 ("Scope required for learning operations: not shown").
 */
import type { PersonaChoices } from './choices';
import { problem, refuse } from './errors';
import type { Reply } from './reply';
import { grantsScope, type TokenService } from './token-service';

export interface GuardContext {
  readonly choices: PersonaChoices;
  readonly tokens: TokenService;
}

const REALM = 'Bearer realm="v3"';

function deny(choices: PersonaChoices, status: number, challenge: string, message: string): Reply {
  const headers = { 'WWW-Authenticate': challenge };
  return choices.auth.errorBody ? refuse(choices, status, [problem('Authorization', message)], headers) : { status, headers };
}

/** null when the request may proceed, otherwise the refusal. */
export function guard(authorization: string | undefined, requiredScope: string | null, ctx: GuardContext): Reply | null {
  const { choices } = ctx;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match?.[1] === undefined) return deny(choices, 401, REALM, 'A bearer token is required');
  const check = ctx.tokens.check(match[1]);
  if (!check.ok) {
    return deny(choices, 401, `${REALM}, error="invalid_token", error_description="${check.reason}"`, `Invalid token: ${check.reason}`);
  }
  if (requiredScope !== null && !grantsScope(check.claims, requiredScope)) {
    const status = choices.auth.insufficientScopeStatus;
    const challenge = `${REALM}, error="insufficient_scope", scope="${requiredScope}"`;
    return deny(choices, status, challenge, `The scope ${requiredScope} is required`);
  }
  return null;
}
