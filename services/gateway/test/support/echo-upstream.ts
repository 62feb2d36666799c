import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

/**
 * A stand-in service: answers 200 with what it received. `?hang=1` never answers (for
 * upstream timeouts); `?status=N` answers with that status.
 */
export async function startEchoUpstream() {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      const entry = { method: req.method!, url: req.url!, headers: req.headers, bodyBytes };
      seen.push(entry);
      const query = new URL(req.url!, 'http://x').searchParams;
      if (query.get('hang')) return;
      res.writeHead(Number(query.get('status') ?? 200), { 'content-type': 'application/json', 'x-request-id': String(req.headers['x-request-id'] ?? '') });
      res.end(JSON.stringify(entry));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
