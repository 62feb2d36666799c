import type { Router } from 'express';
import {
  ChannelListQuerySchema,
  CreateChannelSchema,
  ListingListQuerySchema,
  PageQuerySchema,
  UpdateChannelSchema,
  UpsertListingsSchema,
} from '@stockyard/contracts';
import { bodyOf, orgIdOf, queryOf } from '@stockyard/service-kit';
import { channelView, channelWithSecret } from '../domain/channel';
import { listingView } from '../domain/listing';
import type { CatalogDeps } from '../deps';

type Params = { id: string; listingId: string };

/** Sales channels and their listings. */
export function channelsRoutes(router: Router, { channels }: CatalogDeps): void {
  router.get('/channels', async (req, res) => {
    const list = await channels.channels.list(
      orgIdOf(req),
      queryOf(req, ChannelListQuerySchema),
      queryOf(req, PageQuerySchema),
    );
    res.json({ ...list, data: list.data.map(channelView) });
  });
  router.post('/channels', async (req, res) => {
    res.status(201).json(channelWithSecret(await channels.create(orgIdOf(req), bodyOf(req, CreateChannelSchema))));
  });
  router.get('/channels/:id', async (req, res) => {
    res.json(channelView(await channels.channels.get(orgIdOf(req), req.params.id)));
  });
  router.patch('/channels/:id', async (req, res) => {
    const patch = bodyOf(req, UpdateChannelSchema);
    const channel = await channels.update(orgIdOf(req), req.params.id, patch);
    res.json(patch.rotateFeedSecret ? channelWithSecret(channel) : channelView(channel));
  });
  router.delete('/channels/:id', async (req, res) => {
    await channels.delete(orgIdOf(req), req.params.id);
    res.status(204).end();
  });

  router.get('/channels/:id/listings', async (req, res) => {
    const filter = queryOf(req, ListingListQuerySchema);
    const list = await channels.listListings(orgIdOf(req), req.params.id, filter, queryOf(req, PageQuerySchema));
    res.json({ ...list, data: list.data.map(listingView) });
  });
  router.post('/channels/:id/listings', async (req, res) => {
    const { listings } = bodyOf(req, UpsertListingsSchema);
    const result = await channels.upsertListings(orgIdOf(req), req.params.id, listings);
    res.json({ ...result, data: result.data.map(listingView) });
  });
  router.delete('/channels/:id/listings/:listingId', async (req, res) => {
    const { id, listingId } = req.params as Params;
    await channels.deleteListing(orgIdOf(req), id, listingId);
    res.status(204).end();
  });
}
