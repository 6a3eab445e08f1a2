/**
 * What stands in front of a server in a real deployment, as lawful variants (common-variants.ts):
 * a load balancer that closes an idle kept-alive connection unanswered when a request arrives on it
 * (the request never reaches the server), and an API gateway that answers 429 with Retry-After past
 * a number of requests a second. 000 §8 and 001 §8 leave both open ("Rate limits: not shown").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a kept-alive connection may sit idle before the balancer forgets it. */
export const IDLE_CLOSE_MS = 100;
/** Requests a second the gateway lets through to each API (RM, v3); the token endpoint is not limited. */
export const RATE_LIMIT_PER_SECOND = 150;

const lastAnswered = new WeakMap<Socket, number>();

/**
 * True when the request arrived on a connection that had answered before and then sat idle longer
 * than IDLE_CLOSE_MS: the connection is reset, nothing answered (a fresh connection never is).
 */
export function closedWhenIdle(req: IncomingMessage, res: ServerResponse): boolean {
  const socket = req.socket;
  const last = lastAnswered.get(socket);
  if (last !== undefined && performance.now() - last > IDLE_CLOSE_MS) {
    socket.resetAndDestroy();
    return true;
  }
  res.on('finish', () => lastAnswered.set(socket, performance.now()));
  return false;
}

/** A fixed one-second window per API, as many gateways count. */
export class RateWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** True when the request to `api` is past the limit: it is answered 429 with Retry-After: 1 and not served. */
  refuse(api: string, res: ServerResponse): boolean {
    const now = performance.now();
    const window = this.windows.get(api) ?? { start: now, count: 0 };
    if (now - window.start >= 1000) {
      window.start = now;
      window.count = 0;
    }
    window.count += 1;
    this.windows.set(api, window);
    if (window.count <= RATE_LIMIT_PER_SECOND) return false;
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
    res.end(JSON.stringify({ message: 'Too Many Requests' }));
    return true;
  }
}
