import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of a peer that a test can make drop the requests of some paths (the
 * connection closed unanswered, as a peer that died would), or all of them, and let them through
 * again. Everything else is forwarded as it came. `calls` counts the requests per path.
 */
export async function pathGate(target: string) {
  const dropped = new Set<string>();
  const calls = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    calls.set(path, (calls.get(path) ?? 0) + 1);
    if (dropped.has('*') || dropped.has(path)) return void req.socket.destroy();
    const upstream = http.request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: req.headers, agent: false },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** Drops the requests of this path (`*`: every path). */
    drop(path: string) {
      dropped.add(path);
    },
    pass(path: string) {
      dropped.delete(path);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
