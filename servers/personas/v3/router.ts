/**
 * Routing of one request and the checks every API operation shares, in this order: path and tenant (404),
 * method (405), bearer token (401/403), media type (415, strict persona), body size (413), JSON (400).
 * Document part 1 (base address `/v3/<tenant_id>`), part 4 (operations; "All bodies are JSON"; "The update path
 * may end with a slash"; "The tenant segment of the learning path is the tenant id of the base address"), part 5.
 */
import type { IncomingMessage } from 'node:http';
import { guard } from './auth-guard';
import { businessUnitType, BUSINESS_UNIT_LEVELS } from './business-unit';
import type { PersonaChoices } from './choices';
import { employeeType } from './employee';
import { setEmployeeExternalId } from './employee-reference';
import { problem, refuse } from './errors';
import { writeHrRecord, type HrRecordType } from './hr-write';
import { isJsonContentType, type BodyRead } from './http-io';
import { parseJson } from './json';
import { putLearningActivity } from './learning';
import { positionType } from './position';
import type { Reply } from './reply';
import { HR_SCOPE } from './seed';
import type { V3Store } from './store';
import { handleTokenRequest } from './token-endpoint';
import type { TokenService } from './token-service';

export interface PersonaContext {
  readonly choices: PersonaChoices;
  readonly store: V3Store;
  readonly tokens: TokenService;
  readonly clients: ReadonlyMap<string, string>;
  readonly tenant: string;
}

type Route =
  | { readonly kind: 'token' }
  | { readonly kind: 'discovery' }
  | { readonly kind: 'jwks' }
  | { readonly kind: 'hr'; readonly type: HrRecordType }
  | { readonly kind: 'reference'; readonly referenceId: string }
  | { readonly kind: 'learning'; readonly externalId: string }
  | { readonly kind: 'none' };

const HR_PATHS: ReadonlyMap<string, HrRecordType> = new Map([
  ['hrcore/employee', employeeType],
  ['hrcore/position', positionType],
  ...BUSINESS_UNIT_LEVELS.map((level) => [`hrcore/business-unit/level${level}`, businessUnitType(level)] as const),
]);

function decodeSegments(path: string): string[] | null {
  try {
    return path
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

function matchApiRoute(rest: string[], choices: PersonaChoices): Route {
  const [first, second, third, fourth, ...tail] = rest;
  const learningTail = tail.length === 0 || (tail.length === 1 && tail[0] === '');
  if (first === 'learning' && second === 'activities' && third === 'externalId' && fourth !== undefined && fourth !== '') {
    return learningTail ? { kind: 'learning', externalId: fourth } : { kind: 'none' };
  }
  const segments = choices.http.hrTrailingSlash && rest.length > 1 && rest.at(-1) === '' ? rest.slice(0, -1) : rest;
  const type = HR_PATHS.get(segments.join('/'));
  if (type !== undefined) return { kind: 'hr', type };
  if (segments.length === 2 && segments[0] === 'employee' && segments[1] !== undefined && segments[1] !== '') {
    return { kind: 'reference', referenceId: segments[1] };
  }
  return { kind: 'none' };
}

function matchRoute(url: string | undefined, ctx: PersonaContext): Route {
  const path = (url ?? '/').split('?')[0] ?? '/';
  if (path === ctx.choices.token.path) return { kind: 'token' };
  if (ctx.choices.token.idp) {
    if (path === `${realmPath(ctx)}/.well-known/openid-configuration`) return { kind: 'discovery' };
    if (path === `${realmPath(ctx)}/protocol/openid-connect/certs`) return { kind: 'jwks' };
  }
  const segments = decodeSegments(path);
  if (segments === null || segments[0] !== 'v3' || segments[1] !== ctx.tenant) return { kind: 'none' };
  return matchApiRoute(segments.slice(2), ctx.choices);
}

function requiredScope(route: Route, choices: PersonaChoices): string | null {
  if (route.kind === 'none') return null;
  return route.kind === 'learning' ? choices.auth.learningScope : HR_SCOPE;
}

/** The identity provider's realm (frameworks persona, Keycloak layout). */
function realmPath(ctx: PersonaContext): string {
  return `/realms/${ctx.tenant}`;
}

/** Spring Security's default response headers (frameworks persona). */
const SPRING_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-XSS-Protection': '0',
  'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
  Pragma: 'no-cache',
  Expires: '0',
  'X-Frame-Options': 'DENY',
};

function origin(req: IncomingMessage): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}

