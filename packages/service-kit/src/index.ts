// What a service uses. The kit's own parts that only the kit, its tests and the gateway's
// plumbing reach are in `@stockyard/service-kit/internals` (packages/service-kit/internals.ts).
export { baseServiceEnv, loadConfig, parseConfig, type BaseServiceConfig } from './config';
export { createLogger, type Logger } from './logger';
export { AppError, notFound, conflict, unprocessable } from './errors';
export { errorMakers, type ErrorMaker, type ErrorMakers } from './error-makers';
export {
  inKeyedRequest,
  isKeyedRerun,
  keyedPart,
  newId,
  newIdSeed,
  randomBase62,
  randomId,
  unkeyed,
  withKeyedIds,
} from './ids';
export { runMain, serve, type ServeOptions } from './lifecycle';
export { probeRoutes, processState, type ProbeChecks, type ReadinessCheck } from './ops/probes';
export { counter, gauge, histogram, metricsRegistry, serveMetrics, startProcessMetrics } from './ops/metrics';
export { httpMetrics, nameRoute, observeRequest } from './ops/http-metrics';
export { startOperations, type Operations } from './ops/operations';
export { stopTracing } from './ops/tracing';
export { currentTraceparent, inTraceOf, SpanKind, SpanStatusCode, withSpan, type Span } from './ops/trace-context';
export { connectMongo, pingMongo, isDuplicateKeyError, findOwned } from './db/mongo';
export { orgIdOf, requestIdFrom, requestId, requireIdentity } from './http/context';
export { bodyOf, queryOf, parse } from './http/validate';
export { jsonBody } from './http/json-body';
export { setNextLink } from './http/next-link';
export { idempotency, idempotencyInProgress } from './http/idempotency';
export { validatePathIds } from './http/path-ids';
export * from './http/error-handler';
export { bindRoute, type RouteHandler, type RouteInput, type RouteOutput } from './http/bind-route';
export { bindInternal } from './http/bind-internal';
export { Broker, type BrokerOptions, type QueueType } from './events/broker';
export { newEvent, outboxFields, outboxOf } from './events/outbox';
export { OutboxRelay } from './events/outbox-relay';
export { type Consumer, type EventCopy } from './events/consumer';
export { subscription, subscribe, type Subscription, type AnySubscription } from './events/subscription';
export { BroadcastCache } from './events/broadcast-cache';
export { documentLocks, documentKey, KeyedMutex } from './db/document-lock';
export { InsertBatcher } from './db/insert-batcher';
export { insertAbsent, replaceAll } from './db/replace-all';
export { RecentMap } from './recent-map';
export { RecentWork } from './recent-work';
export { PeriodicPass } from './periodic-pass';
export { AggregateStore, type Aggregate, type Decision, type Decide, type Changed } from './store/aggregate-store';
export type { Projection } from './store/projection';
export { TermIndex, type TermIndexOptions } from './store/term-index';
export {
  SearchIndex,
  searchKey,
  searchText,
  termRows,
  wordStarts,
  wordStartPattern,
  type SearchHits,
} from './store/search-index';
export { countOwned, readPage, stateOf, type OrgFilter, type PageRead, type StatePage } from './store/read-page';
export { UniqueClaims, type UniqueClaimsOptions } from './store/unique-claims';
export type { UniqueValuesOption } from './store/unique-values';
export { NumberSequence } from './store/number-sequence';
export { StateTable, stateTable, type Transitions } from './domain/state-table';
export * from './service';
export { runService } from './service-main';
export { pendingService } from './pending-service';
export {
  assertPublicAddresses,
  checkPublicUrl,
  hostAllowlist,
  parsePublicUrl,
  type PublicUrlTarget,
  type Resolver,
  type UrlPolicy,
  type UrlRules,
} from './net/public-url';
export { publicOnlyLookup } from './net/public-only-lookup';
export { resolveHost } from './net/dns-resolver';
export { callPeer, dependencyUnavailable, peerOptions, refusalOf } from './peers';
