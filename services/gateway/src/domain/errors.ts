import { GATEWAY_ERRORS, GATEWAY_UNLISTED_ERRORS, GENERIC_ERRORS } from '@stockyard/contracts';
import { errorMakers } from '@stockyard/service-kit';

/** Every error the gateway makes, by code; each code's type (its status) is the catalogue's. */
export const errors = errorMakers({ ...GENERIC_ERRORS, ...GATEWAY_ERRORS, ...GATEWAY_UNLISTED_ERRORS });
