/**
 * Preflight: before any spec runs, one cheap call per configured base URL proves it is what it
 * claims, so a configuration mistake ends the run with exit 2 and one message naming the variable
 * to fix (INTERFACE.md), never as a wall of failures blamed on the target:
 * - RM: an authenticated read (GET /lists) answers JSON. An HTML page means a login page or a proxy,
 *   not the API; 401/403 the credentials; 404 the base address. A 5xx is the target's own answer to a
 *   documented request, judged by the suite, never a configuration error (schemas/DECISIONS.md D63).
 * - Token endpoint: only an RFC 6749 §5.2 error (400/401 with an `error` member) blames the
 *   credentials; a 404, an HTML page or any other answer names HR_TOKEN_URL.
 * - HR: a write without its `externalId`, which 001 §4 rule 4 says "yields a validation message":
 *   a real target answers with a message; 404/405 (a wrong tenant or path) or an HTML page name
 *   HR_BASE_URL. The write creates nothing on a conforming target. The API refusing the token
 *   (401/403) is no configuration signature: the specs judge it; nor is a 5xx (D63).
 */
import { ConfigError } from '../config/errors';
import type { Target } from '../config/target';
import { ApiClient, NO_AUTH, type AuthProvider } from '../http/client';
import { jsonBody, type Exchange } from '../http/exchange';
import { Limiter } from '../http/limiter';
import { hmacBasicAuth } from '../auth/hmac-basic';
import { bearerAuth, requestToken, TokenCache, type TokenResponse } from '../auth/oauth';

export async function preflight(target: Target): Promise<void> {
  await Promise.all([target.rm ? preflightRm(target) : null, target.v3 ? preflightHr(target) : null]);
}

function client(target: Target, api: 'rm' | 'hr', baseUrl: string, auth: AuthProvider): ApiClient {
  return new ApiClient({
    api,
    baseUrl,
    auth,
    limiter: new Limiter(0, 1),
    timeoutMs: Math.min(target.run.timeoutMs, 10_000),
    jsonContentType: api === 'rm' ? 'application/vnd.api+json' : 'application/json',
    // The client's own retries (D60, D61): a kept-alive connection closed under the call, or a 429, is no configuration error.
  });
}

/** The answer is a page for people (a login form, a proxy's or gateway's error page), not an API's. */
export function looksLikeHtml(exchange: Pick<Exchange, 'response'>): boolean {
  const res = exchange.response;
  if (!res) return false;
  const type = res.headers['content-type'] ?? '';
  return /text\/html|application\/xhtml/i.test(type) || /^\s*(<!doctype html|<html)/i.test(res.text);
}

async function preflightRm(target: Target): Promise<void> {
  const rm = target.rm;
  if (!rm) return;
  const ex = await client(target, 'rm', rm.baseUrl, hmacBasicAuth(rm.apiKey, rm.apiSecret)).send({
    method: 'GET',
    path: '/lists',
    query: { per_page: 1 },
  });
  const where = `GET ${rm.baseUrl}/lists`;
  if (!ex.response)
    throw new ConfigError(`RM_BASE_URL ${rm.baseUrl} cannot be reached: ${ex.error}. Check the URL and the region (US, EU, AU; 000 §1).`);
  const { status } = ex.response;
  if (status === 401 || status === 403)
    throw new ConfigError(
      `The RM credentials were refused by ${rm.baseUrl} (HTTP ${status} on GET /lists): check RM_API_KEY and RM_API_SECRET, and that the account lives in this region.`,
    );
  if (looksLikeHtml(ex))
    throw new ConfigError(
      `RM_BASE_URL: the target answers HTML at ${where} (HTTP ${status}): is this a login page or a proxy? Point RM_BASE_URL at the API's base address (ending with /v2).`,
    );
  if (status === 404 || status === 405)
    throw new ConfigError(
      `RM_BASE_URL ${rm.baseUrl} answers ${status} on GET /lists: it is probably not an RM v2 base address (it must end with /v2 of the account's region).`,
    );
  // A 5xx (not an HTML page) is the target's answer to a documented request: the suite judges it (exit 1), D63.
  if (status === 200 && jsonBody(ex) === undefined)
    throw new ConfigError(
      `RM_BASE_URL: ${where} answers 200 with a body that is not JSON: whatever answers there is not the RM v2 API. Check RM_BASE_URL.`,
    );
}

