// Path matching for the operations table of part 4 (paths relative to {base_url}, which ends with /v2).
import type { Route } from './context';

export type Match = { route: Route; params: Record<string, string> } | { allowed: string[] } | null;

function matchPath(pattern: string[], segments: string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i += 1) {
    const p = pattern[i] ?? '';
    const s = segments[i] ?? '';
    if (p.startsWith(':')) {
      if (s === '') return null;
      params[p.slice(1)] = s;
    } else if (p !== s) {
      return null;
    }
  }
  return params;
}

/** Finds the route; literal segments win over parameters (/recruitment_events/upcoming before /recruitment_events/:id). */
export function matchRoute(routes: readonly Route[], method: string, segments: string[]): Match {
  let best: { route: Route; params: Record<string, string>; score: number } | null = null;
  const allowed = new Set<string>();
  for (const route of routes) {
    const params = matchPath(
      route.path.split('/').filter((s) => s !== ''),
      segments,
    );
    if (params === null) continue;
    const score = Object.keys(params).length;
    if (route.method !== method) {
      allowed.add(route.method);
      continue;
    }
    if (best === null || score < best.score) best = { route, params, score };
  }
  if (best !== null) return { route: best.route, params: best.params };
  return allowed.size > 0 ? { allowed: [...allowed].sort() } : null;
}
