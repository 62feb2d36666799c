import { GENERIC_ERRORS, INVENTORY_ERRORS, INVENTORY_UNLISTED_ERRORS } from '@stockyard/contracts';
import { errorMakers } from '@stockyard/service-kit';

/**
 * Every error the inventory service makes, by code; each code's type (its status) is the catalogue's.
 * One generic code it makes itself as well: a reorder-levels cursor no page gave (`validation_failed`).
 */
export const errors = errorMakers({
  ...INVENTORY_ERRORS,
  ...INVENTORY_UNLISTED_ERRORS,
  validation_failed: GENERIC_ERRORS.validation_failed,
});
