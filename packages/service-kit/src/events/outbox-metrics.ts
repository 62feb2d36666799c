import type { Collection } from 'mongoose';
import { gauge } from '../ops/metrics';

/** The collections of every relay running in this process (with how many relays), read when metrics are scraped. */
const watched = new Map<Collection, number>();

/** How many documents hold events not yet published, and since when the oldest has, by collection. */
async function readBacklog(collection: Collection): Promise<{ pending: number; oldestSeconds: number }> {
  const filter = { outboxPending: true };
  const [pending, oldest] = await Promise.all([
    collection.countDocuments(filter),
    collection.findOne(filter, { sort: { outboxAt: 1 }, projection: { outboxAt: 1 } }),
  ]);
  const at: unknown = oldest?.outboxAt;
  return { pending, oldestSeconds: at instanceof Date ? Math.max(0, (Date.now() - at.getTime()) / 1000) : 0 };
}

type Backlog = Map<string, { pending: number; oldestSeconds: number }>;

/** One read per scrape for both gauges (each collects itself): kept for a second. */
let last: { at: number; read: Promise<Backlog> } | undefined;
function backlogs(): Promise<Backlog> {
  if (last && Date.now() - last.at < 1000) return last.read;
  const read = Promise.all(
    [...watched.keys()].map(async (c) => {
      const found = await readBacklog(c).catch(() => ({ pending: -1, oldestSeconds: -1 }));
      return [c.collectionName, found] as const;
    }),
  ).then((entries) => new Map(entries));
  last = { at: Date.now(), read };
  return read;
}

gauge(
  'stockyard_outbox_backlog',
  'Documents whose outbox holds events not yet published, by collection (-1: the count failed)',
  ['collection'] as const,
  async function collect() {
    this.reset();
    for (const [collection, { pending }] of await backlogs()) this.set({ collection }, pending);
  },
);

gauge(
  'stockyard_outbox_oldest_age_seconds',
  'Age of the oldest document with unpublished events, by collection (0: none waiting)',
  ['collection'] as const,
  async function collect() {
    this.reset();
    for (const [collection, { oldestSeconds }] of await backlogs()) this.set({ collection }, oldestSeconds);
  },
);

/** Reports a relay's collections in the outbox metrics while it runs. */
export function watchOutboxes(collections: readonly Collection[], on: boolean): void {
  for (const collection of collections) {
    const relays = (watched.get(collection) ?? 0) + (on ? 1 : -1);
    if (relays > 0) watched.set(collection, relays);
    else watched.delete(collection);
  }
}
