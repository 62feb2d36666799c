import type { ReceivedRequest, TappedEvent } from '@stockyard/testkit';
import { deliveryIdFor } from '../../services/webhooks/src/domain/delivery';

interface EventTally {
  /** Distinct events of the name published on the exchange (copies of one id count once). */
  published: number;
  /** Distinct delivery ids the receiver got (one endpoint: one per event). */
  delivered: number;
  /** Deliveries beyond the first of each delivery id. */
  repeated: number;
}

/** Per event name: what was published and what the one endpoint received, by delivery id. */
export function tallyEvents(
  names: readonly string[],
  tapped: readonly TappedEvent[],
  received: readonly ReceivedRequest[],
): Record<string, EventTally> {
  const tally: Record<string, EventTally> = {};
  const byId = receiptsById(received);
  for (const name of names) {
    const published = new Set(tapped.filter((e) => e.name === name).map((e) => e.id)).size;
    const seen = [...byId.values()].filter((r) => r.event === name);
    const repeated = seen.reduce((sum, r) => sum + r.at.length - 1, 0);
    tally[name] = { published, delivered: seen.length, repeated };
  }
  return tally;
}

/** One delivery id as the receiver saw it: its event name and when each copy arrived. */
export interface Receipts {
  deliveryId: string;
  event: string;
  at: number[];
}

function receiptsById(received: readonly ReceivedRequest[]): Map<string, Receipts> {
  const byId = new Map<string, Receipts>();
  for (const { body, at } of received) {
    const { event, delivery_id: deliveryId } = body as { event: string; delivery_id: string };
    const entry = byId.get(deliveryId) ?? { deliveryId, event, at: [] };
    entry.at.push(at);
    byId.set(deliveryId, entry);
  }
  return byId;
}

/** Delivery ids the receiver got more than once, each with its arrival times. */
export const repeatedDeliveries = (received: readonly ReceivedRequest[]): Receipts[] =>
  [...receiptsById(received).values()].filter((r) => r.at.length > 1);

/**
 * Delivery ids the receiver got that are not the one id of a published event at `endpointId`:
 * an event delivered under a second id, a duplicate no receiver can see. Empty when each event
 * kept its id.
 */
export function strayDeliveries(
  names: readonly string[],
  tapped: readonly TappedEvent[],
  received: readonly ReceivedRequest[],
  endpointId: string,
): string[] {
  const expected = new Set(tapped.filter((e) => names.includes(e.name)).map((e) => deliveryIdFor(e.id, endpointId)));
  return [...receiptsById(received).keys()].filter((id) => !expected.has(id));
}
