/**
 * What one operation of a flow writes, counted rather than read from the code: every collection of
 * the stack's service databases is read before and after each step, once nothing has changed for a
 * moment. A document new after the step was inserted, one that differs was updated, one gone was
 * deleted. The gateway's database is left out: it records key use in timed batches, not per request.
 *
 * The after-read is taken before the outbox relay's delayed clear (OUTBOX_FOLD_MS, 5 s by default),
 * so documents keep their events as the write left them; the next step starts after that clear, so
 * no step is charged with its predecessor's clear (a tight writer folds it into its next write).
 */
import { sleep } from './figures';
import type { WriteProbe } from './flow-probe';
import { connect, mongoose, type MongoClient, type StoredDoc } from './store';

const { BSON } = mongoose.mongo;

/** How long after a step nothing may change before its writes are read (consumers in other services). */
const SETTLE_MS = 1000;
/** The kit's default OUTBOX_FOLD_MS, and a margin: when the relay has cleared what the step published. */
const FOLD_MS = 5000 + 1000;
const GAP_MS = 300;
const QUIET_TIMEOUT_MS = 30_000;

interface Stored {
  doc: StoredDoc;
  bytes: Buffer;
}
/** Documents by their `_id` (EJSON), by `service/collection`. */
type Snapshot = Map<string, Map<string, Stored>>;

export interface CollectionWrites {
  service: string;
  collection: string;
  inserted: StoredDoc[];
  updated: { before: StoredDoc; after: StoredDoc }[];
  deleted: StoredDoc[];
  /** BSON bytes of the documents as written (inserted, and updated as they ended). */
  bytes: number;
}

/** One operation: for each step, the collections it wrote. */
export type OperationWrites = CollectionWrites[][];

export interface IndexSpec {
  key: Record<string, unknown>;
  name: string;
  unique?: boolean;
  [option: string]: unknown;
}

export interface CountedFlow {
  units: number;
  operations: OperationWrites[];
  /** Each written collection's indexes as its service made them (listIndexes), by `service/collection`. */
  indexes: Map<string, IndexSpec[]>;
  /** Collections left out because they changed while nothing ran (timers, not the flow). */
  background: string[];
  /** Steps whose writes did not settle within 30 s (their counts may be short). */
  unsettled: number;
}

export const idKey = (id: unknown): string => BSON.EJSON.stringify({ id });

async function snapshot(client: MongoClient, databases: Record<string, string>): Promise<Snapshot> {
  const all: Snapshot = new Map();
  for (const [service, dbName] of Object.entries(databases)) {
    const db = client.db(dbName);
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
      if (name.startsWith('system.')) continue;
      const docs = await db.collection(name).find({}).toArray();
      const byId = docs.map((doc): [string, Stored] => [
        idKey(doc._id),
        { doc, bytes: Buffer.from(BSON.serialize(doc)) },
      ]);
      all.set(`${service}/${name}`, new Map(byId));
    }
  }
  return all;
}

function diff(before: Snapshot, after: Snapshot, skip: ReadonlySet<string> = new Set()): CollectionWrites[] {
  const writes: CollectionWrites[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (skip.has(key)) continue;
    const [service, collection] = key.split('/') as [string, string];
    const was = before.get(key) ?? new Map<string, Stored>();
    const now = after.get(key) ?? new Map<string, Stored>();
    const w: CollectionWrites = { service, collection, inserted: [], updated: [], deleted: [], bytes: 0 };
    for (const [id, doc] of now) {
      const old = was.get(id);
      if (old?.bytes.equals(doc.bytes)) continue;
      if (old) w.updated.push({ before: old.doc, after: doc.doc });
      else w.inserted.push(doc.doc);
      w.bytes += doc.bytes.length;
    }
    for (const [id, old] of was) if (!now.has(id)) w.deleted.push(old.doc);
    if (w.inserted.length + w.updated.length + w.deleted.length > 0) writes.push(w);
  }
  return writes;
}

/** Reads until two reads in a row agree and `minMs` have passed since `since`; gives up after 30 s. */
async function quiet(client: MongoClient, databases: Record<string, string>, since: number, minMs: number) {
  let last = await snapshot(client, databases);
  for (;;) {
    await sleep(GAP_MS);
    const next = await snapshot(client, databases);
    const still = diff(last, next).length === 0;
    last = next;
    if (still && performance.now() - since >= minMs) return { snapshot: next, settled: true };
    if (performance.now() - since > QUIET_TIMEOUT_MS) return { snapshot: next, settled: false };
  }
}

