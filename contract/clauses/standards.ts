/**
 * The sentences of the standards the seed documents invoke, quoted word for word with their section:
 * 001 §5.1 "an OAuth 2.0 bearer token (JWT) obtained through the client credentials grant" brings
 * RFC 6749 (OAuth 2.0), RFC 6750 (bearer tokens) and RFC 7519 (JWT); both documents' HTTP brings
 * RFC 9110. A check cites these as it cites a document's clause; a report shows them as
 * "RFC 6749 §5.1". test/unit/standards.test.ts proves each quote in its section of rfc<N>.txt under
 * CONFORMANCE_STANDARDS_DIR (the RFC texts are not part of the repository).
 */
import type { Clause, StandardId } from './types';

type Row = readonly [section: string, quote: string];

/** RFC 6749, The OAuth 2.0 Authorization Framework. */
const RFC6749 = {
  'rfc6749.2.3.one-method': ['§2.3', 'The client MUST NOT use more than one authentication method in each request.'],
  'rfc6749.2.3.1.basic': [
    '§2.3.1',
    'The authorization server MUST support the HTTP Basic authentication scheme for authenticating clients that were issued a client password.',
  ],
  'rfc6749.3.3.ignore-scope': [
    '§3.3',
    "The authorization server MAY fully or partially ignore the scope requested by the client, based on the authorization server policy or the resource owner's instructions.",
  ],
  'rfc6749.3.3.scope-stated': [
    '§3.3',
    'If the issued access token scope is different from the one requested by the client, the authorization server MUST include the "scope" response parameter to inform the client of the actual scope granted.',
  ],
  'rfc6749.4.4.2.grant-type': ['§4.4.2', 'grant_type REQUIRED.  Value MUST be set to "client_credentials".'],
  'rfc6749.4.4.2.authenticate': ['§4.4.2', 'The authorization server MUST authenticate the client.'],
  'rfc6749.4.4.3.no-refresh': ['§4.4.3', 'A refresh token SHOULD NOT be included.'],
  'rfc6749.4.4.3.error': [
    '§4.4.3',
    'If the request failed client authentication or is invalid, the authorization server returns an error response as described in Section 5.2.',
  ],
  'rfc6749.5.1.200': [
    '§5.1',
    'The authorization server issues an access token and optional refresh token, and constructs the response by adding the following parameters to the entity-body of the HTTP response with a 200 (OK) status code:',
  ],
  'rfc6749.5.1.access-token': ['§5.1', 'access_token REQUIRED.  The access token issued by the authorization server.'],
  'rfc6749.5.1.token-type': [
    '§5.1',
    'token_type REQUIRED.  The type of the token issued as described in Section 7.1.  Value is case insensitive.',
  ],
  'rfc6749.5.1.expires-in': ['§5.1', 'expires_in RECOMMENDED.  The lifetime in seconds of the access token.'],
  'rfc6749.5.1.json': [
    '§5.1',
    'The parameters are included in the entity-body of the HTTP response using the "application/json" media type as defined by [RFC4627].',
  ],
  'rfc6749.5.1.numbers': ['§5.1', 'Numerical values are included as JSON numbers.'],
  'rfc6749.5.1.no-store': [
    '§5.1',
    'The authorization server MUST include the HTTP "Cache-Control" response header field [RFC2616] with a value of "no-store" in any response containing tokens, credentials, or other sensitive information, as well as the "Pragma" response header field [RFC2616] with a value of "no-cache".',
  ],
  'rfc6749.5.2.400': [
    '§5.2',
    'The authorization server responds with an HTTP 400 (Bad Request) status code (unless specified otherwise) and includes the following parameters with the response:',
  ],
  'rfc6749.5.2.error': ['§5.2', 'error REQUIRED.  A single ASCII [USASCII] error code from the following:'],
  'rfc6749.5.2.error-description': [
    '§5.2',
    'Values for the "error_description" parameter MUST NOT include characters outside the set %x20-21 / %x23-5B / %x5D-7E.',
  ],
  'rfc6749.5.2.invalid-request': [
    '§5.2',
    'invalid_request The request is missing a required parameter, includes an unsupported parameter value (other than grant type), repeats a parameter, includes multiple credentials, utilizes more than one mechanism for authenticating the client, or is otherwise malformed.',
  ],
  'rfc6749.5.2.invalid-client': [
    '§5.2',
    'invalid_client Client authentication failed (e.g., unknown client, no client authentication included, or unsupported authentication method).  The authorization server MAY return an HTTP 401 (Unauthorized) status code to indicate which HTTP authentication schemes are supported.',
  ],
  'rfc6749.5.2.invalid-client-basic': [
    '§5.2',
    'If the client attempted to authenticate via the "Authorization" request header field, the authorization server MUST respond with an HTTP 401 (Unauthorized) status code and include the "WWW-Authenticate" response header field matching the authentication scheme used by the client.',
  ],
  'rfc6749.5.2.invalid-grant': [
    '§5.2',
    'invalid_grant The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  ],
  'rfc6749.5.2.unauthorized-client': [
    '§5.2',
    'unauthorized_client The authenticated client is not authorized to use this authorization grant type.',
  ],
  'rfc6749.5.2.unsupported-grant-type': [
    '§5.2',
    'unsupported_grant_type The authorization grant type is not supported by the authorization server.',
  ],
  'rfc6749.5.2.invalid-scope': [
    '§5.2',
    'invalid_scope The requested scope is invalid, unknown, malformed, or exceeds the scope granted by the resource owner.',
  ],
  'rfc6749.5.2.json': [
    '§5.2',
    'The parameters are included in the entity-body of the HTTP response using the "application/json" media type as defined by [RFC4627].',
  ],
} as const;

/** RFC 6750, The OAuth 2.0 Authorization Framework: Bearer Token Usage. */
const RFC6750 = {
  'rfc6750.3.challenge': [
    '§3',
    'If the protected resource request does not include authentication credentials or does not contain an access token that enables access to the protected resource, the resource server MUST include the HTTP "WWW-Authenticate" response header field; it MAY include it in response to other conditions as well.',
  ],
  'rfc6750.3.bearer': ['§3', 'All challenges defined by this specification MUST use the auth-scheme value "Bearer".'],
} as const;

/** RFC 7519, JSON Web Token (JWT). */
const RFC7519 = {
  'rfc7519.2.numeric-date': [
    '§2',
    'NumericDate A JSON numeric value representing the number of seconds from 1970-01-01T00:00:00Z UTC until the specified UTC date/time, ignoring leap seconds.',
  ],
  'rfc7519.3.parts': [
    '§3',
    "A JWT is represented as a sequence of URL-safe parts separated by period ('.') characters.  Each part contains a base64url-encoded value.",
  ],
  'rfc7519.3.claims-json': ['§3', 'JWTs represent a set of claims as a JSON object that is encoded in a JWS and/or JWE structure.'],
  'rfc7519.3.serializations': [
    '§3',
    'The number of parts in the JWT is dependent upon the representation of the resulting JWS using the JWS Compact Serialization or JWE using the JWE Compact Serialization.',
  ],
  'rfc7519.4.1.5.nbf': [
    '§4.1.5',
    'The "nbf" (not before) claim identifies the time before which the JWT MUST NOT be accepted for processing.',
  ],
  'rfc7519.4.1.4.exp': [
    '§4.1.4',
    'The "exp" (expiration time) claim identifies the expiration time on or after which the JWT MUST NOT be accepted for processing.',
  ],
  'rfc7519.4.1.4.number': ['§4.1.4', 'Its value MUST be a number containing a NumericDate value.'],
  'rfc7519.4.1.5.number': ['§4.1.5', 'Its value MUST be a number containing a NumericDate value.'],
  'rfc7519.4.1.6.iat': ['§4.1.6', 'The "iat" (issued at) claim identifies the time at which the JWT was issued.'],
  'rfc7519.4.1.6.number': ['§4.1.6', 'Its value MUST be a number containing a NumericDate value.'],
} as const;

/** RFC 9110, HTTP Semantics. */
const RFC9110 = {
  'rfc9110.11.6.1.challenge': [
    '§11.6.1',
    'A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate header field containing at least one challenge.',
  ],
  'rfc9110.15.5.2.challenge': [
    '§15.5.2',
    'The server generating a 401 response MUST send a WWW-Authenticate header field (Section 11.6.1) containing at least one challenge applicable to the target resource.',
  ],
} as const;

function build<T extends Record<string, Row>>(standard: StandardId, rows: T): Record<keyof T, Clause> {
  const out = {} as Record<keyof T, Clause>;
  for (const [id, [section, quote]] of Object.entries(rows) as [keyof T & string, Row][]) {
    out[id] = Object.freeze({ id, seed: standard, section, quote });
  }
  return out;
}

export const STANDARD_CLAUSES = Object.freeze({
  ...build('RFC 6749', RFC6749),
  ...build('RFC 6750', RFC6750),
  ...build('RFC 7519', RFC7519),
  ...build('RFC 9110', RFC9110),
});

export type StandardClauseId = keyof typeof RFC6749 | keyof typeof RFC6750 | keyof typeof RFC7519 | keyof typeof RFC9110;
