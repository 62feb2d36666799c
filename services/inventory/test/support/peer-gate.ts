import http from 'node:http';

type Mode = 'down' | 'hold' | 'open';

/** Hop-by-hop and length headers: the forwarding fetch sets its own. */
const OWN = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'content-encoding']);
const passed = (headers: Iterable<[string, string | string[] | undefined]>) =>
  Object.fromEntries([...headers].filter(([k, v]) => !OWN.has(k.toLowerCase()) && v !== undefined)) as Record<
    string,
    string
  >;

/**
 * An HTTP stand-in for a peer that a test switches, request by request (kept-alive connections obey
 * it too): `down()` drops each request unanswered (the peer is away), `hold()` keeps them waiting
 * (`held()` resolves once one waits) until `open(url)` forwards them, and every later one, to the peer.
 */
export async function peerGate() {
  let mode: Mode = 'down';
  let target = '';
  let released: () => void = () => undefined;
  let opened = new Promise<void>((resolve) => (released = resolve));
  let arrived: () => void = () => undefined;
  let waiting = new Promise<void>((resolve) => (arrived = resolve));

  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (mode === 'hold') {
        arrived();
        await opened;
      }
      if (mode === 'down') return void req.socket.destroy();
      const upstream = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers: passed(Object.entries(req.headers)),
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(upstream.status, passed(upstream.headers.entries()));
      res.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    down() {
      mode = 'down';
    },
    hold() {
      mode = 'hold';
      opened = new Promise<void>((resolve) => (released = resolve));
      waiting = new Promise<void>((resolve) => (arrived = resolve));
    },
    /** Resolves once a request waits at the gate. */
    held: () => waiting,
    open(url: string) {
      target = url;
      mode = 'open';
      released();
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PeerGate = Awaited<ReturnType<typeof peerGate>>;