/** Runs the probe's operation (warm-ups, then the counted ones) and answers what each step wrote. */
export async function countWrites(mongoUrl: string, probe: WriteProbe): Promise<CountedFlow> {
  const databases = Object.fromEntries(Object.entries(probe.stack.databases).filter(([s]) => s !== 'gateway'));
  const client = await connect(mongoUrl);
  try {
    // Let the seeding's own events clear, then see what changes with nothing running.
    const idle = await quiet(client, databases, performance.now(), FOLD_MS);
    await sleep(2000);
    const background = new Set(
      diff(idle.snapshot, await snapshot(client, databases)).map((w) => `${w.service}/${w.collection}`),
    );
    let before = idle.snapshot;
    let unsettled = idle.settled ? 0 : 1;
    const operations: OperationWrites[] = [];
    const warmups = probe.warmups ?? 1;
    for (let op = 0; op < warmups + (probe.counted ?? 1); op++) {
      const steps: CollectionWrites[][] = [];
      for (const step of probe.steps) {
        await step();
        const done = performance.now();
        const after = await quiet(client, databases, done, SETTLE_MS);
        steps.push(diff(before, after.snapshot, background));
        const cleared = await quiet(client, databases, done, FOLD_MS);
        before = cleared.snapshot;
        unsettled += (after.settled ? 0 : 1) + (cleared.settled ? 0 : 1);
      }
      if (op >= warmups) operations.push(steps);
    }
    const indexes = await indexesOf(client, databases, operations);
    return { units: probe.units ?? 1, operations, indexes, background: [...background], unsettled };
  } finally {
    await client.close();
  }
}

async function indexesOf(client: MongoClient, databases: Record<string, string>, operations: OperationWrites[]) {
  const indexes = new Map<string, IndexSpec[]>();
  for (const w of operations.flat(2)) {
    const key = `${w.service}/${w.collection}`;
    if (indexes.has(key)) continue;
    const specs = await client.db(databases[w.service]).collection(w.collection).indexes();
    indexes.set(key, specs as IndexSpec[]);
  }
  return indexes;
}

/** Documents written per unit of the flow's rate, in all. */
export function writesPerUnit(flow: CountedFlow): number {
  const all = flow.operations.flat(2);
  const count = all.reduce((n, w) => n + w.inserted.length + w.updated.length + w.deleted.length, 0);
  return count / flow.operations.length / flow.units;
}

/** A count per unit: whole when it is, else three significant digits. */
const countText = (x: number) => (Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(3))));

/** A collection's writes per unit of the flow: "orders/holds 10 new, 10 updated (0.6 KiB each)". */
function collectionLine(key: string, writes: CollectionWrites[], per: number): string {
  const sum = (pick: (w: CollectionWrites) => number) => writes.reduce((t, w) => t + pick(w), 0);
  const inserted = sum((w) => w.inserted.length);
  const updated = sum((w) => w.updated.length);
  const deleted = sum((w) => w.deleted.length);
  const kinds = [
    inserted > 0 && `${countText(inserted / per)} new`,
    updated > 0 && `${countText(updated / per)} updated`,
    deleted > 0 && `${countText(deleted / per)} deleted`,
  ].filter(Boolean);
  const size =
    inserted + updated > 0 ? ` (${(sum((w) => w.bytes) / (inserted + updated) / 1024).toFixed(1)} KiB each)` : '';
  return `${key} ${kinds.join(', ')}${size}`;
}

/** Lines saying what a unit of the flow writes: per step, each collection's documents and their size. */
export function describeWrites(flow: CountedFlow): string[] {
  const per = flow.operations.length * flow.units;
  const steps = flow.operations[0]?.length ?? 0;
  return Array.from({ length: steps }, (_, s) => {
    const byCollection = new Map<string, CollectionWrites[]>();
    for (const op of flow.operations)
      for (const w of op[s] ?? []) {
        const key = `${w.service}/${w.collection}`;
        byCollection.set(key, [...(byCollection.get(key) ?? []), w]);
      }
    const parts = [...byCollection].sort(([a], [b]) => a.localeCompare(b)).map(([k, ws]) => collectionLine(k, ws, per));
    const total = [...byCollection.values()]
      .flat()
      .reduce((n, w) => n + w.inserted.length + w.updated.length + w.deleted.length, 0);
    return `step ${s + 1}, ${countText(total / per)} documents: ${parts.join('; ') || 'nothing'}`;
  });
}
