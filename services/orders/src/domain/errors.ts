import { ORDERS_ERRORS, ORDERS_UNLISTED_ERRORS } from '@stockyard/contracts';
import { errorMakers } from '@stockyard/service-kit';

/** Every error the orders service makes, by code; each code's type (its status) is the catalogue's. */
export const errors = errorMakers({ ...ORDERS_ERRORS, ...ORDERS_UNLISTED_ERRORS });
