/**
 * A loopback reverse proxy that answers every request `delayMs` late: what a target in another
 * region looks like to the suite (the bench's "far away" runs). It forwards each request as it
 * came to `upstream` (an origin, e.g. http://127.0.0.1:4000) and holds the answer back before
 * sending it, so every round trip costs at least `delayMs`, token requests included.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DelayProxy {
  origin: string;
  /** Requests forwarded so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function startDelayProxy(upstream: string, delayMs: number): Promise<DelayProxy> {
  const target = new URL(upstream);
  let count = 0;
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    count += 1;
    const started = Date.now();
    const out = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          const wait = Math.max(0, delayMs - (Date.now() - started));
          setTimeout(() => {
            if (res.destroyed) return;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(chunks));
          }, wait);
        });
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
    });
    req.pipe(out);
  };
  const server = createServer(forward);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
