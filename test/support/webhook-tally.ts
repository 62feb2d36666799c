import type { ReceivedRequest, TappedEvent } from '@stockyard/testkit';

export interface EventTally {
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
  for (const name of names) {
    const published = new Set(tapped.filter((e) => e.name === name).map((e) => e.id)).size;
    const seen = new Map<string, number>();
    for (const { body } of received) {
      const { event, delivery_id } = body as { event: string; delivery_id: string };
      if (event === name) seen.set(delivery_id, (seen.get(delivery_id) ?? 0) + 1);
    }
    const repeated = [...seen.values()].reduce((sum, count) => sum + count - 1, 0);
    tally[name] = { published, delivered: seen.size, repeated };
  }
  return tally;
}
