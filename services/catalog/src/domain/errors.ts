import { CATALOG_ERRORS, CATALOG_UNLISTED_ERRORS, GENERIC_ERRORS } from '@stockyard/contracts';
import { errorMakers } from '@stockyard/service-kit';

/**
 * Every error the catalog service makes, by code; each code's type (its status) is the catalogue's.
 * Two generic codes it makes itself as well: a cursor no page gave (`validation_failed`) and a
 * storefront request whose identity names no channel (`wrong_key_type`).
 */
export const errors = errorMakers({
  ...CATALOG_ERRORS,
  ...CATALOG_UNLISTED_ERRORS,
  validation_failed: GENERIC_ERRORS.validation_failed,
  wrong_key_type: GENERIC_ERRORS.wrong_key_type,
});
