import { errors } from './errors';

export const channelDeleted = () => errors.channel_deleted('The channel is deleted');
export const channelHasListings = (count: number) =>
  errors.channel_has_listings(`The channel still has ${count} listing(s); delete them first`);
export const listingTargetsNotFound = (details: { field: string; code: string; message: string }[]) =>
  errors.listing_target_not_found('Listings name products or variants that do not exist', details);
export const feedNotAllowed = () =>
  errors.feed_not_allowed('Only an HTTP_FEED channel has a feedUrl and a feed secret');
export const unknownWarehouse = (warehouseId: string) =>
  errors.unknown_warehouse(`Warehouse ${warehouseId} is not a live warehouse of this organization`, [
    { field: 'warehouseId', code: 'unknown_warehouse', message: warehouseId },
  ]);
