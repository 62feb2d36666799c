export { createClient, type Client, type ClientOptions } from './client';
export { ApiError } from './api-error';
export { OPERATIONS, type Input, type OperationId, type Output } from './operations';
// Receivers check a delivery's signature with the same function the API signs with.
export { verifyWebhook, WEBHOOK_HEADERS, type VerifyWebhookInput, type WebhookBody } from '@stockyard/contracts';
