/**
 * Which connection a failed request went out on: a fresh one, or one kept alive from an earlier
 * request. A load balancer or server may close an idle kept-alive connection at the moment the
 * client reuses it (RFC 9112 §9.3.1 "Retrying Requests": "Connections can be closed at any time");
 * a reset there is the client's race, a reset on a fresh connection is the target's. undici says
 * which socket carried a request through its diagnostics channels (`undici:client:sendHeaders`, as
 * the headers are written, and `undici:request:error`); this module counts the requests each socket
 * carried and tags the error a request failed with.
 */
import { subscribe } from 'node:diagnostics_channel';

/** The connection a failed request was written on, as far as undici said. */
export interface ConnectionFacts {
  /** 'reused': the socket had carried a request before; 'fresh': this was its first; null: the request was never written. */
  connection: 'fresh' | 'reused' | null;
}

const requestsBySocket = new WeakMap<object, number>();
const connectionByRequest = new WeakMap<object, 'fresh' | 'reused'>();
const factsByError = new WeakMap<object, ConnectionFacts>();

let listening = false;

/** Starts following undici's requests (once per process; the subscribers cost a WeakMap look-up per request). */
export function followConnections(): void {
  if (listening) return;
  listening = true;
  subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request?: object; socket?: object };
    if (!request || !socket) return;
    const before = requestsBySocket.get(socket) ?? 0;
    requestsBySocket.set(socket, before + 1);
    connectionByRequest.set(request, before > 0 ? 'reused' : 'fresh');
  });
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request?: object; error?: unknown };
    if (!request || !error || typeof error !== 'object' || factsByError.has(error)) return;
    factsByError.set(error, { connection: connectionByRequest.get(request) ?? null });
  });
}

/** What undici said of the connection the request that failed with `error` went out on (null: nothing, e.g. never written). */
export function connectionOf(error: unknown): ConnectionFacts['connection'] {
  if (!error || typeof error !== 'object') return null;
  const facts = factsByError.get(error) ?? factsByError.get((error as { cause?: object }).cause ?? {});
  return facts?.connection ?? null;
}
