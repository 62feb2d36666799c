import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Arrival {
  deliveryId: string;
  attempt: number;
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/**
 * A webhook receiver whose behaviour a test switches at runtime: answer 200, or hold the
 * next request without answering (a delivery "in flight"). It can listen on a fixed port,
 * so a test can bring "the same receiver" back after it was down.
 */
export class ControlledReceiver {
  readonly arrivals: Arrival[] = [];
  /** Delivery ids answered 2xx. */
  readonly answered = new Set<string>();
  holdNext = false;
  held: Arrival[] = [];
  private server?: http.Server;
  port = 0;

  async listen(port = 0): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          delivery_id: string;
          attempt: number;
          event: string;
          data: Record<string, unknown>;
        };
        const arrival = {
          deliveryId: body.delivery_id,
          attempt: body.attempt,
          event: body.event,
          data: body.data,
          at: Date.now(),
        };
        this.arrivals.push(arrival);
        if (this.holdNext) {
          this.holdNext = false;
          this.held.push(arrival);
          return; // never answered: the sender is killed meanwhile, or times out
        }
        this.answered.add(arrival.deliveryId);
        res.writeHead(200).end('ok');
      });
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}
