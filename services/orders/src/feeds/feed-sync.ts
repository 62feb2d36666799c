import type { FeedChannel, FeedOrder, InternalChannel } from '@stockyard/contracts';
import type { Logger } from '@stockyard/service-kit';
import { linkLines } from '../commands/line-linking';
import type { OrderImports } from '../commands/import-commands';
import { checkpointFeed, claimFeed, finishFeed, LeaseLost, type BackOff, type FeedState } from '../domain/feed-state';
import { fromFeed } from '../domain/feed-order';
import type { CatalogReads } from '../peers/catalog-reads';
import type { FeedStateStore } from '../store/feed-state.store';
import type { FeedClient } from './feed-client';

interface FeedSettings extends BackOff {
  leaseMs: number;
  maxPages: number;
}

/** How a poll of one channel ended: the error it stopped on, if any, and what it applied. */
interface PollOutcome {
  polled: boolean;
  applied: number;
  state?: FeedState;
}

/** The later of two instants, as ISO 8601 (feeds may write fractions of seconds or not). */
const later = (a: string | null, b: string) => {
  const iso = new Date(b).toISOString();
  return a === null || iso > a ? iso : a;
};

/**
 * Polls one HTTP_FEED channel's feed for orders updated after the last one applied, following
 * `nextCursor`, at most `maxPages` pages a poll: each page's orders are linked in one catalog
 * batch and go through the upsert every channel uses (new ones created, changed ones applied,
 * an older version ignored); each page ends in a checkpoint. A poll holds the channel's lease
 * (one poller per channel across replicas); a failure is counted and backs the channel off.
 */
export class FeedSync {
  constructor(
    private readonly states: FeedStateStore,
    private readonly feeds: FeedClient,
    private readonly imports: OrderImports,
    private readonly catalog: CatalogReads,
    private readonly settings: FeedSettings,
    private readonly logger: Logger,
    readonly owner: string,
  ) {}

  /** Polls the channel when this process gets its lease (free and due); the outcome says whether it did. */
  async poll(channel: FeedChannel): Promise<PollOutcome> {
    const { orgId, id } = channel;
    const now = new Date();
    const claim = await this.states.change(orgId, id, (s) => claimFeed(s, this.owner, now, this.settings.leaseMs));
    if (!claim.result) return { polled: false, applied: 0 };
    let error: string | null = null;
    let applied = 0;
    try {
      applied = await this.readPages(channel, claim.state);
    } catch (err) {
      if (err instanceof LeaseLost) return { polled: true, applied };
      error = err instanceof Error ? err.message : String(err);
      this.logger.warn({ orgId, channelId: id, err: error }, 'feed poll failed');
    }
    const done = await this.states.change(orgId, id, (s) =>
      finishFeed(s, this.owner, error, new Date(), this.settings),
    );
    return { polled: true, applied, state: done.state };
  }

  private async readPages(channel: FeedChannel, state: FeedState): Promise<number> {
    const { updatedAfter } = state;
    let { cursor, seenUpTo } = state;
    let applied = 0;
    const skipped: string[] = [];
    for (let page = 0; page < this.settings.maxPages; page++) {
      const read = await this.feeds.page(this.target(channel), updatedAfter, cursor);
      skipped.push(...read.skipped);
      applied += await this.apply(channel, read.orders);
      seenUpTo = read.orders.reduce((max, o) => later(max, o.updatedAt), seenUpTo);
      cursor = read.nextCursor;
      // Mid-way the cursor goes on (from the same updatedAfter); after the last page the next
      // run asks for what was updated after the latest order seen.
      const at =
        cursor === null
          ? { updatedAfter: seenUpTo ?? updatedAfter, cursor: null, seenUpTo: null }
          : { updatedAfter, cursor, seenUpTo };
      await this.states.change(channel.orgId, channel.id, (s) =>
        checkpointFeed(s, this.owner, at, new Date(), this.settings.leaseMs),
      );
      if (cursor === null) break;
    }
    if (skipped.length > 0) throw new Error(`${skipped.length} feed order(s) skipped: ${skipped[0]}`);
    return applied;
  }

  /** A page's orders: their lines linked in one catalog batch, then each through the upsert. */
  async apply(channel: InternalChannel & { orgId: string }, orders: FeedOrder[]): Promise<number> {
    if (orders.length === 0) return 0;
    const read = orders.map(fromFeed);
    const { lines } = await linkLines(
      this.catalog,
      channel.orgId,
      read.flatMap((r) => r.lines),
    );
    let offset = 0;
    for (const r of read) {
      const own = lines.slice(offset, offset + r.lines.length);
      offset += r.lines.length;
      const origin = { source: 'channel' as const, defaultStatus: 'PENDING' as const, note: r.note };
      await this.imports.upsert(channel.orgId, channel, { ...r.incoming, lines: own }, origin);
    }
    return orders.length;
  }

  target(channel: InternalChannel) {
    return { feedUrl: channel.feedUrl!, feedSecret: channel.feedSecret ?? '' };
  }
}
