import { GENERIC_ERRORS, WEBHOOKS_ERRORS, WEBHOOKS_UNLISTED_ERRORS } from '@stockyard/contracts';
import { errorMakers } from '@stockyard/service-kit';

/**
 * Every error the webhooks service makes, by code; each code's type (its status) is the catalogue's.
 * One generic code it makes itself as well: an export of a resource the key may not read
 * (`missing_permission`, as the gateway words it for a route's own permission).
 */
export const errors = errorMakers({
  ...WEBHOOKS_ERRORS,
  ...WEBHOOKS_UNLISTED_ERRORS,
  missing_permission: GENERIC_ERRORS.missing_permission,
});
