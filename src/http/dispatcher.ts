/**
 * How every request of the suite reaches the targets and the token endpoint (issue 16, "Real
 * networks"): one shared undici dispatcher per process, direct or through the proxy the standard
 * variables name, and the gateway headers of CONFORMANCE_EXTRA_HEADERS.
 *
 * Proxies: HTTP_PROXY / HTTPS_PROXY / NO_PROXY (and the lower-case forms, which win) are followed
 * exactly as undici's EnvHttpProxyAgent follows them (NO_PROXY: host names or suffixes, optional
 * port, `*` for none; an empty NO_PROXY proxies everything, loopback included, except the embedded
 * reference server, which is always reached directly). They are read like
 * every other variable of the run: the process environment over `.env`, an empty value counts as
 * unset. An http target goes to an http proxy as an absolute-form request (`GET http://host/path`),
 * as curl does; an https target through a CONNECT tunnel. A custom CA: NODE_EXTRA_CA_CERTS, which
 * Node applies to every TLS connection, undici's included.
 */
import { Agent, EnvHttpProxyAgent, type Dispatcher } from './undici';
import { readEnv, type Env } from '../config/env';
import { configError } from '../config/errors';
import { parseExtraHeaders, planTarget } from '../config/target';
import { registerSecret, registerSecretHeaders } from './redact';

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy: string;
}

/** The proxies `env` names, or null when requests go direct (no HTTP_PROXY / HTTPS_PROXY). */
export function proxySettings(env: Env): ProxySettings | null {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY;
  if (!httpProxy && !httpsProxy) return null;
  return { ...(httpProxy ? { httpProxy } : {}), ...(httpsProxy ? { httpsProxy } : {}), noProxy: env.no_proxy ?? env.NO_PROXY ?? '' };
}

/** A new dispatcher for `env`: EnvHttpProxyAgent when a proxy is named, else a plain Agent; the same time-outs either way. */
export function createDispatcher(timeoutMs: number, env: Env): Dispatcher {
  const options = {
    keepAliveTimeout: 10_000,
    connections: 64,
    connectTimeout: timeoutMs,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  };
  const proxies = proxySettings(env);
  if (!proxies) return new Agent(options);
  // A proxy URL may carry credentials (http://user:password@proxy:3128): never in a report.
  for (const url of [proxies.httpProxy, proxies.httpsProxy]) {
    try {
      const parsed = url ? new URL(url) : null;
      if (parsed?.password) registerSecret(decodeURIComponent(parsed.password), decodeURIComponent(parsed.username));
    } catch {
      // undici refuses a malformed proxy URL with its own message.
    }
  }
  return new EnvHttpProxyAgent({ ...options, ...proxies, proxyTunnel: false });
}

let shared: Dispatcher | null = null;

/** The process's dispatcher for the targets and the token endpoint (the first caller's time-out sets it). */
export function sharedDispatcher(timeoutMs: number): Dispatcher {
  shared ??= createDispatcher(timeoutMs, embedded() ? {} : readEnv());
  return shared;
}

/**
 * A dispatcher of its own for one request that must go out on a fresh connection (a request sent
 * again after a reset of a kept-alive one, src/http/retry.ts): made like the shared one, closed by
 * the caller after the answer.
 */
export function freshDispatcher(timeoutMs: number): Dispatcher {
  return createDispatcher(timeoutMs, embedded() ? {} : readEnv());
}

/** The embedded reference server lives in the run's own process on loopback: never through a proxy. */
function embedded(): boolean {
  try {
    return planTarget(readEnv()).embedded;
  } catch {
    return false;
  }
}

let extra: Readonly<Record<string, string>> | null = null;

/**
 * The headers of CONFORMANCE_EXTRA_HEADERS, for every request to the targets and the token
 * endpoint; made secret (by name and value) for the redactor on first use.
 */
export function configuredExtraHeaders(): Readonly<Record<string, string>> {
  if (extra) return extra;
  const { headers, problems } = parseExtraHeaders(readEnv().CONFORMANCE_EXTRA_HEADERS);
  if (problems.length > 0) throw configError(problems);
  registerSecretHeaders(headers);
  extra = Object.freeze(headers);
  return extra;
}

/**
 * `base` with `overrides` on top, matching names without regard to case (so an override never
 * travels next to the header it replaces).
 */
export function mergeHeaders(base: Readonly<Record<string, string>>, overrides: Readonly<Record<string, string>>): Record<string, string> {
  const replaced = new Set(Object.keys(overrides).map((k) => k.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (!replaced.has(name.toLowerCase())) out[name] = value;
  return { ...out, ...overrides };
}
