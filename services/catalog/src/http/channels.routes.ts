import type { Router } from 'express';
import { CATALOG_API } from '@stockyard/contracts';
import { bindRoute } from '@stockyard/service-kit';
import { channelView, channelWithSecret } from '../domain/channel';
import { listingView } from '../domain/listing';
import type { ChannelsGiven } from '../deps';

/** Sales channels and their listings. */
export function channelsRoutes(router: Router, { channels }: ChannelsGiven): void {
  bindRoute(router, CATALOG_API.listChannels, async ({ orgId, query: { filter, page } }) => {
    const list = await channels.list(orgId, filter, page);
    return { ...list, data: list.data.map(channelView) };
  });
  bindRoute(router, CATALOG_API.createChannel, async ({ orgId, body }) =>
    channelWithSecret(await channels.create(orgId, body)),
  );
  bindRoute(router, CATALOG_API.getChannel, async ({ orgId, params }) =>
    channelView(await channels.get(orgId, params.id)),
  );
  bindRoute(router, CATALOG_API.updateChannel, async ({ orgId, params, body }) => {
    const channel = await channels.update(orgId, params.id, body);
    return body.rotateFeedSecret ? channelWithSecret(channel) : channelView(channel);
  });
  bindRoute(router, CATALOG_API.deleteChannel, ({ orgId, params }) => channels.delete(orgId, params.id));

  bindRoute(router, CATALOG_API.listListings, async ({ orgId, params, query: { filter, page } }) => {
    const list = await channels.listListings(orgId, params.id, filter, page);
    return { ...list, data: list.data.map(listingView) };
  });
  bindRoute(router, CATALOG_API.upsertListings, async ({ orgId, params, body }) => {
    const result = await channels.upsertListings(orgId, params.id, body.listings);
    return { ...result, data: result.data.map(listingView) };
  });
  bindRoute(router, CATALOG_API.deleteListing, ({ orgId, params }) =>
    channels.deleteListing(orgId, params.id, params.listingId),
  );
}
