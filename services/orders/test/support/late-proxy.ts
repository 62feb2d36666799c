import net from 'node:net';

/**
 * A TCP proxy whose target is named after it listens: the catalog is started pointing at
 * inventory through it before inventory (which needs the catalog's URL) exists.
 */
export async function lateProxy() {
  let target: URL | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!target) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    point(url: string) {
      target = new URL(url);
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
