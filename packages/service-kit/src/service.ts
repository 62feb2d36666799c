import type { ServiceName } from '@stockyard/contracts';
import type { Express, Router } from 'express';
import type { Collection, Connection } from 'mongoose';
import type { z } from 'zod';
import type { BaseServiceConfig } from './config';
import { pingMongo } from './db/mongo';
import type { Broker } from './events/broker';
import type { Consumer } from './events/consumer';
import { OutboxRelay, type LocalHandler, type RelayOptions } from './events/outbox-relay';
import { subscribe, type AnySubscription } from './events/subscription';
import { createServiceApp } from './http/app';
import type { Logger } from './logger';

/** What a service is built from: its validated config and its connections. */
export interface ServiceContext<C extends BaseServiceConfig = BaseServiceConfig> {
  config: C;
  connection: Connection;
  broker: Broker;
  logger: Logger;
}

/** Something started with the service and stopped with it (a cache, a worker). */
export interface Part {
  start(): Promise<void> | void;
  stop?(): Promise<void> | void;
}

/** What a service's `buildApp` puts together. */
interface ServiceParts<D> {
  app: Express;
  /** The service's dependencies (tests reach in through them). */
  deps: D;
  /** Its outbox relay, started after the consumers and stopped after them. */
  relay?: OutboxRelay;
  subscriptions?: AnySubscription[];
  /** Started before the consumers, stopped after the relay. */
  parts?: Part[];
}

export interface RunningService<D> {
  app: Express;
  deps: D;
  readonly consumers: readonly Consumer[];
  /** Every queue the service declared (operators, test clean-up). */
  readonly queues: readonly string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceDefinition<C extends BaseServiceConfig, D> {
  name: string;
  configSchema: z.ZodType<C>;
  build(ctx: ServiceContext<C>): RunningService<D>;
}

/** Declares a service for `runService` and the test harness (keeps the types inferred). */
export const defineService = <C extends BaseServiceConfig, D>(definition: ServiceDefinition<C, D>) => definition;

/** The relay's settings, from the environment every service reads. */
const relayOptions = (config: BaseServiceConfig): RelayOptions => ({
  intervalMs: config.OUTBOX_INTERVAL_MS,
  eager: config.OUTBOX_EAGER,
  foldWaitMs: config.OUTBOX_FOLD_MS,
});

/**
 * The outbox relay of a service's aggregates: each aggregate store adds its collection and its
 * projections' events; `models` and `local` name more (collections written without a store,
 * internal events of the service's own).
 */
export const outboxRelay = (
  { config, broker, logger }: ServiceContext,
  models: { collection: Collection }[] = [],
  local?: Record<string, LocalHandler>,
) =>
  new OutboxRelay(
    models.map((m) => m.collection),
    broker,
    logger,
    { ...relayOptions(config), local },
  );

/** The express app of a domain service: partner routes under /api/v1, internal ones under /internal/v1. */
export const serviceApp = (
  { config, connection, broker, logger }: ServiceContext,
  routes: {
    api: (router: Router) => void;
    internal?: (router: Router) => void;
    service?: ServiceName;
    /** The service's relay: refused changes are recorded in the audit trail through it. */
    relay?: OutboxRelay;
  },
) =>
  createServiceApp({
    logger,
    identitySecret: config.IDENTITY_SECRET,
    connection,
    readiness: { mongo: () => pingMongo(connection), broker: () => broker.check() },
    ...routes,
  });

/**
 * The start and stop every service does: indexes, parts, consumers, relay; and the
 * reverse. In-flight messages settle before the relay stops, so their events still leave.
 */
export function assemble<D>(
  ctx: ServiceContext,
  { app, deps, relay, subscriptions = [], parts = [] }: ServiceParts<D>,
) {
  const consumers: Consumer[] = [];
  const running: RunningService<D> = {
    app,
    deps,
    consumers,
    get queues() {
      return consumers.flatMap((c) => c.queues);
    },
    async start() {
      await Promise.all(Object.values(ctx.connection.models).map((m) => m.init()));
      for (const part of parts) await part.start();
      for (const s of subscriptions) consumers.push(await subscribe(ctx.broker, ctx.connection, ctx.logger, s));
      relay?.start();
    },
    async stop() {
      await Promise.all(consumers.map((c) => c.stop()));
      await relay?.stop();
      for (const part of [...parts].reverse()) await part.stop?.();
    },
  };
  return running;
}
