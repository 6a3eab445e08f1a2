/**
 * Preflight: one cheap call per configured API before any spec runs, so a wrong base URL or region,
 * refused credentials or a silent token endpoint end the run with exit 2 and one message
 * (INTERFACE.md), instead of a wall of red tests.
 */
import { ConfigError } from '../config/errors';
import type { Target } from '../config/target';
import { ApiClient, NO_AUTH } from '../http/client';
import { Limiter } from '../http/limiter';
import { hmacBasicAuth } from '../auth/hmac-basic';
import { requestToken } from '../auth/oauth';

export async function preflight(target: Target): Promise<void> {
  await Promise.all([target.rm ? preflightRm(target) : null, target.hr ? preflightHr(target) : null]);
}

async function preflightRm(target: Target): Promise<void> {
  const rm = target.rm;
  if (!rm) return;
  const client = new ApiClient({
    api: 'rm',
    baseUrl: rm.baseUrl,
    auth: hmacBasicAuth(rm.apiKey, rm.apiSecret),
    limiter: new Limiter(0, 1),
    timeoutMs: Math.min(target.run.timeoutMs, 10_000),
    jsonContentType: 'application/vnd.api+json',
    maxRetries: 0,
  });
  const ex = await client.send({ method: 'GET', path: '/lists', query: { per_page: 1 } });
  if (!ex.response)
    throw new ConfigError(`RM_BASE_URL ${rm.baseUrl} cannot be reached: ${ex.error}. Check the URL and the region (US, EU, AU; 000 §1).`);
  const { status } = ex.response;
  if (status === 401 || status === 403) {
    throw new ConfigError(
      `The RM credentials were refused by ${rm.baseUrl} (HTTP ${status} on GET /lists): check RM_API_KEY and RM_API_SECRET, and that the account lives in this region.`,
    );
  }
  if (status === 404)
    throw new ConfigError(
      `RM_BASE_URL ${rm.baseUrl} answers 404 on GET /lists: it is probably not an RM v2 base address (it must end with /v2 of the account's region).`,
    );
}

async function preflightHr(target: Target): Promise<void> {
  const hr = target.hr;
  if (!hr) return;
  const timeoutMs = Math.min(target.run.timeoutMs, 10_000);
  const reach = await new ApiClient({
    api: 'hr',
    baseUrl: hr.baseUrl,
    auth: NO_AUTH,
    limiter: new Limiter(0, 1),
    timeoutMs,
    jsonContentType: 'application/json',
    maxRetries: 0,
  }).send({ method: 'GET', path: '/' });
  if (!reach.response)
    throw new ConfigError(
      `HR_BASE_URL ${hr.baseUrl} cannot be reached: ${reach.error}. Check the environment, data centre and tenant (001 §1).`,
    );
  let res;
  try {
    res = await requestToken({
      tokenUrl: hr.tokenUrl,
      clientId: hr.clientId,
      clientSecret: hr.clientSecret,
      scope: hr.scope,
      auth: hr.tokenAuth,
      timeoutMs,
    });
  } catch (error) {
    throw new ConfigError(`HR_TOKEN_URL ${hr.tokenUrl}: ${(error as Error).message}. Check the token endpoint address.`);
  }
  if (res.status !== 200 || typeof res.body?.access_token !== 'string') {
    throw new ConfigError(
      `The token endpoint ${hr.tokenUrl} refused the client credentials (HTTP ${res.status}): check HR_CLIENT_ID, HR_CLIENT_SECRET, HR_SCOPE and HR_TOKEN_AUTH (${hr.tokenAuth}).`,
    );
  }
}
