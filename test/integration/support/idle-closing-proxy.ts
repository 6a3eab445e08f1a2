/**
 * A TCP proxy that behaves like a load balancer with an idle time-out, seen from the client: it
 * keeps an idle kept-alive connection open without a word, and when a request arrives on it after
 * `idleMs` of silence it closes the connection unanswered (the balancer forgot the connection; the
 * request never reaches the target). A connection's first request always goes through, so a
 * fresh connection is never closed. Every such close is counted with the method of the request it
 * swallowed. `alwaysReset` makes a target that resets some requests on any connection, fresh ones too.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface IdleClose {
  /** The request line's method (POST, GET, ...) of the request the close swallowed. */
  method: string;
  /** How long the connection had been silent (ms). */
  idleMs: number;
}

export interface IdleClosingProxy {
  readonly origin: string;
  /** Every connection closed unanswered because a request arrived after the idle time-out. */
  readonly closes: readonly IdleClose[];
  /** Connections accepted. */
  readonly connections: number;
  /** Requests reset because they matched `alwaysReset`, with whether they were the first of their connection. */
  readonly resets: readonly { line: string; fresh: boolean }[];
  close(): Promise<void>;
}

export interface IdleClosingOptions {
  targetPort: number;
  idleMs: number;
  /** 'reset' (TCP RST, what a balancer that forgot the connection sends) or 'fin' (an orderly close). Default 'reset'. */
  how?: 'reset' | 'fin';
  /** Requests whose request line matches are reset on any connection, fresh ones included: a target that fails them. */
  alwaysReset?: RegExp;
}

export async function startIdleClosingProxy(options: IdleClosingOptions): Promise<IdleClosingProxy> {
  const closes: IdleClose[] = [];
  const resets: { line: string; fresh: boolean }[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((client) => {
    connections += 1;
    sockets.add(client);
    const upstream = connect(options.targetPort, '127.0.0.1');
    sockets.add(upstream);
    let used = false;
    let lastActivity = performance.now();
    const drop = (): void => {
      if (options.how === 'fin') client.destroy();
      else client.resetAndDestroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      const line = chunk.toString('latin1', 0, 200).split('\r\n')[0] ?? '';
      if (options.alwaysReset?.test(line)) {
        resets.push({ line, fresh: !used });
        drop();
        return;
      }
      const idle = performance.now() - lastActivity;
      if (used && idle > options.idleMs) {
        closes.push({ method: /^[A-Z]+/.exec(chunk.toString('latin1', 0, 16))?.[0] ?? '?', idleMs: Math.round(idle) });
        drop();
        return;
      }
      used = true;
      lastActivity = performance.now();
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      lastActivity = performance.now();
      client.write(chunk);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => {
      sockets.delete(client);
      upstream.destroy();
    });
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    closes,
    get connections() {
      return connections;
    },
    resets,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
