import { errors } from './errors';

const detail = (field: string, code: string, message: string) => [{ field, code, message }];

export const orderNotFulfillable = (status: string) =>
  errors.invalid_status_transition(`An order ${status} cannot be fulfilled`);
export const unknownSource = (sourceChannelId: string) =>
  errors.unknown_source(`Source channel ${sourceChannelId} does not exist`, [
    ...detail('sourceChannelId', 'unknown_source', 'no live source channel of the organization'),
  ]);
export const sourceNotOffering = (sourceChannelId: string, variantId: string) =>
  errors.source_not_offering_variant(
    `Source channel ${sourceChannelId} does not offer variant ${variantId}`,
    detail('sourceChannelId', 'source_not_offering_variant', variantId),
  );
export const foreignHolds = (ids: string[]) =>
  errors.reservation_not_on_order(
    `Not holds of this order: ${ids.join(', ')}`,
    ids.map((id) => ({ field: 'reservationIds', code: 'reservation_not_on_order', message: id })),
  );
export const holdsNotRefreshable = (why: string) =>
  errors.holds_not_refreshable(`The line's holds cannot be refreshed: ${why}`);
export const orderFinished = (status: string) => errors.order_finished(`The order is ${status}: its holds are final`);
