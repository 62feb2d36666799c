// What a domain service is made of: its definition and run, its aggregates and their store, its
// routes, its peers, its events, its errors. The rest is behind subpaths (package.json `exports`):
// `/ops` (config, logger, metrics, probes, tracing, serving), `/http` (request plumbing), `/events`
// (the broker), `/store` (lower-level storage helpers), `/search`, `/ids` (keyed ids), `/net`
// (public-URL rules), `/internals` (the gateway's and the kit tests' plumbing), `/tracing`.
export type { Logger } from './logger';
export { AppError, notFound } from './errors';
export { errorMakers } from './error-makers';
export { baseServiceEnv } from './config';
export { newId } from './ids';
export { defineService, outboxRelay, type ServiceContext, type Part } from './service';
export { composeService, type ServiceModule } from './service-module';
export { runService } from './service-main';
export { bindRoute } from './http/bind-route';
export { bindInternal } from './http/bind-internal';
export { callPeer, dependencyUnavailable, peerOptions } from './peers';
export { AggregateStore, type Aggregate, type Decision } from './store/aggregate-store';
export type { Projection } from './store/projection';
export { TermIndex } from './store/term-index';
export { ListRows } from './store/list-rows';
export { countOwned, readPage, stateOf, type OrgFilter, type StatePage } from './store/read-page';
export { findOwned, isDuplicateKeyError } from './db/mongo';
export { UniqueClaims } from './store/unique-claims';
export { stateTable } from './domain/state-table';
export { PeriodicPass } from './periodic-pass';
export { newEvent, outboxFields } from './events/outbox';
export { OutboxRelay } from './events/outbox-relay';
export { subscription } from './events/subscription';
export type { EventCopy } from './events/consumer';
export { BroadcastCache } from './events/broadcast-cache';
