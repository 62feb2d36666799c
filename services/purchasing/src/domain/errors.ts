import { PURCHASING_ERRORS, PURCHASING_UNLISTED_ERRORS } from '@stockyard/contracts';
import { errorMakers } from '@stockyard/service-kit';

/** Every error the purchasing service makes, by code; each code's type (its status) is the catalogue's. */
export const errors = errorMakers({ ...PURCHASING_ERRORS, ...PURCHASING_UNLISTED_ERRORS });
