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
import { HR_SCOPE, TOKEN_PATH } from './seed';
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
  if (path === TOKEN_PATH) return { kind: 'token' };
  const segments = decodeSegments(path);
  if (segments === null || segments[0] !== 'v3' || segments[1] !== ctx.tenant) return { kind: 'none' };
  return matchApiRoute(segments.slice(2), ctx.choices);
}

function requiredScope(route: Route, choices: PersonaChoices): string | null {
  return route.kind === 'learning' ? choices.auth.learningScope : HR_SCOPE;
}

export function handleRequest(req: IncomingMessage, body: BodyRead, ctx: PersonaContext): Reply {
  const { choices } = ctx;
  const route = matchRoute(req.url, ctx);
  if (route.kind === 'none') return refuse(choices, 404, [problem('', 'Not found')]);
  if (route.kind === 'token') {
    if (body.tooLarge) return refuse(choices, 413, [problem('', 'The request body is too large')]);
    return handleTokenRequest({ method: req.method ?? 'GET', headers: req.headers, body: body.text }, ctx);
  }
  if (req.method !== 'PUT') return refuse(choices, 405, [problem('', 'Only PUT is supported')], { Allow: 'PUT' });
  const denied = guard(req.headers.authorization, requiredScope(route, choices), ctx);
  if (denied !== null) return denied;
  if (choices.http.requireJsonContentType && !isJsonContentType(req.headers['content-type'])) {
    return refuse(choices, 415, [problem('Content-Type', 'The request body must be application/json')]);
  }
  if (body.tooLarge) return refuse(choices, 413, [problem('', 'The request body is too large')]);
  const parsed = parseJson(body.text);
  if (!parsed.ok) return refuse(choices, 400, [problem('', 'The request body is not valid JSON')]);
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
