import { INVOICING_ERRORS, INVOICING_UNLISTED_ERRORS } from '@stockyard/contracts';
import { errorMakers } from '@stockyard/service-kit';

/** Every error the invoicing service makes, by code; each code's type (its status) is the catalogue's. */
export const errors = errorMakers({ ...INVOICING_ERRORS, ...INVOICING_UNLISTED_ERRORS });
