import { AppError, conflict } from '@stockyard/service-kit';

const detail = (field: string, code: string, message: string) => [{ field, code, message }];

export const orderNotFulfillable = (status: string) =>
  conflict(`An order ${status} cannot be fulfilled`, 'invalid_status_transition');
export const unknownSource = (sourceChannelId: string) =>
  new AppError('unprocessable', `Source channel ${sourceChannelId} does not exist`, 'unknown_source', [
    ...detail('sourceChannelId', 'unknown_source', 'no live source channel of the organization'),
  ]);
export const sourceNotOffering = (sourceChannelId: string, variantId: string) =>
  new AppError(
    'unprocessable',
    `Source channel ${sourceChannelId} does not offer variant ${variantId}`,
    'source_not_offering_variant',
    detail('sourceChannelId', 'source_not_offering_variant', variantId),
  );
export const foreignHolds = (ids: string[]) =>
  new AppError(
    'unprocessable',
    `Not holds of this order: ${ids.join(', ')}`,
    'reservation_not_on_order',
    ids.map((id) => ({ field: 'reservationIds', code: 'reservation_not_on_order', message: id })),
  );
export const holdsNotRefreshable = (why: string) =>
  conflict(`The line's holds cannot be refreshed: ${why}`, 'holds_not_refreshable');
export const orderFinished = (status: string) =>
  conflict(`The order is ${status}: its holds are final`, 'order_finished');
