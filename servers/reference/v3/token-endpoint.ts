/**
 * POST /oauth/token: the OAuth 2.0 client credentials grant (001 §5; RFC 6749 §4.4). The client
 * authenticates with HTTP basic or with client_id / client_secret form fields (RFC 6749 §2.3.1;
 * only basic under the token-basic-only variant), never both at once (§2.3: invalid_request).
 * Scopes are space separated (001 §5.2) and the token carries exactly the scopes asked for (the
 * unknown-scope variants refuse or ignore scopes outside the server's own, §3.3). Unknown client or
 * wrong secret: 401 invalid_client with a Basic challenge (RFC 9110 §15.5.2; 400 by the form under a
 * variant); a missing grant_type: 400 invalid_request; another grant: 400 unsupported_grant_type.
 */
import { randomUUID } from 'node:crypto';
import { send, type Ctx } from '../http-kit';
import { on } from '../switches';
import { json } from './respond';
import { HR_WRITE_SCOPE, type Client, type TokenService } from './tokens';

interface Credentials {
  id: string;
  secret: string;
  via: 'basic' | 'post';
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };
/** The server's own scopes, as the unknown-scope variants know them. */
const KNOWN_SCOPES: readonly string[] = [HR_WRITE_SCOPE, 'Public.HrCore.Read', 'Public.Learning.Read', 'Public.Learning.Write', 'openid'];

/** An error of RFC 6749 §5.2; every 401 carries a Basic challenge (RFC 9110 §15.5.2) unless a fault leaves it out. */
function oauthError(ctx: Ctx, asked: number, error: string, description: string): void {
  const b = ctx.behaviour;
  // The fault answers a grant it does not allow 401, as a failed authorization.
  const status = error === 'unsupported_grant_type' && on(b, 'hr.token.grant-refused-401') ? 401 : asked;
  const challenge = status === 401 && !on(b, 'hr.token.401-without-challenge');
  // The fault sends the API's Bearer challenge on every 401, whatever scheme the client used.
  const scheme = on(b, 'hr.token.basic-refused-bearer-challenge') ? 'Bearer realm="token"' : 'Basic realm="token", charset="UTF-8"';
  const body = {
    error,
    // The fault appends its trace on lines of their own, as Azure AD does.
    error_description: on(b, 'hr.token.error-description-newline')
      ? `${description}\r\nTrace ID: ${randomUUID()}\r\nTimestamp: ${new Date().toISOString()}`
      : description,
    ...(on(b, 'hr.variant.token-azure') ? azureErrorMembers(error) : {}),
  };
  const headers = { ...NO_STORE, ...(challenge ? { 'www-authenticate': scheme } : {}) };
  // The fault form-encodes its errors, as GitHub's token endpoint does by default.
  if (on(b, 'hr.token.error-form-encoded')) {
    for (const [k, v] of Object.entries(headers)) ctx.res.setHeader(k, v);
    const fields = Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]);
    return send(ctx, status, new URLSearchParams(fields).toString(), 'application/x-www-form-urlencoded');
  }
  json(ctx, status, body, headers);
}

/** What Azure AD adds to an OAuth error: its own codes, when, trace and correlation ids, and a link (RFC 6749 §5.2 error_uri). */
function azureErrorMembers(error: string): Record<string, unknown> {
  const code = { invalid_client: 7000215, invalid_request: 900144, unsupported_grant_type: 70003, invalid_grant: 9002313 }[error] ?? 50000;
  return {
    error_codes: [code],
    timestamp: new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, 'Z'),
    trace_id: randomUUID(),
    correlation_id: randomUUID(),
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  };
}

/** A client that failed authentication: 401 invalid_client (400 by the form under a variant; 200 under a fault). */
function clientRefused(ctx: Ctx, via: Credentials['via'] | null, description: string): void {
  if (on(ctx.behaviour, 'hr.token.error-in-200'))
    return json(ctx, 200, { error: 'invalid_client', error_description: description }, NO_STORE);
  const status = via === 'post' && on(ctx.behaviour, 'hr.variant.token-invalid-client-400') ? 400 : 401;
  oauthError(ctx, status, 'invalid_client', description);
}