/** Why a token endpoint's answer is not a token, naming the variable to fix. */
export function tokenProblem(res: TokenResponse, tokenUrl: string, auth: string): string | null {
  if (res.status === 200 && typeof res.body?.access_token === 'string') return null;
  const oauthError = typeof res.body?.error === 'string' ? res.body.error : null;
  if ((res.status === 400 || res.status === 401) && oauthError)
    return `The token endpoint ${tokenUrl} refused the client credentials (HTTP ${res.status}, "${oauthError}"): check HR_CLIENT_ID, HR_CLIENT_SECRET, HR_SCOPE and HR_TOKEN_AUTH (${auth}).`;
  if (/^\s*(<!doctype html|<html)/i.test(res.text))
    return `HR_TOKEN_URL: ${tokenUrl} answers HTML (HTTP ${res.status}): is this a login page or a proxy? Give the OAuth 2.0 token endpoint of the environment.`;
  if (res.status === 404 || res.status === 405)
    return `HR_TOKEN_URL: ${tokenUrl} answers ${res.status}: there is no token endpoint at that address. Give the OAuth 2.0 token endpoint of the environment.`;
  return `HR_TOKEN_URL: ${tokenUrl} answered HTTP ${res.status} without a token or an OAuth 2.0 error (RFC 6749 §5.1, §5.2): check that it is the environment's token endpoint.`;
}

async function preflightHr(target: Target): Promise<void> {
  const hr = target.v3;
  if (!hr) return;
  const timeoutMs = Math.min(target.run.timeoutMs, 10_000);
  const ask = (): Promise<TokenResponse> =>
    requestToken({
      tokenUrl: hr.tokenUrl,
      clientId: hr.clientId,
      clientSecret: hr.clientSecret,
      scope: hr.scope,
      auth: hr.tokenAuth,
      timeoutMs,
    });
  // The base URL's reach and the token at once (a far target: one round trip, not two); the reach is reported first.
  const [reach, token] = await Promise.all([
    client(target, 'hr', hr.baseUrl, NO_AUTH).send({ method: 'GET', path: '/' }),
    ask().then(
      (res) => ({ res }),
      (error: unknown) => ({ error: error as Error }),
    ),
  ]);
  if (!reach.response)
    throw new ConfigError(
      `HR_BASE_URL ${hr.baseUrl} cannot be reached: ${reach.error}. Check the environment, data centre and tenant (001 §1).`,
    );
  if ('error' in token) throw new ConfigError(`HR_TOKEN_URL ${hr.tokenUrl}: ${token.error.message}. Check the token endpoint address.`);
  const res = token.res;
  const problem = tokenProblem(res, hr.tokenUrl, hr.tokenAuth);
  if (problem) throw new ConfigError(problem);
  // 001 §4 rule 4: "A missing required field yields a validation message in the response."
  const tokens = new TokenCache(async () => res);
  const ex = await client(target, 'hr', hr.baseUrl, bearerAuth(tokens, hr.tokenAuth)).send({
    method: 'PUT',
    path: '/hrcore/employee',
    body: { firstName: 'Conformance preflight (no externalId: refused, nothing created)' },
  });
  const where = `PUT ${hr.baseUrl}/hrcore/employee`;
  if (!ex.response) throw new ConfigError(`HR_BASE_URL: ${where} got no answer: ${ex.error}. Check the address.`);
  const { status } = ex.response;
  if (looksLikeHtml(ex))
    throw new ConfigError(
      `HR_BASE_URL: the target answers HTML at ${where} (HTTP ${status}): is this a login page or a proxy? Point HR_BASE_URL at .../v3/<tenant_id>.`,
    );
  if (status === 404 || status === 405)
    throw new ConfigError(
      `HR_BASE_URL: ${where} answers ${status} where 001 §4 rule 4 promises a validation message: the tenant or the path is probably wrong (HR_BASE_URL must be https://<environment>.<data centre>.<host>/v3/<tenant_id>).`,
    );
  // A 401 or 403 here is the API refusing a token its own token service issued to the configured client:
  // a defect of the target, judged by the specs (a verdict, exit 1), not a configuration error.
  // So is any other answer, a 5xx included: the target's answer to a documented request (D63).
}
