import { notFound } from '@stockyard/service-kit';
import { errors } from './errors';

/** The endpoint's error codes; the URL rule's (`webhook_url_*`) come from the kit's net/public-url.ts. */
export const endpointNotFound = () => notFound('webhook endpoint');
export const endpointDisabled = () =>
  errors.webhook_endpoint_disabled('the endpoint is disabled; re-enable it before replaying');
