/**
 * The OAuth 2.0 token endpoint, client credentials grant only: client authentication by HTTP basic or by the
 * form fields client_id/client_secret, scope handling, the token response and error responses.
 * Document part 5 items 1-4, 6 ("Address of the token service: not shown"); RFC 6749 §2.3.1, §3.3, §4.4, §5.1,
 * §5.2.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { PersonaChoices } from './choices';
import { isFormContentType } from './http-io';
import type { JsonObject } from './json';
import type { Reply } from './reply';
import { HR_SCOPE, TOKEN_LIFETIME_SECONDS } from './seed';
import type { TokenService } from './token-service';

export interface TokenRequest {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface TokenContext {
  readonly choices: PersonaChoices;
  readonly tokens: TokenService;
  readonly clients: ReadonlyMap<string, string>;
  /** The issuer (`iss`) of identity-provider tokens: the realm's address. */
  readonly issuer?: string;
}

interface Credentials {
  readonly id: string;
  readonly secret: string;
}

/** RFC 6749 §5.1/§5.2: token and error responses are not cached. */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
const KNOWN_SCOPES: readonly string[] = [HR_SCOPE];
/** Grant types the server knows (RFC 6749 §4, RFC 8628, RFC 7523): another client of it may hold one. */
const STANDARD_GRANTS: readonly string[] = [
  'authorization_code',
  'password',
  'refresh_token',
  'implicit',
  'urn:ietf:params:oauth:grant-type:device_code',
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
];
/** Client scopes of the identity-provider style: OpenID Connect's and the API's. */
const IDP_SCOPES: readonly string[] = [HR_SCOPE, 'openid', 'profile', 'email'];

/** Azure AD's error codes (AADSTS...) per OAuth error. */
const AADSTS: Readonly<Record<string, number>> = {
  invalid_client: 7000215,
  invalid_request: 900144,
  unsupported_grant_type: 70003,
  invalid_scope: 70011,
};

function oauthError(choices: PersonaChoices, status: number, error: string, description: string, extra = {}): Reply {
  let body: JsonObject = choices.token.errorDescriptions ? { error, error_description: description } : { error };
  if (choices.token.idp) {
    const code = AADSTS[error] ?? 90000;
    const traceId = randomUUID();
    const correlationId = randomUUID();
    const timestamp = new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d{3}Z$/, 'Z');
    body = {
      error,
      // Azure AD puts each of these on a line of its own; RFC 6749 §5.2 allows no line break in error_description.
      error_description: `AADSTS${code}: ${description} Trace ID: ${traceId} Correlation ID: ${correlationId} Timestamp: ${timestamp}`,
      error_codes: [code],
      timestamp,
      trace_id: traceId,
      correlation_id: correlationId,
    };
  }
  return { status, body, headers: { ...NO_STORE, ...extra } };
}

/** RFC 6749 §2.3.1: id and secret are form-encoded before being put into the basic credentials. */
function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function basicCredentials(header: string | undefined): Credentials | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (match?.[1] === undefined) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function grantedScopes(requested: readonly string[], choices: PersonaChoices): string[] | null {
  if (choices.token.grant === 'idp') {
    if (requested.some((scope) => !IDP_SCOPES.includes(scope))) return null;
    return [...new Set([HR_SCOPE, ...requested])];
  }
  if (requested.length === 0) return choices.token.missingScope === 'default' ? [HR_SCOPE] : null;
  if (choices.token.grant === 'drop-unknown') {
    // RFC 6749 §3.3: the server "MAY fully or partially ignore the scope requested"; what is left, or the default scope
    const known = [...new Set(requested)].filter((scope) => KNOWN_SCOPES.includes(scope));
    return known.length > 0 ? known : [HR_SCOPE];
  }
  if (choices.token.requireHrScope && !requested.includes(HR_SCOPE)) return null;
  const unique = [...new Set(requested)];
  return choices.token.grant === 'requested' ? unique : unique.filter((scope) => KNOWN_SCOPES.includes(scope));
}

