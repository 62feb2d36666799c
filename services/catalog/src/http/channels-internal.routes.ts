import type { Router } from 'express';
import { ChannelBatchQuerySchema, INTERNAL_CATALOG_PATHS } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { ChannelsCommands } from '../channels.module';

/**
 * /internal/v1: the caller organization's live sales channels by id (the gateway binds a
 * storefront key only to a STOREFRONT channel of its organization).
 */
export function channelsInternalRoutes(router: Router, { channels }: ChannelsCommands): void {
  router.post(INTERNAL_CATALOG_PATHS.channelsBatch, async (req, res) => {
    res.json(await channels.batch(orgIdOf(req), bodyOf(req, ChannelBatchQuerySchema).ids));
  });
}
