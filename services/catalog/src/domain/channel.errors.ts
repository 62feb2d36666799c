import { conflict } from '@stockyard/service-kit';

export const channelDeleted = () => conflict('The channel is deleted', 'channel_deleted');
export const channelHasListings = (count: number) =>
  conflict(`The channel still has ${count} listing(s); delete them first`, 'channel_has_listings');
