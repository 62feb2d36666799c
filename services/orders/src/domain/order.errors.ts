import { errors } from './errors';

const detail = (field: string, code: string, message: string) => [{ field, code, message }];

export const orderTrashed = () => errors.order_trashed('The order is in the trash; restore it first');
export const unknownChannel = (channelId: string) =>
  errors.unknown_channel(`Sales channel ${channelId} does not exist`, [
    { field: 'channelId', code: 'unknown_channel', message: 'no live sales channel of the organization' },
  ]);
export const channelInactive = (channelId: string) =>
  errors.channel_inactive(`Sales channel ${channelId} is inactive and takes no new orders`, [
    { field: 'channelId', code: 'channel_inactive', message: 'activate the channel first' },
  ]);
export const wrongChannelPlatform = (channelId: string, platform: string, wanted: string) =>
  errors.wrong_channel_platform(
    `Sales channel ${channelId} is a ${platform} channel; this route takes orders of ${wanted} channels`,
    detail('channelId', 'wrong_channel_platform', `a ${wanted} channel`),
  );
export const unknownVariants = (variantIds: string[], field = 'variantId') =>
  errors.unknown_variant(
    `Unknown variant${variantIds.length > 1 ? 's' : ''}: ${variantIds.join(', ')}`,
    variantIds.map((id) => ({ field, code: 'unknown_variant', message: id })),
  );
export const priceMissing = (variantIds: string[]) =>
  errors.price_missing(
    `No price in the catalog, so it cannot be bought: ${variantIds.join(', ')}`,
    variantIds.map((id) => ({ field: 'lines.variantId', code: 'price_missing', message: id })),
  );
export const notOnChannel = (variantIds: string[]) =>
  errors.variant_not_on_channel(
    `Not sold on this storefront: ${variantIds.join(', ')}`,
    variantIds.map((id) => ({ field: 'lines.variantId', code: 'variant_not_on_channel', message: id })),
  );
export const lineNotFound = (lineId: string) =>
  errors.line_not_found(`Order line ${lineId} is not a line of this order`, [
    { field: 'lines.lineId', code: 'line_not_found', message: lineId },
  ]);
export const overShipment = (lineId: string, open: number, asked: number) =>
  errors.over_shipment(
    `Shipping ${asked} of line ${lineId} exceeds what is left to ship (${open})`,
    detail('lines.quantity', 'over_shipment', `line ${lineId}: at most ${open}`),
  );
export const nothingToShip = () => errors.nothing_to_ship('Every line of the order has shipped already');
export const notPullable = (channelId: string, why: string) =>
  errors.channel_not_pullable(`The order's channel ${channelId} cannot be pulled: ${why}`);
export const noStorefrontChannel = () =>
  errors.storefront_channel_required('The calling key is bound to no storefront channel');
