import http from 'node:http';
import https from 'node:https';
import { FeedOrderPageSchema, FeedOrderSchema, type FeedOrder } from '@stockyard/contracts';
import { AppError } from '@stockyard/service-kit';
import { checkPublicUrl, publicOnlyLookup, type UrlPolicy } from '@stockyard/service-kit/net';
import { z } from 'zod';

/** The largest feed answer read (a page of orders, or one). */
const MAX_BYTES = 16 * 1024 * 1024;
const RULES = { subject: 'Feed URL', code: 'feed_url' };

/** A feed could not be read: why, and the HTTP status when it answered one. */
export class FeedError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

interface FeedTarget {
  feedUrl: string;
  feedSecret: string;
}

/** A page of the feed: its orders that parse (the rest named in `skipped`), and the next cursor. */
interface FeedPage {
  orders: FeedOrder[];
  skipped: string[];
  nextCursor: string | null;
}

const PageEnvelope = FeedOrderPageSchema.extend({ orders: z.array(z.unknown()) });

/**
 * Reads an HTTP_FEED channel's order feed (contracts channels.ts): `GET <feedUrl>?updatedAfter=&cursor=`
 * for a page, `GET <feedUrl>/<channelOrderId>` for one order, with the channel's secret as a
 * bearer token. The URL rule is checked before each request and the socket resolves through
 * `publicOnlyLookup` (unless allow-listed); redirects are not followed.
 */
export class FeedClient {
  constructor(
    private readonly urls: UrlPolicy,
    private readonly timeoutMs: number,
  ) {}

  async page(target: FeedTarget, updatedAfter: string | null, cursor: string | null): Promise<FeedPage> {
    const url = new URL(target.feedUrl);
    if (updatedAfter) url.searchParams.set('updatedAfter', updatedAfter);
    if (cursor) url.searchParams.set('cursor', cursor);
    const parsed = PageEnvelope.safeParse(await this.get(url.toString(), target.feedSecret));
    if (!parsed.success)
      throw new FeedError(`The feed's page is not a page of orders: ${parsed.error.issues[0]?.message}`);
    const orders: FeedOrder[] = [];
    const skipped: string[] = [];
    parsed.data.orders.forEach((raw, i) => {
      const order = FeedOrderSchema.safeParse(raw);
      if (order.success) orders.push(order.data);
      else skipped.push(`order ${i}: ${order.error.issues.map((e) => `${e.path.join('.')} ${e.message}`).join('; ')}`);
    });
    return { orders, skipped, nextCursor: parsed.data.nextCursor ?? null };
  }

  async order(target: FeedTarget, channelOrderId: string): Promise<FeedOrder> {
    const url = `${target.feedUrl.replace(/\/+$/, '')}/${encodeURIComponent(channelOrderId)}`;
    const parsed = FeedOrderSchema.safeParse(await this.get(url, target.feedSecret));
    if (!parsed.success) throw new FeedError(`The feed's order is not an order: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  private async get(raw: string, secret: string): Promise<unknown> {
    let target;
    try {
      target = await checkPublicUrl(raw, this.urls, RULES);
    } catch (err) {
      throw new FeedError(err instanceof AppError ? err.message : String(err));
    }
    const client = target.url.protocol === 'https:' ? https : http;
    const text = await new Promise<string>((resolve, reject) => {
      const request = client.request(
        target.url,
        {
          method: 'GET',
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${secret}`,
            'user-agent': 'Stockyard-Orders/1.0',
          },
          lookup: target.allowListed ? undefined : publicOnlyLookup,
          timeout: this.timeoutMs,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            response.resume();
            reject(new FeedError(`The feed answered HTTP ${status}`, status));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BYTES) response.destroy(new FeedError(`The feed answered more than ${MAX_BYTES} bytes`));
            else chunks.push(chunk);
          });
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          response.on('error', reject);
        },
      );
      request.on('timeout', () =>
        request.destroy(new FeedError(`The feed did not answer within ${this.timeoutMs} ms`)),
      );
      request.on('error', (err: NodeJS.ErrnoException) =>
        reject(
          err instanceof FeedError ? err : new FeedError(`The feed could not be read (${err.code ?? err.message})`),
        ),
      );
      request.end();
    });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new FeedError('The feed answered something that is not JSON');
    }
  }
}
