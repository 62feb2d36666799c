import {
  CATALOG_API,
  GATEWAY_API,
  INVENTORY_API,
  INVOICING_API,
  ORDERS_API,
  PURCHASING_API,
  WEBHOOKS_API,
  type BoundRoute,
  type RouteSchemas,
} from '@stockyard/contracts';
import type { z } from 'zod';

/** Every built operation of the partner API by its operationId (the name its service binds it by). */
export const OPERATIONS = {
  ...GATEWAY_API,
  ...WEBHOOKS_API,
  ...PURCHASING_API,
  ...INVOICING_API,
  ...ORDERS_API,
  ...INVENTORY_API,
  ...CATALOG_API,
};
export type Operations = typeof OPERATIONS;
export type OperationId = keyof Operations;

type SchemasOf<K extends OperationId> = Operations[K] extends BoundRoute<infer S> ? S : RouteSchemas;
type In<T> = T extends z.ZodType ? z.input<T> : never;

/** What a call takes: the path parameters, query and body its route parses (as a client sends them). */
export type Input<K extends OperationId> = (SchemasOf<K>['params'] extends z.ZodType
  ? { params: In<SchemasOf<K>['params']> }
  : { params?: Record<string, string> }) &
  (SchemasOf<K>['query'] extends z.ZodType ? { query?: In<SchemasOf<K>['query']> } : { query?: never }) &
  (SchemasOf<K>['body'] extends z.ZodType ? { body: In<SchemasOf<K>['body']> } : { body?: never }) & {
    /** POST only: the key its retries share; one is made when omitted. */
    idempotencyKey?: string;
  };

/** What a call answers: its response schema's output, or nothing (204, a file). */
export type Output<K extends OperationId> = SchemasOf<K>['response'] extends z.ZodType
  ? z.output<SchemasOf<K>['response']>
  : undefined;
