import type { Router } from 'express';
import {
  ChannelBatchQuerySchema,
  FeedChannelsQuerySchema,
  FeedStatusReportSchema,
  INTERNAL_CATALOG_PATHS,
  ListedVariantsQuerySchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { ChannelsCommands } from '../channels.module';

/**
 * /internal/v1: the caller organization's live sales channels by id (the gateway binds a
 * storefront key only to a STOREFRONT channel of its organization; orders checks an order's
 * channel and reads a feed's URL and secret); which variants a channel sells (the checkout);
 * every organization's feed channels (the orders service's poller: the identity's organization
 * is no filter there) and the poller's reports on them.
 */
export function channelsInternalRoutes(router: Router, { channels, feeds }: ChannelsCommands): void {
  router.post(INTERNAL_CATALOG_PATHS.channelsBatch, async (req, res) => {
    res.json(await channels.batch(orgIdOf(req), bodyOf(req, ChannelBatchQuerySchema).ids));
  });
  router.post(INTERNAL_CATALOG_PATHS.feedChannels, async (req, res) => {
    res.json(await feeds.page(bodyOf(req, FeedChannelsQuerySchema)));
  });
  router.post(INTERNAL_CATALOG_PATHS.listedVariants, async (req, res) => {
    res.json(await feeds.listedVariants(orgIdOf(req), bodyOf(req, ListedVariantsQuerySchema)));
  });
  router.post(INTERNAL_CATALOG_PATHS.feedStatus, async (req, res) => {
    await feeds.record(orgIdOf(req), bodyOf(req, FeedStatusReportSchema));
    res.json({ recorded: true });
  });
}
