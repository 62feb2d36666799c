import { AppError, conflict } from '@stockyard/service-kit';

export const channelDeleted = () => conflict('The channel is deleted', 'channel_deleted');
export const channelHasListings = (count: number) =>
  conflict(`The channel still has ${count} listing(s); delete them first`, 'channel_has_listings');
export const listingTargetsNotFound = (details: { field: string; code: string; message: string }[]) =>
  new AppError(
    'unprocessable',
    'Listings name products or variants that do not exist',
    'listing_target_not_found',
    details,
  );
export const feedNotAllowed = () =>
  new AppError('unprocessable', 'Only an HTTP_FEED channel has a feedUrl and a feed secret', 'feed_not_allowed');
export const unknownWarehouse = (warehouseId: string) =>
  new AppError(
    'unprocessable',
    `Warehouse ${warehouseId} is not a live warehouse of this organization`,
    'unknown_warehouse',
    [{ field: 'warehouseId', code: 'unknown_warehouse', message: warehouseId }],
  );
