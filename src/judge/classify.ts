/**
 * Which API and which catalogue operation a recorded request is: by the configured base URLs
 * (RM_BASE_URL, HR_BASE_URL, HR_TOKEN_URL) when they are set, else by the catalogue's paths (an RM path
 * after `/v2`, an HR core or Learning path after `/v3/<tenant>`). A request to the token endpoint is a
 * token exchange (no catalogue operation): the configured HR_TOKEN_URL, else a form POST with a
 * `grant_type`. Anything else is no exchange of either API.
 */
import { catalogue } from '../../contract/catalogue';
import type { ApiName, OperationSpec } from '../../contract/catalogue/types';

export interface Bases {
  rm?: string | undefined;
  hr?: string | undefined;
  token?: string | undefined;
}

export type Classified =
  | { kind: 'operation'; api: ApiName; op: OperationSpec; base: string }
  | { kind: 'token'; api: 'hr' }
  | { kind: 'unknown'; api: ApiName | null; why: string };

const strip = (u: string): string => u.replace(/\/+$/, '');

function pathMatches(template: string, path: string): boolean {
  const want = template.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  return want.length === got.length && want.every((w, i) => w.startsWith('{') || decodeURIComponent(got[i] ?? '') === w);
}

/** The operation of `apis` whose method and path template match, the most specific first; null when none. */
function operationAt(method: string, path: string, apis: readonly ApiName[]): OperationSpec | null {
  const statics = (op: OperationSpec): number => op.path.split('/').filter((s) => s && !s.startsWith('{')).length;
  // The learning update path "may end with a slash" (001 §4): matched without it.
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const hits = catalogue()
    .filter((op) => apis.includes(op.api) && op.method === method && pathMatches(op.path, clean))
    .sort((a, b) => statics(b) - statics(a));
  return hits[0] ?? null;
}

function isTokenRequest(method: string, headers: Record<string, string>, body: string | null): boolean {
  return (
    method === 'POST' &&
    (headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded') &&
    /(^|&)grant_type=/.test(body ?? '')
  );
}

export function classify(method: string, url: string, headers: Record<string, string>, body: string | null, bases: Bases): Classified {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'unknown', api: null, why: `"${url}" is not a URL` };
  }
  const bare = strip(`${parsed.origin}${parsed.pathname}`);
  if (bases.token ? bare === strip(bases.token) : isTokenRequest(method, headers, body)) return { kind: 'token', api: 'hr' };
  const configured: [ApiName[], string | undefined][] = [
    [['rm'], bases.rm],
    [['hr', 'learning'], bases.hr],
  ];
  for (const [apis, base] of configured) {
    if (!base) continue;
    const root = strip(base);
    if (bare !== root && !bare.startsWith(`${root}/`)) continue;
    const op = operationAt(method, bare.slice(root.length) || '/', apis);
    return op
      ? { kind: 'operation', api: op.api, op, base: root }
      : { kind: 'unknown', api: apis[0] ?? null, why: `${method} ${parsed.pathname} is no operation of the catalogue` };
  }
  if (bases.rm || bases.hr) return { kind: 'unknown', api: null, why: `${parsed.origin} is neither RM_BASE_URL nor HR_BASE_URL` };
  // No base configured: the path tells, after the version segment of each document's base address.
  const rm = /^(.*?\/v2)(\/.*)$/.exec(parsed.pathname);
  if (rm?.[1] && rm[2]) {
    const op = operationAt(method, rm[2], ['rm']);
    if (op) return { kind: 'operation', api: 'rm', op, base: `${parsed.origin}${rm[1]}` };
  }
  const v3 = /^(.*?\/v3\/[^/]+)(\/.*)$/.exec(parsed.pathname);
  if (v3?.[1] && v3[2]) {
    const op = operationAt(method, v3[2], ['hr', 'learning']);
    if (op) return { kind: 'operation', api: op.api, op, base: `${parsed.origin}${v3[1]}` };
  }
  return { kind: 'unknown', api: null, why: `${method} ${parsed.pathname} is no operation of either API` };
}
