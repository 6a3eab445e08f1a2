/**
 * The parts of undici the suite uses (Agent, EnvHttpProxyAgent, request), loaded without undici's
 * index: the index loads all of undici (fetch, WebSocket, caches, mocks, interceptors: 110 modules,
 * paid by every worker's start-up), these ~40. The dispatcher methods are installed on undici's
 * Dispatcher as its index installs them. undici is pinned (package.json) and
 * test/unit/undici-parts.test.ts checks these are undici's own.
 */
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

export type { Dispatcher } from 'undici';

const load = createRequire(__filename);

// What undici's index does first: Object.assign(Dispatcher.prototype, api).
Object.assign((load('undici/lib/dispatcher/dispatcher.js') as { prototype: object }).prototype, load('undici/lib/api/index.js'));

export const Agent = load('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
export const EnvHttpProxyAgent = load('undici/lib/dispatcher/env-http-proxy-agent.js') as typeof Undici.EnvHttpProxyAgent;

/** undici's `request(url, options)` with a dispatcher, as its index makes it: the URL's origin and path. */
export function request(
  url: string,
  options: Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Undici.Dispatcher },
): Promise<Undici.Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const parsed = new URL(url);
  return dispatcher.request({
    ...rest,
    origin: parsed.origin,
    path: parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname,
  });
}
