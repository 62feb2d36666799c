import { idSchema, type ChannelBatch } from '@stockyard/contracts';
import { errors } from './errors';

/** The platform of the sales channels a storefront key may be bound to (contracts channels.ts). */
const STOREFRONT_PLATFORM = 'STOREFRONT';

const channelDetail = (code: string, message: string) => [{ field: 'channelId', code, message }];

export const unknownChannel = (channelId: string) =>
  errors.unknown_channel(
    `No sales channel ${channelId} in this organization`,
    channelDetail('unknown_channel', 'not a live sales channel of this organization'),
  );

const channelNotStorefront = (channelId: string, platform: string) =>
  errors.channel_not_storefront(
    `Sales channel ${channelId} is ${platform}, not ${STOREFRONT_PLATFORM}`,
    channelDetail('channel_not_storefront', `a storefront key needs a ${STOREFRONT_PLATFORM} channel`),
  );

/** A channelId that is no id at all cannot name a channel: refused without asking the catalog. */
export const isChannelId = (channelId: string) => idSchema().safeParse(channelId).success;

/**
 * The channel a storefront key is bound to must be a live STOREFRONT sales channel of the
 * key's organization (the catalog's batch answers only those of the caller's organization).
 */
export function assertStorefrontChannel(channelId: string, batch: ChannelBatch): void {
  const channel = batch.data.find((c) => c.id === channelId);
  if (!channel) throw unknownChannel(channelId);
  if (channel.platform !== STOREFRONT_PLATFORM) throw channelNotStorefront(channelId, channel.platform);
}
