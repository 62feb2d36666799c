import net from 'node:net';

/**
 * A TCP forwarder that listens before its peer does, for two services that call each other (each
 * takes the other's URL at start): start one on `url`, then the peer, then `to(peer.url)`. Until
 * then, and once the peer is gone, a connection is closed unanswered (the peer is down).
 */
export async function latePeer() {
  let target: URL | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!target) return void client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    // Either side gone takes the other with it: a peer refusing the connection resets the caller's.
    for (const [s, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(s);
      s.on('close', () => {
        sockets.delete(s);
        other.destroy();
      });
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    to(url: string) {
      target = new URL(url);
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
