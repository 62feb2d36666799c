import type {
  Channel,
  ChannelPlatform,
  CreateChannel,
  FeedSync,
  InternalChannel,
  UpdateChannel,
} from '@stockyard/contracts';
import { newId, type Aggregate } from '@stockyard/service-kit';
import { randomBase62 } from '@stockyard/service-kit/ids';
import { channelDeleted, channelHasListings, feedNotAllowed } from './channel.errors';

/** A sales channel: where orders come from and which warehouse fulfils them. */
export interface ChannelState extends Aggregate {
  id: string;
  name: string;
  platform: ChannelPlatform;
  warehouseId: string | null;
  /** HTTP_FEED only: the partner's order feed, and the secret we read it with (Bearer). */
  feedUrl: string | null;
  feedSecret: string | null;
  active: boolean;
  /** HTTP_FEED only: the orders service's last report on its polls of the feed (null before the first). */
  feedSync?: FeedSync | null;
  deletedAt: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export const newFeedSecret = () => `chfs_${randomBase62(32)}`;

export const newChannel = (orgId: string, input: CreateChannel): Omit<ChannelState, 'version'> => ({
  id: newId('ch'),
  orgId,
  name: input.name,
  platform: input.platform,
  warehouseId: input.warehouseId ?? null,
  feedUrl: input.platform === 'HTTP_FEED' ? input.feedUrl! : null,
  feedSecret: input.platform === 'HTTP_FEED' ? newFeedSecret() : null,
  active: input.active ?? true,
  feedSync: null,
  deletedAt: null,
});

/** A PATCH: the fields given replace the stored ones; `feedUrl` and the secret belong to HTTP_FEED channels. */
export function updateChannel(channel: ChannelState, patch: UpdateChannel, secret: () => string): ChannelState {
  if (channel.deletedAt) throw channelDeleted();
  if (channel.platform !== 'HTTP_FEED' && (patch.feedUrl !== undefined || patch.rotateFeedSecret))
    throw feedNotAllowed();
  const next = { ...channel };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.warehouseId !== undefined) next.warehouseId = patch.warehouseId;
  if (patch.active !== undefined) next.active = patch.active;
  if (patch.feedUrl !== undefined) next.feedUrl = patch.feedUrl;
  if (patch.rotateFeedSecret) next.feedSecret = secret();
  return next;
}

/**
 * Soft delete: the record stays (orders name the channel) and it stops taking listings and
 * orders. Refused while it has listings, so a delete never silently drops what a channel sells.
 */
export function deleteChannel(channel: ChannelState, listings: number, now: Date): ChannelState {
  if (channel.deletedAt) return channel;
  if (listings > 0) throw channelHasListings(listings);
  return { ...channel, active: false, deletedAt: now };
}

export function channelView(c: ChannelState): Channel {
  return {
    id: c.id,
    name: c.name,
    platform: c.platform,
    warehouseId: c.warehouseId,
    feedUrl: c.feedUrl,
    active: c.active,
    createdAt: (c.createdAt ?? new Date(0)).toISOString(),
    updatedAt: (c.updatedAt ?? new Date(0)).toISOString(),
    deletedAt: c.deletedAt ? c.deletedAt.toISOString() : null,
    feedSync: c.feedSync ?? null,
  };
}

/** The channel as peers read it (internal API): the feed secret included. */
export const internalChannelView = (c: ChannelState): InternalChannel => ({
  id: c.id,
  name: c.name,
  platform: c.platform,
  active: c.active,
  warehouseId: c.warehouseId,
  feedUrl: c.feedUrl,
  feedSecret: c.feedSecret,
});

/** The orders service's report on its last poll of an HTTP_FEED channel's feed (a deleted channel keeps none). */
export function recordFeedSync(channel: ChannelState, sync: FeedSync): ChannelState {
  if (channel.deletedAt || channel.platform !== 'HTTP_FEED') return channel;
  return { ...channel, feedSync: sync };
}

/** Create and rotate only: the view with the feed secret. */
export const channelWithSecret = (c: ChannelState) =>
  c.feedSecret ? { ...channelView(c), feedSecret: c.feedSecret } : channelView(c);
