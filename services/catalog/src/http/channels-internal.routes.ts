import type { Router } from 'express';
import { INTERNAL_ROUTES } from '@stockyard/contracts';
import { bindInternal } from '@stockyard/service-kit';
import type { ChannelsGiven } from '../deps';

/**
 * /internal/v1: the caller organization's live sales channels by id (the gateway binds a
 * storefront key only to a STOREFRONT channel of its organization; orders checks an order's
 * channel and reads a feed's URL and secret); which variants a channel sells (the checkout);
 * every organization's feed channels (the orders service's poller: the identity's organization
 * is no filter there) and the poller's reports on them.
 */
export function channelsInternalRoutes(router: Router, { channels, feeds }: ChannelsGiven): void {
  bindInternal(router, INTERNAL_ROUTES.catalogChannels, ({ orgId, body }) => channels.batch(orgId, body.ids));
  bindInternal(router, INTERNAL_ROUTES.catalogFeedChannels, ({ body }) => feeds.page(body));
  bindInternal(router, INTERNAL_ROUTES.catalogListedVariants, ({ orgId, body }) => feeds.listedVariants(orgId, body));
  bindInternal(router, INTERNAL_ROUTES.catalogFeedStatus, async ({ orgId, body }) => {
    await feeds.record(orgId, body);
    return { recorded: true as const };
  });
}
