import { AppError, conflict } from '@stockyard/service-kit';

const detail = (field: string, code: string, message: string) => [{ field, code, message }];

export const orderTrashed = () => conflict('The order is in the trash; restore it first', 'order_trashed');
export const unknownChannel = (channelId: string) =>
  new AppError('unprocessable', `Sales channel ${channelId} does not exist`, 'unknown_channel', [
    { field: 'channelId', code: 'unknown_channel', message: 'no live sales channel of the organization' },
  ]);
export const channelInactive = (channelId: string) =>
  new AppError('unprocessable', `Sales channel ${channelId} is inactive and takes no new orders`, 'channel_inactive', [
    { field: 'channelId', code: 'channel_inactive', message: 'activate the channel first' },
  ]);
export const wrongChannelPlatform = (channelId: string, platform: string, wanted: string) =>
  new AppError(
    'unprocessable',
    `Sales channel ${channelId} is a ${platform} channel; this route takes orders of ${wanted} channels`,
    'wrong_channel_platform',
    detail('channelId', 'wrong_channel_platform', `a ${wanted} channel`),
  );
export const unknownVariants = (variantIds: string[], field = 'variantId') =>
  new AppError(
    'unprocessable',
    `Unknown variant${variantIds.length > 1 ? 's' : ''}: ${variantIds.join(', ')}`,
    'unknown_variant',
    variantIds.map((id) => ({ field, code: 'unknown_variant', message: id })),
  );
export const priceMissing = (variantIds: string[]) =>
  new AppError(
    'unprocessable',
    `No price in the catalog, so it cannot be bought: ${variantIds.join(', ')}`,
    'price_missing',
    variantIds.map((id) => ({ field: 'lines.variantId', code: 'price_missing', message: id })),
  );
export const notOnChannel = (variantIds: string[]) =>
  new AppError(
    'unprocessable',
    `Not sold on this storefront: ${variantIds.join(', ')}`,
    'variant_not_on_channel',
    variantIds.map((id) => ({ field: 'lines.variantId', code: 'variant_not_on_channel', message: id })),
  );
export const lineNotFound = (lineId: string) =>
  new AppError('unprocessable', `Order line ${lineId} is not a line of this order`, 'line_not_found', [
    { field: 'lines.lineId', code: 'line_not_found', message: lineId },
  ]);
export const overShipment = (lineId: string, open: number, asked: number) =>
  new AppError(
    'unprocessable',
    `Shipping ${asked} of line ${lineId} exceeds what is left to ship (${open})`,
    'over_shipment',
    detail('lines.quantity', 'over_shipment', `line ${lineId}: at most ${open}`),
  );
export const nothingToShip = () =>
  new AppError('unprocessable', 'Every line of the order has shipped already', 'nothing_to_ship');
export const notPullable = (channelId: string, why: string) =>
  new AppError('unprocessable', `The order's channel ${channelId} cannot be pulled: ${why}`, 'channel_not_pullable');
export const noStorefrontChannel = () =>
  new AppError('forbidden', 'The calling key is bound to no storefront channel', 'storefront_channel_required');
