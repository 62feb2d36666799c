// The kit's parts below a service's concern: its HTTP server plumbing, the consumer under a
// subscription, cursor encoding, address rules. For the kit's tests and the gateway, which is
// built from these rather than from composeService.
export { ConfigError } from './src/config';
export { answerClientErrors, createHttpServer, MAX_HEADER_BYTES } from './src/http/client-errors';
export { createServiceApp } from './src/http/app';
export { MAX_JSON_DEPTH } from './src/http/json-body';
export { pendingRoutes } from './src/http/pending-routes';
export { boundOn } from './src/http/bind-route';
export { startConsumer, type ConsumerOptions } from './src/events/consumer';
export { decodeCursor, encodeCursor, keysetAfter, pageWithNext, type Keyset } from './src/db/keyset';
export { nonPublicReason, isPublicAddress } from './src/net/ip-address';
export { serviceApp, assemble } from './src/service';
export { fromCursor } from './src/store/export-page';
export { RefusalLog } from './src/audit/refusal-log';
export { recordRefusals } from './src/audit/refusals';
