import net from 'node:net';

/**
 * A TCP proxy in front of a peer that a test takes down and brings back on the same port: a
 * peer that is down (connections refused) and comes back, as an outage does.
 */
export async function switchableProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = () =>
    net.createServer((client) => {
      const upstream = net.connect(Number(port), hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
  let current = server();
  await new Promise<void>((resolve) => current.listen(0, '127.0.0.1', resolve));
  const listenPort = (current.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listenPort}`,
    async down() {
      if (!current.listening) return;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async up() {
      if (current.listening) return;
      current = server();
      await new Promise<void>((resolve, reject) => {
        current.once('error', reject);
        current.listen(listenPort, '127.0.0.1', resolve);
      });
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => (current.listening ? current.close(() => resolve()) : resolve()));
    },
  };
}