const formDecode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** Reads HTTP basic credentials (RFC 6749 §2.3.1: id and secret are form-encoded before base64). */
function basicCredentials(header: string | undefined): Credentials | 'malformed' | null {
  if (!header) return null;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return /^Basic\b/i.test(header) ? 'malformed' : null;
  const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)), via: 'basic' };
}

export function tokenEndpoint(tokens: TokenService): (ctx: Ctx) => void {
  return (ctx) => {
    const b = ctx.behaviour;
    if (ctx.method !== 'POST') {
      ctx.res.setHeader('allow', 'POST');
      return oauthError(ctx, 405, 'invalid_request', 'The token endpoint takes POST');
    }
    const type = ctx.req.headers['content-type'] ?? '';
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type))
      return oauthError(ctx, 400, 'invalid_request', 'The token request must be application/x-www-form-urlencoded');
    const form = new URLSearchParams(ctx.rawBody);

    const basic = basicCredentials(ctx.req.headers.authorization);
    if (basic === 'malformed') return oauthError(ctx, 401, 'invalid_client', 'The HTTP basic credentials cannot be read');
    const formId = form.get('client_id');
    const formSecret = form.get('client_secret');
    // The fault authenticates by HTTP basic and ignores the form's secret.
    if (basic && formSecret !== null && !on(b, 'hr.token.both-methods-accepted'))
      return oauthError(ctx, 400, 'invalid_request', 'Use one client authentication method: HTTP basic or form fields, not both');
    const creds: Credentials | null =
      basic ?? (formId !== null && formSecret !== null ? { id: formId, secret: formSecret, via: 'post' } : null);
    if (creds?.via === 'post' && on(b, 'hr.variant.token-basic-only')) {
      return oauthError(ctx, 401, 'invalid_client', 'This token endpoint authenticates clients by HTTP basic only');
    }
    if (creds?.via === 'basic' && on(b, 'hr.token.basic-auth-refused'))
      return oauthError(ctx, 401, 'invalid_client', 'Send client_id and client_secret in the request body');
    // The fault takes a known client_id sent without its secret.
    const bare = !creds && formId !== null && on(b, 'hr.token.secret-omitted-accepted') ? tokens.known(formId) : null;
    if (!creds && !bare) return oauthError(ctx, 401, 'invalid_client', 'Client authentication is required');
    let client: Client | null = creds
      ? tokens.authenticate(creds.id, creds.secret, on(b, 'hr.token.secret-case-insensitive'))
      : (bare ?? null);
    if (!client && creds && on(b, 'hr.token.unknown-client-accepted'))
      client = { id: creds.id, secret: creds.secret, tenant: tokens.homeTenant };
    // The fault reads the client's tenant before testing that the client was found.
    if (!client && on(b, 'hr.token.unknown-client-500')) throw new TypeError("Cannot read properties of null (reading 'tenant')");
    if (!client) return clientRefused(ctx, creds?.via ?? 'post', 'Unknown client or wrong client secret');

    // The faults take a missing grant_type for client_credentials, and issue tokens to the authorization_code grant.
    const asked = form.get('grant_type');
    const grant = (asked === null || asked === '') && on(b, 'hr.token.missing-grant-accepted') ? 'client_credentials' : asked;
    if (grant === null || grant === '') return oauthError(ctx, 400, 'invalid_request', 'grant_type is required');
    if (grant !== 'client_credentials' && !(grant === 'authorization_code' && on(b, 'hr.token.authorization-code-accepted'))) {
      // The faults name the error invalid_grant_type (no code of §5.2) or invalid_request (§5.2 keeps it for other parameters).
      if (on(b, 'hr.token.unsupported-grant-invalid-request'))
        return oauthError(ctx, 400, 'invalid_request', 'grant_type must be client_credentials');
      const code = on(b, 'hr.token.error-unregistered') ? 'invalid_grant_type' : 'unsupported_grant_type';
      return oauthError(ctx, 400, code, `The grant type ${grant} is not supported; use client_credentials`);
    }

    const scopes = [...new Set((form.get('scope') ?? '').split(/\s+/).filter(Boolean))];
    const unknown = scopes.filter((s) => !KNOWN_SCOPES.includes(s));
    // The fault refuses a scope the client was not granted as Auth0 does: 403 access_denied.
    if (unknown.length > 0 && on(b, 'hr.token.unknown-scope-access-denied'))
      return json(
        ctx,
        403,
        { error: 'access_denied', error_description: `Client has not been granted scopes: ${unknown.join(' ')}` },
        NO_STORE,
      );
    if (unknown.length > 0 && on(b, 'hr.variant.token-unknown-scope-refused'))
      return oauthError(ctx, 400, 'invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
    const keycloak = on(b, 'hr.variant.token-keycloak');
    if (unknown.length > 0 && keycloak) return oauthError(ctx, 400, 'invalid_scope', `Invalid scopes: ${scopes.join(' ')}`);
    const ignoring = unknown.length > 0 && (on(b, 'hr.variant.token-unknown-scope-default') || on(b, 'hr.token.scope-dropped-unstated'));
    const known = scopes.filter((s) => KNOWN_SCOPES.includes(s));
    const asKnown = ignoring ? (known.length > 0 ? known : [HR_WRITE_SCOPE]) : scopes;
    let granted = on(b, 'hr.token.scope-always-granted') && !asKnown.includes(HR_WRITE_SCOPE) ? [...asKnown, HR_WRITE_SCOPE] : asKnown;
    // The fault reads the scope parameter as one name unless it is Public.HrCore.Write alone.
    if (on(b, 'hr.token.multi-scope-not-granted') && scopes.length > 1) granted = scopes.filter((s) => s !== HR_WRITE_SCOPE);
    // The fault keeps only the first name of the list.
    if (on(b, 'hr.scope.first-entry-only')) granted = granted.slice(0, 1);
    // Keycloak grants the realm's default client scopes besides those asked (and states them).
    if (keycloak) granted = [...new Set(['profile', 'email', ...granted])];
    const issued = tokens.issue(client, granted);
    const body: Record<string, unknown> = { access_token: issued.accessToken };
    const azure = on(b, 'hr.variant.token-azure');
    // RFC 6749 §5.1: expires_in is RECOMMENDED, not required; the JWT's exp still says 300 s.
    if (!on(b, 'hr.variant.token-no-expires-in'))
      body.expires_in = on(b, 'hr.token.expires-in-string') ? String(issued.expiresIn) : azure ? issued.expiresIn - 1 : issued.expiresIn;
    if (azure) body.ext_expires_in = issued.expiresIn - 1;
    if (keycloak) Object.assign(body, { refresh_expires_in: 0, 'not-before-policy': 0 });
    if (!on(b, 'hr.token.type-missing')) body.token_type = on(b, 'hr.variant.token-type-lowercase') ? 'bearer' : 'Bearer';
    // Where the scope granted differs from the one asked, RFC 6749 §3.3 requires it stated (the fault leaves it out).
    if (ignoring && !on(b, 'hr.token.scope-dropped-unstated')) body.scope = granted.join(' ');
    else if (keycloak) body.scope = granted.join(' ');
    else if (!on(b, 'hr.variant.token-no-scope-echo') && !ignoring && !azure) body.scope = scopes.join(' ');
    const headers = on(b, 'hr.token.no-store-missing') ? { pragma: 'no-cache' } : NO_STORE;
    json(ctx, 200, body, headers, on(b, 'hr.token.text-plain') ? 'text/plain' : 'application/json');
  };
}
