import type { z } from 'zod';
import { EVENT_PAYLOADS, type EventEnvelope } from './events';
import { AUDIT_INTERNAL_EVENTS } from './audit';
import { CATALOG_INTERNAL_EVENTS } from './catalog-internal';
import { INVOICING_INTERNAL_EVENTS } from './invoicing-internal';
import { PURCHASING_INTERNAL_EVENTS } from './purchasing-internal';
import { CATALOG_VARIANT_EVENTS, INVENTORY_INTERNAL_EVENTS } from './stock-internal';

/**
 * Every event a service may publish or consume, public and internal, with its payload's
 * schema: the one table a consumer's payload is parsed by. An event not listed here cannot
 * be subscribed to.
 */
export const EVENT_SCHEMAS = {
  ...EVENT_PAYLOADS,
  ...CATALOG_VARIANT_EVENTS,
  ...CATALOG_INTERNAL_EVENTS,
  ...INVENTORY_INTERNAL_EVENTS,
  ...PURCHASING_INTERNAL_EVENTS,
  ...INVOICING_INTERNAL_EVENTS,
  ...AUDIT_INTERNAL_EVENTS,
} as const;

export type KnownEventName = keyof typeof EVENT_SCHEMAS;

/** Whether a name is in the registry, public or internal. */
export const isKnownEvent = (name: string): name is KnownEventName =>
  Object.prototype.hasOwnProperty.call(EVENT_SCHEMAS, name);
export type KnownEventPayload<N extends KnownEventName> = z.infer<(typeof EVENT_SCHEMAS)[N]>;

/** An envelope whose payload has been parsed by its schema (distributes over a union of names). */
export type TypedEvent<N extends KnownEventName> = N extends KnownEventName
  ? Omit<EventEnvelope, 'name' | 'payload'> & { name: N; payload: KnownEventPayload<N> }
  : never;

/** Parses an envelope's payload by its name's schema; throws (a zod error) when it does not match. */
export function parseEvent<N extends KnownEventName>(event: EventEnvelope, names: readonly N[]): TypedEvent<N> {
  const name = event.name as N;
  if (!names.includes(name)) throw new Error(`unexpected event ${event.name}`);
  const payload = EVENT_SCHEMAS[name].parse({ ...event.payload, orgId: event.orgId });
  return { ...event, name, payload } as unknown as TypedEvent<N>;
}
