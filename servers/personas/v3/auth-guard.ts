/**
 * The bearer-token guard of the API operations: 401 without a token, 401 (403 in the alternate persona) with an
 * invalid or expired one, 401 or 403 (per persona) for a token without the scope the operation needs. RFC 6750 §3 challenges.
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

const RFC6750 = 'error_uri="https://tools.ietf.org/html/rfc6750#section-3.1"';

/** The challenges: with a realm (lenient, strict) or as Spring Security's BearerTokenAuthenticationEntryPoint writes them. */
function challenges(choices: PersonaChoices, reason: string, scope: string): { missing: string; invalid: string; scope: string } {
  if (choices.auth.challengeStyle === 'spring') {
    return {
      missing: 'Bearer',
      invalid: `Bearer error="invalid_token", error_description="An error occurred while attempting to decode the Jwt: ${reason}", ${RFC6750}`,
      scope: `Bearer error="insufficient_scope", error_description="The request requires higher privileges than provided by the access token.", ${RFC6750}`,
    };
  }
  return {
    missing: REALM,
    invalid: `${REALM}, error="invalid_token", error_description="${reason}"`,
    scope: `${REALM}, error="insufficient_scope", scope="${scope}"`,
  };
}

/** null when the request may proceed, otherwise the refusal. */
export function guard(authorization: string | undefined, requiredScope: string | null, ctx: GuardContext): Reply | null {
  const { choices } = ctx;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match?.[1] === undefined) return deny(choices, 401, challenges(choices, '', '').missing, 'A bearer token is required');
  const check = ctx.tokens.check(match[1]);
  if (!check.ok) {
    // 401 (RFC 6750 §3.1 invalid_token), or 403 as a gateway denies a token its authorizer rejects; the challenge is
    // sent either way (RFC 6750 §3: "the resource server MUST include the HTTP WWW-Authenticate response header field")
    const status = choices.auth.invalidTokenStatus;
    return deny(choices, status, challenges(choices, check.reason, '').invalid, `Invalid token: ${check.reason}`);
  }
  if (requiredScope !== null && !grantsScope(check.claims, requiredScope)) {
    const status = choices.auth.insufficientScopeStatus;
    return deny(choices, status, challenges(choices, '', requiredScope).scope, `The scope ${requiredScope} is required`);
  }
  return null;
}
