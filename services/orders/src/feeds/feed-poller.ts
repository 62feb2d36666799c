import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { catalogClient, type FeedChannel } from '@stockyard/contracts';
import { feedSyncOf, type FeedState } from '../domain/feed-state';
import { callPeer, peerOptions, PeriodicPass, type Logger } from '@stockyard/service-kit';
import type { Config } from '../config';
import type { FeedSync } from './feed-sync';

/** Channels polled at once by one process. */
const AT_ONCE = 4;

/** The owner name of this process's leases. */
export const processOwner = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * Every FEED_POLL_MS, each process reads the live HTTP_FEED channels of every organization from
 * the catalog (its internal feed read, a page at a time) and polls those it gets the lease of
 * (FeedSync), a few at a time: a channel whose feed fails backs off and never holds up the
 * others. After each poll it tells the catalog how it went (kept on the channel: `feedSync`).
 */
export class FeedPoller extends PeriodicPass {
  private readonly catalog;

  constructor(
    private readonly sync: FeedSync,
    config: Config,
    logger: Logger,
  ) {
    super('feed round', config.FEED_POLL_MS, logger, { atStart: true });
    this.catalog = catalogClient(peerOptions('orders', config, config.CATALOG_URL));
  }

  /** One round over every feed channel. */
  protected async pass(): Promise<void> {
    let startingAfter: string | undefined;
    do {
      const page = await callPeer('catalog', () => this.catalog.feedChannels({ startingAfter }), 'unavailable');
      const queue = page.data.filter((c) => c.active && c.feedUrl);
      await Promise.all(Array.from({ length: AT_ONCE }, () => this.drain(queue)));
      startingAfter = page.next ?? undefined;
    } while (startingAfter && !this.stopping);
  }

  private async drain(queue: FeedChannel[]): Promise<void> {
    for (let channel = queue.shift(); channel && !this.stopping; channel = queue.shift()) {
      const outcome = await this.sync.poll(channel).catch((err: Error) => {
        this.logger.warn({ orgId: channel.orgId, channelId: channel.id, err: err.message }, 'feed poll failed');
        return undefined;
      });
      if (outcome?.state) await this.report(channel, outcome.state);
    }
  }

  private async report(channel: FeedChannel, state: FeedState): Promise<void> {
    const report = { channelId: channel.id, ...feedSyncOf(state) };
    await callPeer('catalog', () => this.catalog.reportFeedStatus(channel.orgId, report)).catch((err: Error) =>
      this.logger.warn({ orgId: channel.orgId, channelId: channel.id, err: err.message }, 'feed status not reported'),
    );
  }
}
