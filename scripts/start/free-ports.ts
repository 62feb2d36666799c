import net from 'node:net';

/** Whether nothing listens on `port` (on any address, as the services and their metrics bind). */
const free = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });

/** The ports of `ports` something already listens on, in order. */
export async function portsTaken(ports: number[]): Promise<number[]> {
  const answers = await Promise.all(ports.map(free));
  return ports.filter((_, i) => !answers[i]);
}