/** OpenID Connect discovery and the JWKS of the identity-provider style. */
function idpDocument(route: 'discovery' | 'jwks', req: IncomingMessage, ctx: PersonaContext): Reply {
  if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, headers: { Allow: 'GET' } };
  if (route === 'jwks') return { status: 200, body: { keys: ctx.tokens.key.jwk ? [ctx.tokens.key.jwk] : [] } };
  const issuer = `${origin(req)}${realmPath(ctx)}`;
  return {
    status: 200,
    body: {
      issuer,
      token_endpoint: `${origin(req)}${ctx.choices.token.path}`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: [HR_SCOPE, 'openid', 'profile', 'email'],
      response_types_supported: ['token'],
      id_token_signing_alg_values_supported: ['RS256'],
    },
  };
}

export function handleRequest(req: IncomingMessage, body: BodyRead, ctx: PersonaContext): Reply {
  const { choices } = ctx;
  const route = matchRoute(req.url, ctx);
  if (route.kind === 'token') {
    if (body.tooLarge) return refuse(choices, 413, [problem('', 'The request body is too large')]);
    const issuer = choices.token.idp ? `${origin(req)}${realmPath(ctx)}` : undefined;
    return handleTokenRequest({ method: req.method ?? 'GET', headers: req.headers, body: body.text }, { ...ctx, issuer });
  }
  if (route.kind === 'discovery' || route.kind === 'jwks') return idpDocument(route.kind, req, ctx);
  const reply = apiRequest(req, body, ctx, route);
  if (!choices.http.springExtras) return reply;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const withInstance =
    reply.contentType === 'application/problem+json' && typeof reply.body === 'object' && reply.body !== null && !Array.isArray(reply.body)
      ? { ...reply, body: { ...reply.body, instance: path } }
      : reply;
  return { ...withInstance, headers: { ...SPRING_HEADERS, ...(reply.headers ?? {}) } };
}

function apiRequest(req: IncomingMessage, body: BodyRead, ctx: PersonaContext, route: Route): Reply {
  const { choices } = ctx;
  const method = req.method ?? 'GET';
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (choices.http.authBeforeRouting) {
    // Spring Security's filter chain authenticates every request before the dispatcher looks at the path.
    const denied = guard(req.headers.authorization, requiredScope(route, choices), ctx);
    if (denied !== null) return denied;
  }
  if (route.kind === 'none') {
    const message = choices.http.springExtras ? `No static resource ${path.replace(/^\//, '')}.` : 'Not found';
    return refuse(choices, 404, [problem('', message)]);
  }
  if (route.kind === 'token' || route.kind === 'discovery' || route.kind === 'jwks')
    return refuse(choices, 404, [problem('', 'Not found')]);
  if (choices.http.springExtras && method === 'OPTIONS') return { status: 200, headers: { Allow: 'PUT,OPTIONS' } };
  if (method !== 'PUT') {
    const message = choices.http.springExtras ? `Method '${method}' is not supported.` : 'Only PUT is supported';
    return refuse(choices, 405, [problem('', message)], { Allow: 'PUT' });
  }
  if (!choices.http.authBeforeRouting) {
    const denied = guard(req.headers.authorization, requiredScope(route, choices), ctx);
    if (denied !== null) return denied;
  }
  const contentType = req.headers['content-type'];
  if (choices.http.requireJsonContentType && !isJsonContentType(contentType, choices.http.acceptJsonSuffix)) {
    const message = choices.http.springExtras
      ? `Content-Type '${contentType ?? 'application/octet-stream'}' is not supported.`
      : 'The request body must be application/json';
    return refuse(choices, 415, [problem(choices.http.springExtras ? '' : 'Content-Type', message)]);
  }
  if (body.tooLarge) return refuse(choices, 413, [problem('', 'The request body is too large')]);
  const parsed = parseJson(body.text);
  if (!parsed.ok) {
    const message = choices.http.springExtras
      ? body.text.trim() === ''
        ? 'Required request body is missing'
        : 'Failed to read request'
      : 'The request body is not valid JSON';
    return refuse(choices, 400, [problem('', message)]);
  }
  const hr = { store: ctx.store, choices };
  switch (route.kind) {
    case 'hr':
      return writeHrRecord(route.type, parsed.value, hr);
    case 'reference':
      return setEmployeeExternalId(route.referenceId, parsed.value, hr);
    case 'learning': {
      const host = req.headers.host ?? '127.0.0.1';
      const activityUrl = (id: number): string => `http://${host}/v3/${encodeURIComponent(ctx.tenant)}/learning/activities/${id}`;
      return putLearningActivity(route.externalId, parsed.value, { ...hr, activityUrl });
    }
  }
}
