import { conflict, notFound } from '@stockyard/service-kit';

/** The endpoint's error codes; the URL rule's (`webhook_url_*`) come from the kit's net/public-url.ts. */
export const endpointNotFound = () => notFound('webhook endpoint');
export const endpointDisabled = () =>
  conflict('the endpoint is disabled; re-enable it before replaying', 'webhook_endpoint_disabled');