export function handleTokenRequest(req: TokenRequest, ctx: TokenContext): Reply {
  const { choices } = ctx;
  if (req.method !== 'POST') {
    return oauthError(choices, 405, 'invalid_request', 'The token endpoint accepts POST only', { Allow: 'POST' });
  }
  const isForm = isFormContentType(req.headers['content-type']);
  if (choices.token.nonFormBody === 'refuse' && !isForm) {
    return oauthError(choices, 400, 'invalid_request', 'The body must be application/x-www-form-urlencoded');
  }
  // Keycloak reads form parameters only: another body carries none.
  const params = new URLSearchParams(choices.token.nonFormBody === 'empty' && !isForm ? '' : req.body);
  if (choices.token.refuseAmbiguousRequests && [...new Set(params.keys())].some((key) => params.getAll(key).length > 1)) {
    return oauthError(choices, 400, 'invalid_request', 'A parameter is repeated');
  }
  const grantType = params.get('grant_type');
  if (grantType === null || grantType === '') {
    return oauthError(choices, 400, 'invalid_request', choices.token.idp ? 'Missing form parameter: grant_type' : 'grant_type is missing');
  }

  const basic = basicCredentials(req.headers.authorization);
  const formId = params.get('client_id');
  // RFC 6749 §5.2 invalid_request: a request that "utilizes more than one mechanism for authenticating the client" is
  // invalid, and §4.4.3 gives an invalid request an error response: every persona refuses it.
  if (basic !== null && params.get('client_secret') !== null) {
    return oauthError(choices, 400, 'invalid_request', 'Use one client authentication method only');
  }
  const credentials = basic ?? (formId === null ? null : { id: formId, secret: params.get('client_secret') ?? '' });
  const expected = credentials === null ? undefined : ctx.clients.get(credentials.id);
  if (credentials === null || expected === undefined || !sameSecret(credentials.secret, expected)) {
    const status = basic !== null || req.headers.authorization !== undefined ? 401 : choices.token.invalidClientStatus;
    const challenge = status === 401 ? { 'WWW-Authenticate': 'Basic realm="token", charset="UTF-8"' } : {};
    return oauthError(choices, status, 'invalid_client', 'Client authentication failed', challenge);
  }
  if (grantType !== 'client_credentials') {
    if (choices.token.otherGrantError === 'unauthorized_client' && STANDARD_GRANTS.includes(grantType)) {
      // RFC 6749 §5.2: "The authenticated client is not authorized to use this authorization grant type."
      return oauthError(choices, 400, 'unauthorized_client', `The client is not allowed the grant type ${grantType}`);
    }
    return oauthError(choices, 400, 'unsupported_grant_type', 'Only client_credentials is supported');
  }

  const requested = (params.get('scope') ?? '').split(' ').filter((scope) => scope !== '');
  const granted = grantedScopes(requested, choices);
  if (granted === null || granted.length === 0) {
    const description =
      choices.token.grant === 'idp'
        ? `The provided value for the input parameter 'scope' is not valid. Invalid scopes: ${requested.filter((scope) => !IDP_SCOPES.includes(scope)).join(' ')}`
        : `The scope ${HR_SCOPE} must be requested`;
    return oauthError(choices, 400, 'invalid_scope', description);
  }
  const issued = ctx.tokens.issueToken(credentials.id, granted, ctx.issuer);
  const expiresIn = choices.token.expiresIn === 'remaining' ? Math.floor(issued.exp - issued.issuedMs / 1000) : TOKEN_LIFETIME_SECONDS;
  const same = [...requested].sort().join(' ') === [...granted].sort().join(' ');
  const scope = choices.token.alwaysIncludeScope || !same ? granted.join(' ') : undefined;
  if (choices.token.idp) {
    // Azure AD's v2 answer with Keycloak's members.
    const body: JsonObject = {
      token_type: 'Bearer',
      scope: granted.join(' '),
      expires_in: expiresIn,
      ext_expires_in: expiresIn,
      refresh_expires_in: 0,
      'not-before-policy': 0,
      access_token: issued.token,
    };
    return { status: 200, body, headers: NO_STORE };
  }
  const body: JsonObject = { access_token: issued.token, token_type: 'Bearer' };
  if (choices.token.expiresIn !== 'none') body.expires_in = expiresIn;
  if (scope !== undefined) body.scope = scope;
  return { status: 200, body, headers: NO_STORE };
}
