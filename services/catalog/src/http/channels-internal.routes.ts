import type { Router } from 'express';
import { ChannelBatchQuerySchema, INTERNAL_CATALOG_PATHS, type ChannelBatch } from '@stockyard/contracts';
import { bodyOf, orgIdOf } from '@stockyard/service-kit';
import type { CatalogDeps } from '../deps';

/**
 * /internal/v1: the caller organization's live sales channels by id (the gateway binds a
 * storefront key only to a STOREFRONT channel of its organization). Each id is one read by
 * `_id` through the channel store, as GET /channels/{id} reads it: batches are small (at most
 * 100, an organization has a handful of channels); a deleted or another organization's channel
 * is `missing`, as an unknown one is.
 */
export function channelsInternalRoutes(router: Router, { channels }: CatalogDeps): void {
  router.post(INTERNAL_CATALOG_PATHS.channelsBatch, async (req, res) => {
    const orgId = orgIdOf(req);
    const ids = [...new Set(bodyOf(req, ChannelBatchQuerySchema).ids)];
    const found = await Promise.all(ids.map((id) => channels.channels.store.read(orgId, id)));
    const answer: ChannelBatch = { data: [], missing: [] };
    ids.forEach((id, i) => {
      const channel = found[i];
      if (!channel || channel.deletedAt) answer.missing.push(id);
      else answer.data.push({ id, name: channel.name, platform: channel.platform, active: channel.active });
    });
    res.json(answer);
  });
}
