import { createServer, type IncomingMessage } from 'node:http';
import type { FeedOrder } from '@stockyard/contracts';

/**
 * A channel's order feed on 127.0.0.1, as contracts/channels.ts describes it: `GET /feed?updatedAfter=&cursor=`
 * answers `pageSize` orders updated after the date (oldest first) and a `nextCursor` while more follow;
 * `GET /feed/<channelOrderId>` one order. Tests change `orders`, make it fail (`failWith`) and read `requests`.
 */
export async function startFeedServer(pageSize = 2) {
  const orders: FeedOrder[] = [];
  const requests: { url: URL; authorization: string | undefined }[] = [];
  let failWith: number | null = null;
  const answer = (req: IncomingMessage): [number, unknown] => {
    const url = new URL(req.url ?? '/', 'http://feed');
    requests.push({ url, authorization: req.headers.authorization });
    if (failWith !== null) return [failWith, { error: 'feed down' }];
    const one = /^\/feed\/(.+)$/.exec(url.pathname);
    if (one) {
      const order = orders.find((o) => o.channelOrderId === decodeURIComponent(one[1]!));
      return order ? [200, order] : [404, { error: 'no such order' }];
    }
    const after = url.searchParams.get('updatedAfter');
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const updated = orders
      .filter((o) => !after || new Date(o.updatedAt) > new Date(after))
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    const page = updated.slice(from, from + pageSize);
    const next = from + pageSize < updated.length ? String(from + pageSize) : null;
    return [200, { orders: page, nextCursor: next }];
  };
  const server = createServer((req, res) => {
    const [status, body] = answer(req);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/feed`,
    port,
    orders,
    requests,
    fail(status: number | null) {
      failWith = status;
    },
    /** Adds or replaces an order (by channel order id). */
    put(order: FeedOrder) {
      const at = orders.findIndex((o) => o.channelOrderId === order.channelOrderId);
      if (at >= 0) orders[at] = order;
      else orders.push(order);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;
