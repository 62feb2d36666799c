import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * What a Kubernetes Service is to its pods, on one machine: a 127.0.0.1 port whose connections
 * are passed to the replicas in turn, the next one when a replica refuses. Services call their
 * peers through it (their `<PEER>_URL` takes one address), so a peer's restart looks as it
 * does behind kube-proxy.
 */
export async function startTcpFront(ports: readonly number[]) {
  let turn = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.pause();
    const first = turn++;
    const tryReplica = (i: number) => {
      if (i === ports.length) return void client.destroy();
      const upstream = connect(ports[(first + i) % ports.length]!, '127.0.0.1');
      const refused = () => tryReplica(i + 1);
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        open.add(upstream);
        upstream.on('close', () => open.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryReplica(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
