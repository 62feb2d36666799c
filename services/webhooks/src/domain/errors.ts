import { WEBHOOKS_ERRORS, WEBHOOKS_UNLISTED_ERRORS } from '@stockyard/contracts';
import { errorMakers } from '@stockyard/service-kit';

/** Every error the webhooks service makes, by code; each code's type (its status) is the catalogue's. */
export const errors = errorMakers({ ...WEBHOOKS_ERRORS, ...WEBHOOKS_UNLISTED_ERRORS });
